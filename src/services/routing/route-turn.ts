import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import type { HandoffReason } from "../../schemas/orchestration";
import type { AppDeps } from "../context";

/**
 * FIXED SIGNATURE (issue 18 foundation; the routing engine fills it in): which agent answers this
 * turn. Without an active orchestration whose entry point is `entryAgent`, the entry agent answers
 * and nothing is written.
 */
export type RouteInput = { entryAgent: AgentRow; place: TurnPlace; text: string };
export type RouteOutcome = {
  agent: AgentRow;
  /** On the turn of a transfer: the summary and the customer's data for the receiving agent. */
  transferContext: string | null;
  toPerson: { reason: HandoffReason; note: string; confidence: number | null } | null;
  /** Set when the conversation's active agent changes (null = the entry agent again). */
  activeAgentChange: { activeAgentId: string | null } | null;
  decisionId: string | null;
};

export async function routeTurn(_deps: AppDeps, input: RouteInput): Promise<RouteOutcome> {
  return { agent: input.entryAgent, transferContext: null, toPerson: null, activeAgentChange: null, decisionId: null };
}
