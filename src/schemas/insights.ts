import { z } from "zod";

/**
 * Conversation insights (issue 18): the per-agent switches of the features that make extra model
 * calls, and the shapes shared by sentiment, alerts, summaries, memory and tags.
 */

/**
 * Each feature is switched on per agent (agents.ai_features, "Recursos de IA" in the editor). Online
 * each one is an extra model call per message or conversation, charged in credits under its own
 * action, so none is on until the business chooses it; offline they run on the pt-BR lexicon and
 * patterns for free.
 */
export const agentAiFeatures = z.object({
  sentiment: z.boolean().default(false),
  alerts: z.boolean().default(false),
  memory: z.boolean().default(false),
  summaries: z.boolean().default(false),
  autoTags: z.boolean().default(false),
});
export type AgentAiFeatures = z.infer<typeof agentAiFeatures>;
export const defaultAgentAiFeatures: AgentAiFeatures = { sentiment: false, alerts: false, memory: false, summaries: false, autoTags: false };
export const AI_FEATURE_LABEL: Record<keyof AgentAiFeatures, string> = {
  sentiment: "Análise de sentimento",
  alerts: "Alertas de sentimento",
  memory: "Memória do cliente",
  summaries: "Resumos de conversa",
  autoTags: "Etiquetas automáticas",
};
/** A stored row may predate a switch: missing ones are off. */
export const aiFeaturesOf = (stored: Partial<AgentAiFeatures> | null | undefined): AgentAiFeatures => ({ ...defaultAgentAiFeatures, ...(stored ?? {}) });

export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_LABEL: Record<Sentiment, string> = { positive: "Positivo", neutral: "Neutro", negative: "Negativo" };
export const URGENCY_LEVELS = ["low", "medium", "high"] as const;
export type Urgency = (typeof URGENCY_LEVELS)[number];

/** SPEC §9: an alert rule does not fire again for the same conversation within this time. */
export const DEFAULT_ALERT_COOLDOWN_MINUTES = 30;
