import type { HandoffContext, HandoffReason } from "../../schemas/orchestration";
import type { AppDeps } from "../context";

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

export async function requestHumanHandoff(_deps: AppDeps, _req: HumanHandoffRequest): Promise<{ handoffId: string | null; created: boolean }> {
  return { handoffId: null, created: false };
}
