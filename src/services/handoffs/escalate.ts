import { and, eq } from "drizzle-orm";
import { conversations, handoffs } from "../../../db/schema";
import { publishLive } from "../../lib/live-events";
import { HANDOFF_MESSAGE } from "../../runtime/turn";
import type { HandoffReason } from "../../schemas/orchestration";
import type { AppDeps } from "../context";
import { requestHumanHandoff } from "./request";
import { tellCustomer } from "./tell";

/**
 * FIXED SIGNATURE (issue 18 foundation; the handoffs service fills it in): hands a conversation to
 * a person from outside a reply turn (a sentiment alert, say): the customer is told on their
 * channel, the AI goes silent, a pending handoff notifies the workspace. A conversation already
 * with a person is left as it is.
 */
export async function escalateToPerson(
  deps: AppDeps,
  input: { workspaceId: string; conversationId: string; reason: HandoffReason; notes: string; confidence?: number | null },
): Promise<{ handoffId: string | null }> {
  const [conv] = await deps.db
    .select({ handledBy: conversations.handledBy, connectionId: conversations.connectionId, agentId: conversations.agentId, activeAgentId: conversations.activeAgentId })
    .from(conversations)
    .where(and(eq(conversations.id, input.conversationId), eq(conversations.workspaceId, input.workspaceId)))
    .limit(1);
  if (!conv) return { handoffId: null };
  if (conv.handledBy === "human") {
    // Already with a person (or waiting for one): nothing changes; the pending handoff, if any, is the answer.
    const [pending] = await deps.db
      .select({ id: handoffs.id })
      .from(handoffs)
      .where(and(eq(handoffs.conversationId, input.conversationId), eq(handoffs.status, "pending")))
      .limit(1);
    return { handoffId: pending?.id ?? null };
  }
  const onChannel = conv.connectionId !== null;
  if (onChannel) await tellCustomer(deps, input.conversationId, HANDOFF_MESSAGE, "handoff");
  // The web chat has no person to hand to: it is only flagged for the team.
  await deps.db
    .update(conversations)
    .set(onChannel ? { handledBy: "human", aiPausedUntil: null, needsHumanSupport: true, updatedAt: deps.now() } : { needsHumanSupport: true, updatedAt: deps.now() })
    .where(eq(conversations.id, input.conversationId));
  const res = await requestHumanHandoff(deps, {
    workspaceId: input.workspaceId,
    conversationId: input.conversationId,
    fromAgentId: conv.activeAgentId ?? conv.agentId,
    reason: input.reason,
    confidence: input.confidence ?? null,
    notes: input.notes,
  });
  publishLive({ workspaceId: input.workspaceId, conversationId: input.conversationId, kind: "conversation" });
  return { handoffId: res.handoffId };
}
