import type { HandoffReason } from "../../schemas/orchestration";
import type { AppDeps } from "../context";

/**
 * FIXED SIGNATURE (issue 18 foundation; the handoffs service fills it in): hands a conversation to
 * a person from outside a reply turn (a sentiment alert, say): the customer is told on their
 * channel, the AI goes silent, a pending handoff notifies the workspace. A conversation already
 * with a person is left as it is.
 */
export async function escalateToPerson(
  _deps: AppDeps,
  _input: { workspaceId: string; conversationId: string; reason: HandoffReason; notes: string; confidence?: number | null },
): Promise<{ handoffId: string | null }> {
  return { handoffId: null };
}
