import { and, eq, isNotNull, lte } from "drizzle-orm";
import { conversations, handoffs } from "../../../db/schema";
import { publishLive } from "../../lib/live-events";
import { STILL_WAITING_MESSAGE } from "../../schemas/handoffs";
import type { AppDeps } from "../context";
import { withTransaction } from "../context";
import type { Job } from "../jobs";
import { handoffSettingsOf } from "./settings";
import { tellCustomer } from "./tell";

import { scheduleHandoffTimeout } from "./request";

export { HANDOFF_TIMEOUT_JOB } from "./request";

/**
 * Nobody accepted a handoff by its expiresAt (deps.now() past it). resume_ai: it expires, the AI
 * tells the customer the workspace's timeout message and answers again. keep_waiting: it stays
 * pending with no expiry and the customer is told once that they are still in line. A handoff
 * accepted or ended meanwhile is left alone, so a late or repeated run changes nothing.
 */
export async function expireHandoff(deps: AppDeps, handoffId: string): Promise<Record<string, unknown>> {
  const [h] = await deps.db.select().from(handoffs).where(eq(handoffs.id, handoffId)).limit(1);
  if (!h) return { skipped: "handoff gone" };
  const now = deps.now();
  if (h.status !== "pending" || h.expiresAt === null) return { skipped: h.status };
  if (h.expiresAt > now) {
    // Run early (another clock): checked again at its time.
    await scheduleHandoffTimeout(deps, { id: h.id, workspaceId: h.workspaceId, expiresAt: h.expiresAt });
    return { skipped: "not yet" };
  }
  const settings = await handoffSettingsOf(deps.db, h.workspaceId);
  const due = and(eq(handoffs.id, h.id), eq(handoffs.status, "pending"), isNotNull(handoffs.expiresAt), lte(handoffs.expiresAt, now));
  const live = () => publishLive({ workspaceId: h.workspaceId, conversationId: h.conversationId, kind: "handoff" });
  if (settings.onTimeout === "keep_waiting") {
    const kept = await deps.db.update(handoffs).set({ expiresAt: null, updatedAt: now }).where(due).returning({ id: handoffs.id });
    if (!kept.length) return { skipped: "moved meanwhile" };
    const told = await tellCustomer(deps, h.conversationId, STILL_WAITING_MESSAGE, "handoff_waiting");
    live();
    return { kept: true, told };
  }
  const expired = await withTransaction(deps.db, async (tx) => {
    const rows = await tx.update(handoffs).set({ status: "expired", updatedAt: now }).where(due).returning({ id: handoffs.id });
    if (!rows.length) return false;
    // The AI answers again only if no person took the conversation some other way meanwhile.
    await tx
      .update(conversations)
      .set({ handledBy: "ai", aiPausedUntil: null, needsHumanSupport: false, updatedAt: now })
      .where(and(eq(conversations.id, h.conversationId), eq(conversations.workspaceId, h.workspaceId)));
    return true;
  });
  if (!expired) return { skipped: "moved meanwhile" };
  const told = await tellCustomer(deps, h.conversationId, settings.timeoutMessage, "handoff_timeout");
  live();
  publishLive({ workspaceId: h.workspaceId, conversationId: h.conversationId, kind: "conversation" });
  return { expired: true, told };
}

export const runHandoffTimeout = (deps: AppDeps, job: Job) => expireHandoff(deps, String(job.data.handoffId ?? ""));
