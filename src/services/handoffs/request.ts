import { and, desc, eq } from "drizzle-orm";
import { conversations, handoffs, messages } from "../../../db/schema";
import { log } from "../../lib/logger";
import type { HandoffContext, HandoffReason } from "../../schemas/orchestration";
import type { AppDeps } from "../context";
import { withTransaction } from "../context";
import { enqueueJob } from "../jobs";
import { notifyHandoff } from "./notify";
import { handoffSettingsOf } from "./settings";
import { HANDOFF_TIMEOUT_JOB } from "../../jobs/job-types";

/** The durable accept timeout of one pending handoff (src/jobs/runner.ts runs it at expiresAt). */
export { HANDOFF_TIMEOUT_JOB };

/**
 * FIXED SIGNATURE (issue 18 foundation; the handoffs service fills it in): a handoff of a
 * conversation to a person. Idempotent per conversation: a pending one is returned, not doubled.
 * It notifies the workspace and schedules the accept timeout. The caller has already set the
 * conversation to a person (handledBy human) and told the customer.
 */
export type HumanHandoffRequest = {
  workspaceId: string;
  conversationId: string;
  fromAgentId: string | null;
  reason: HandoffReason;
  confidence?: number | null;
  notes?: string | null;
  context?: HandoffContext;
};

/** Schedules (once per handoff) the check that runs when nobody accepted it in time. */
export async function scheduleHandoffTimeout(deps: AppDeps, h: { id: string; workspaceId: string; expiresAt: number }) {
  await enqueueJob(
    deps.db,
    { type: HANDOFF_TIMEOUT_JOB, data: { handoffId: h.id }, dedupeKey: `handoff-timeout:${h.id}`, runAfter: h.expiresAt, maxAttempts: 5, workspaceId: h.workspaceId },
    deps.now(),
  );
}

export async function requestHumanHandoff(deps: AppDeps, req: HumanHandoffRequest): Promise<{ handoffId: string | null; created: boolean }> {
  const [conv] = await deps.db
    .select({ clientName: conversations.clientName, clientPhone: conversations.clientPhone, clientEmail: conversations.clientEmail })
    .from(conversations)
    .where(and(eq(conversations.id, req.conversationId), eq(conversations.workspaceId, req.workspaceId)))
    .limit(1);
  if (!conv) return { handoffId: null, created: false };
  const settings = await handoffSettingsOf(deps.db, req.workspaceId);
  const [last] = await deps.db
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, req.conversationId), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  const now = deps.now();
  const context: HandoffContext = {
    ...(req.context ?? {}),
    summary: req.context?.summary ?? null,
    customer: req.context?.customer ?? { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail },
    lastCustomerMessage: req.context?.lastCustomerMessage ?? last?.content ?? null,
  };
  const expiresAt = now + settings.acceptTimeoutMinutes * 60_000;
  // One immediate transaction: two requests racing for the same conversation see each other's row.
  const outcome = await withTransaction(deps.db, async (tx) => {
    const [pending] = await tx
      .select({ id: handoffs.id })
      .from(handoffs)
      .where(and(eq(handoffs.conversationId, req.conversationId), eq(handoffs.status, "pending")))
      .limit(1);
    if (pending) return { id: pending.id, created: false };
    const [row] = await tx
      .insert(handoffs)
      .values({
        workspaceId: req.workspaceId,
        conversationId: req.conversationId,
        fromType: "agent",
        fromAgentId: req.fromAgentId,
        toType: "human",
        reason: req.reason,
        confidenceScore: req.confidence ?? null,
        notes: req.notes ?? null,
        context,
        status: "pending",
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: handoffs.id });
    return { id: row?.id ?? null, created: true };
  });
  if (!outcome.id || !outcome.created) return { handoffId: outcome.id, created: false };
  try {
    await scheduleHandoffTimeout(deps, { id: outcome.id, workspaceId: req.workspaceId, expiresAt });
  } catch (err) {
    log.warn("handoff timeout not scheduled", { handoffId: outcome.id, error: err instanceof Error ? err.message : String(err) });
  }
  await notifyHandoff(deps, settings, {
    workspaceId: req.workspaceId,
    conversationId: req.conversationId,
    handoffId: outcome.id,
    reason: req.reason,
    clientName: conv.clientName,
    notes: req.notes ?? null,
    lastCustomerMessage: context.lastCustomerMessage ?? null,
  });
  return { handoffId: outcome.id, created: true };
}
