/**
 * When a conversation gets its summary (issue 18): when it is resolved (by a person, or closed on
 * the interaction limit) and when it goes quiet for SUMMARY_IDLE_MINUTES. One pending job per
 * conversation (its dedupe key); a newer customer message moves the pending one later.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { jobs, messages } from "../../../db/schema";
import { log } from "../../lib/logger";
import { SUMMARY_IDLE_MINUTES } from "../../schemas/memory";
import type { AppDeps } from "../context";
import { type Job, enqueueJob } from "../jobs";
import { summarizeConversation } from "./summarize";
import { CONVERSATION_SUMMARY_JOB } from "../../jobs/job-types";

export { CONVERSATION_SUMMARY_JOB };
const IDLE_MS = SUMMARY_IDLE_MINUTES * 60_000;

export type SummaryJobData = {
  workspaceId: string;
  conversationId: string;
  reason: "idle" | "resolved";
  /** Idle only: the customer message it was scheduled after; a newer one means not idle. */
  lastCustomerMessageId: string | null;
};

/** Queues (or moves) the conversation's summary job. Never throws: a summary is not worth failing the caller. */
export async function scheduleConversationSummary(db: Db, data: SummaryJobData, now: number): Promise<void> {
  const runAfter = data.reason === "idle" ? now + IDLE_MS : now;
  const dedupeKey = `summary:${data.conversationId}`;
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      const job = await enqueueJob(db, { type: CONVERSATION_SUMMARY_JOB, data, workspaceId: data.workspaceId, dedupeKey, runAfter, maxAttempts: 3 }, now);
      const d = job.data as Partial<SummaryJobData>;
      if (job.runAfter === runAfter && d.reason === data.reason && d.lastCustomerMessageId === data.lastCustomerMessageId) return;
      // The pending one is moved (postponePendingJob's rule: only while still pending).
      const moved = await db
        .update(jobs)
        .set({ runAfter, data })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "pending")))
        .returning({ id: jobs.id });
      if (moved.length) return;
    }
  } catch (err) {
    log.warn("conversation summary not scheduled", { conversationId: data.conversationId, error: String(err) });
  }
}

/** The idle job: nothing when the customer wrote again (a newer job covers it) or the quiet time has not passed. */
export async function runConversationSummaryJob(deps: AppDeps, job: Job): Promise<Record<string, unknown>> {
  const data = job.data as SummaryJobData;
  if (data.reason === "idle") {
    const [newest] = await deps.db
      .select({ id: messages.id, sentAt: messages.sentAt })
      .from(messages)
      .where(and(eq(messages.conversationId, data.conversationId), eq(messages.senderType, "customer")))
      .orderBy(desc(messages.id))
      .limit(1);
    if (!newest) return { skipped: "no messages" };
    if (data.lastCustomerMessageId && newest.id !== data.lastCustomerMessageId) return { skipped: "newer message" };
    if (newest.sentAt + IDLE_MS > deps.now()) return { skipped: "not idle yet" };
  }
  const out = await summarizeConversation(deps, { workspaceId: data.workspaceId, conversationId: data.conversationId, reason: data.reason, honourSwitch: true });
  return { kind: out.kind, summaryId: out.summary?.id ?? null };
}
