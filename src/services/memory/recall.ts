import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import type { AppDeps } from "../context";

/**
 * FIXED SIGNATURE (issue 18 foundation; the memory service fills it in): what this customer told
 * in earlier conversations on any channel (contact memories, the last summary), as a short text
 * for the model; null when nothing is known or the agent's memory switch is off.
 */
export async function recallForTurn(_deps: AppDeps, _input: { agent: AgentRow; place: TurnPlace }): Promise<string | null> {
  return null;
}
