import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import type { AppDeps } from "../context";

/**
 * FIXED SIGNATURE (issue 18 foundation; the A/B tests service fills it in): the variant of the
 * agent's running test this contact is stuck to (assigned on first sight), as the agent with the
 * variant's overrides applied; null when no test runs for this agent and channel.
 */
export async function variantForTurn(_deps: AppDeps, _input: { agent: AgentRow; place: TurnPlace }): Promise<{ agent: AgentRow; testId: string; variantId: string } | null> {
  return null;
}
