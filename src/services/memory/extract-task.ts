import type { AppDeps } from "../context";
import type { TurnInsightsData } from "../insights/after-turn";

/**
 * FIXED SIGNATURE (issue 18 foundation; the memory service fills it in): durable facts the
 * customer told in this turn's messages, stored on their contact; also (re)schedules the idle
 * summary of the conversation.
 */
export async function extractTurnMemories(_deps: AppDeps, _data: TurnInsightsData): Promise<Record<string, unknown>> {
  return { skipped: "not built yet" };
}
