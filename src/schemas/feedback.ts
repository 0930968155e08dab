import { z } from "zod";
import { trainingTextInput } from "./training";
import { type AgentAiFeatures, agentAiFeatures } from "./insights";

/**
 * The feedback page of an agent (/agent/{agentId}/feedback, issue 18): likes and dislikes left in
 * the public chat and the widget, filtered, resolved, and turned into a training text.
 */
export const FEEDBACK_TYPES = ["all", "like", "dislike"] as const;
export const FEEDBACK_TYPE_LABEL: Record<(typeof FEEDBACK_TYPES)[number], string> = { all: "Todos", like: "Gostei", dislike: "Não gostei" };
export const FEEDBACK_STATUSES = ["all", "open", "resolved"] as const;
export const FEEDBACK_STATUS_LABEL: Record<(typeof FEEDBACK_STATUSES)[number], string> = { all: "Todos", open: "Em aberto", resolved: "Resolvidos" };
/** São Paulo days counted back from today (today included); "all" reads the agent's whole history page by page. */
export const FEEDBACK_PERIODS = ["today", "7d", "30d", "90d", "all"] as const;
export type FeedbackPeriod = (typeof FEEDBACK_PERIODS)[number];
export const FEEDBACK_PERIOD_LABEL: Record<FeedbackPeriod, string> = {
  today: "Hoje",
  "7d": "Últimos 7 dias",
  "30d": "Últimos 30 dias",
  "90d": "Últimos 90 dias",
  all: "Todo o período",
};
export const FEEDBACK_PAGE_SIZE = 20;

const agentId = z.uuid("Agente inválido");
const feedbackId = z.uuid("Feedback inválido");

export const feedbackListInput = z.object({
  agentId,
  type: z.enum(FEEDBACK_TYPES).default("all"),
  status: z.enum(FEEDBACK_STATUSES).default("all"),
  period: z.enum(FEEDBACK_PERIODS).default("30d"),
  /** Matched literally in the customer's message, the answer and the observation (a typed % is a %). */
  search: z.string().trim().max(200, "Busca deve ter no máximo 200 caracteres").default(""),
  /** Keyset of the last item shown: "createdAt:seq" (opaque to the page). */
  cursor: z.string().max(80).nullish(),
  limit: z.number().int().min(1).max(100).default(FEEDBACK_PAGE_SIZE),
});
export type FeedbackListInput = z.output<typeof feedbackListInput>;

export const FEEDBACK_STATS_PERIODS = [7, 15, 30] as const;
export const feedbackStatsInput = z.object({
  agentId,
  period: z.union([z.literal(7), z.literal(15), z.literal(30)]).default(7),
});

export const feedbackResolveInput = z.object({ id: feedbackId, resolved: z.boolean() });

export const feedbackToTrainingInput = z.object({
  id: feedbackId,
  title: z.string().trim().min(1, "Informe um título").max(120, "Título deve ter no máximo 120 caracteres"),
  /** The corrected answer (prefilled with the agent's answer). */
  content: trainingTextInput.shape.content,
});
export type FeedbackToTraining = z.output<typeof feedbackToTrainingInput>;

/** Only the switches sent change (no defaults here: a left-out switch keeps its stored value). */
export const agentAiFeaturesPatch = z.object(
  Object.fromEntries(Object.keys(agentAiFeatures.shape).map((k) => [k, z.boolean().optional()])) as Record<keyof AgentAiFeatures, z.ZodOptional<z.ZodBoolean>>,
);
export const agentAiFeaturesUpdateInput = agentAiFeaturesPatch.extend({ agentId });
export type AgentAiFeaturesPatch = z.output<typeof agentAiFeaturesPatch>;

/** What each switch does, for the editor's "Recursos de IA" section. */
export const AI_FEATURE_DESCRIPTION: Record<keyof AgentAiFeatures, string> = {
  sentiment: "Classifica cada mensagem do cliente como positiva, neutra ou negativa, com emoções e urgência.",
  alerts: "Avisa a equipe (e pode transferir para uma pessoa) quando o cliente fica insatisfeito ou pede urgência.",
  memory: "Guarda fatos duradouros que o cliente contou e os lembra nas próximas conversas, em qualquer canal.",
  summaries: "Escreve um resumo da conversa quando ela é resolvida ou fica parada.",
  autoTags: "Marca as conversas com etiquetas automáticas de assunto.",
};
/** The statement action each switch's own model calls are charged under (null: it makes none of its own). */
export const AI_FEATURE_STATEMENT_ACTION: Record<keyof AgentAiFeatures, "sentiment" | "memory" | "summary" | null> = {
  sentiment: "sentiment",
  alerts: null,
  memory: "memory",
  summaries: "summary",
  autoTags: null,
};
/** Why a switch without a model call of its own costs nothing extra. */
export const AI_FEATURE_FREE_NOTE: Record<keyof AgentAiFeatures, string> = {
  sentiment: "",
  alerts: "Usa o resultado da análise de sentimento, sem custo próprio.",
  memory: "",
  summaries: "",
  autoTags: "Vêm na mesma chamada da análise de sentimento; sem ela, usam a tabela de palavras-chave, sem custo.",
};
