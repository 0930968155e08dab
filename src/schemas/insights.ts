import { z } from "zod";

/**
 * Conversation insights (issue 18): the per-agent switches of the features that make extra model
 * calls, and the shapes shared by sentiment, alerts, summaries, memory and tags.
 */

/**
 * Each feature can be switched off per agent (agents.ai_features). Online they cost credits
 * (their own action in the statement); offline they run on the pt-BR lexicon/patterns for free.
 */
export const agentAiFeatures = z.object({
  sentiment: z.boolean().default(true),
  alerts: z.boolean().default(true),
  memory: z.boolean().default(true),
  summaries: z.boolean().default(true),
  autoTags: z.boolean().default(true),
});
export type AgentAiFeatures = z.infer<typeof agentAiFeatures>;
export const defaultAgentAiFeatures: AgentAiFeatures = { sentiment: true, alerts: true, memory: true, summaries: true, autoTags: true };
export const AI_FEATURE_LABEL: Record<keyof AgentAiFeatures, string> = {
  sentiment: "Análise de sentimento",
  alerts: "Alertas de sentimento",
  memory: "Memória do cliente",
  summaries: "Resumos de conversa",
  autoTags: "Etiquetas automáticas",
};
/** A stored row may predate a switch: missing ones are on. */
export const aiFeaturesOf = (stored: Partial<AgentAiFeatures> | null | undefined): AgentAiFeatures => ({ ...defaultAgentAiFeatures, ...(stored ?? {}) });

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_LABEL: Record<Sentiment, string> = { positive: "Positivo", neutral: "Neutro", negative: "Negativo" };
export const URGENCY_LEVELS = ["low", "medium", "high"] as const;
export type Urgency = (typeof URGENCY_LEVELS)[number];

/** SPEC §9: an alert rule does not fire again for the same conversation within this time. */
export const DEFAULT_ALERT_COOLDOWN_MINUTES = 30;
