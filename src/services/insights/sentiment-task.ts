import type { AppDeps } from "../context";
import type { TurnInsightsData } from "./after-turn";

/**
 * FIXED SIGNATURE (issue 18 foundation; the insights service fills it in): sentiment of each
 * customer message of the turn (model online, pt-BR lexicon offline), the daily metrics, the alert
 * rules (30-minute cooldown, optional handoff) and the conversation's automatic tags.
 */
export async function analyzeTurnSentiment(_deps: AppDeps, _data: TurnInsightsData): Promise<Record<string, unknown>> {
  return { skipped: "not built yet" };
}
