import { z } from "zod";

/**
 * Multi-agent orchestration (issue 18, SPEC §3 Orchestration, §5, §9): the shapes shared by the
 * form, the procedures and the routing engine. Forms and procedures use the same zod rules.
 */

/** The router has one config per channel kind of the entry agent (SPEC §3 Router). */
export const ROUTING_CHANNELS = ["whatsapp", "telegram", "instagram", "widget"] as const;
export type RoutingChannel = (typeof ROUTING_CHANNELS)[number];
export const ROUTING_CHANNEL_LABEL: Record<RoutingChannel, string> = {
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  instagram: "Instagram",
  widget: "Chat web / widget",
};

/** A conversation's channel (conversations.channel) → the router config that applies to it. */
export function routingChannelOf(conversationChannel: string): RoutingChannel {
  if (conversationChannel.startsWith("whatsapp")) return "whatsapp";
  if (conversationChannel === "telegram") return "telegram";
  if (conversationChannel === "instagram") return "instagram";
  return "widget";
}

/** SPEC §9: the model's choice is trusted from this confidence on. */
export const DEFAULT_ROUTER_CONFIDENCE_THRESHOLD = 0.8;
/** SPEC §3: rule priority default 5, range 1–10 (§5). */
export const DEFAULT_RULE_PRIORITY = 5;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use o formato HH:MM");
const keywordList = z
  .array(z.string().trim().min(1, "Palavra-chave vazia").max(100, "Palavra-chave muito longa"))
  .min(1, "Informe ao menos uma palavra-chave")
  .max(50, "No máximo 50 palavras-chave");

/**
 * One condition of a rule. A rule holds when all its conditions hold (conditionMode all) or any
 * of them (any). intent: a topic in words ("dúvidas de preço"); the router's model judges it
 * online, its keywords (when given) judge it offline.
 */
export const ruleCondition = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("intent"),
    topic: z.string().trim().min(1, "Descreva o assunto").max(200, "Assunto muito longo"),
    keywords: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  }),
  z.object({ type: z.literal("keyword"), keywords: keywordList, match: z.enum(["any", "all"]).default("any") }),
  z.object({
    type: z.literal("customer_data"),
    /** A contact field (nome, email, telefone, cidade, estado, empresa) or a contact variable name. */
    field: z.string().trim().min(1, "Escolha o dado do cliente").max(100),
    operator: z.enum(["exists", "not_exists", "equals", "contains"]),
    value: z.string().trim().max(200).default(""),
  }),
  z.object({
    type: z.literal("time_of_day"),
    from: hhmm,
    to: hhmm,
    /** 0 = domingo … 6 = sábado; empty = every day. In the workspace's time zone. */
    days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  }),
  z.object({
    type: z.literal("sentiment"),
    sentiment: z.enum(["positive", "neutral", "negative"]),
    /** 0–1: how strong the feeling must be (0 = any). */
    minIntensity: z.number().min(0).max(1).default(0),
  }),
]);
export type RuleCondition = z.infer<typeof ruleCondition>;
export const RULE_CONDITION_LABEL: Record<RuleCondition["type"], string> = {
  intent: "Intenção ou assunto",
  keyword: "Palavra-chave",
  customer_data: "Dado do cliente",
  time_of_day: "Horário",
  sentiment: "Sentimento",
};

/** A router's manual rule (checked before the model): keywords → agent, highest priority first. */
export const routerManualRule = z.object({
  keywords: keywordList,
  agentId: z.uuid("Agente inválido"),
  priority: z.number().int().min(1, "Prioridade de 1 a 10").max(10, "Prioridade de 1 a 10").default(DEFAULT_RULE_PRIORITY),
});
export type RouterManualRule = z.infer<typeof routerManualRule>;

/** What the router does when the model's confidence is below the threshold. */
export const LOW_CONFIDENCE_ACTIONS = ["default_agent", "human"] as const;
export type LowConfidenceAction = (typeof LOW_CONFIDENCE_ACTIONS)[number];

/** How a routing decision was made (routing_decisions.method). */
export const ROUTING_METHODS = ["entry", "stay", "rule", "manual_rule", "model", "default", "human"] as const;
export type RoutingMethod = (typeof ROUTING_METHODS)[number];
export const ROUTING_METHOD_LABEL: Record<RoutingMethod, string> = {
  entry: "Entrada",
  stay: "Mesmo agente",
  rule: "Regra",
  manual_rule: "Regra manual do roteador",
  model: "IA",
  default: "Agente padrão",
  human: "Pessoa",
};

/** SPEC §4: handoff reasons and status (pending is the default). */
export const HANDOFF_REASONS = ["manual", "low_confidence", "escalation", "timeout", "user_request"] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const HANDOFF_REASON_LABEL: Record<HandoffReason, string> = {
  manual: "Manual",
  low_confidence: "Baixa confiança",
  escalation: "Escalonamento",
  timeout: "Tempo esgotado",
  user_request: "Pedido do cliente",
};
export const HANDOFF_STATUSES = ["pending", "accepted", "completed", "expired", "canceled"] as const;
export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];
export const HANDOFF_STATUS_LABEL: Record<HandoffStatus, string> = {
  pending: "Aguardando",
  accepted: "Em atendimento",
  completed: "Concluída",
  expired: "Expirada",
  canceled: "Cancelada",
};
/** What travels with a handoff so nobody asks the customer again. */
export type HandoffContext = {
  summary?: string | null;
  customer?: { name: string | null; phone: string | null; email: string | null; data?: Record<string, string> };
  lastCustomerMessage?: string | null;
  routingDecisionId?: string | null;
};

/* ---- Orchestration CRUD inputs (H1): the same rules for the forms and the procedures (SPEC §5). ---- */
const uuidOf = (what: string) => z.uuid(`${what} inválido`);
export const orchestrationName = z.string().trim().min(1, "Informe o nome").max(200, "Nome com no máximo 200 caracteres");
export const orchestrationDescription = z.string().trim().max(1000, "Descrição com no máximo 1000 caracteres");
export const orchestrationRef = z.object({ id: uuidOf("Orquestração") });
export const listOrchestrationsInput = z.object({
  search: z.string().trim().max(200).default(""),
  page: z.number().int().min(1, "Página inválida").max(10_000, "Página inválida").default(1),
  pageSize: z.number().int().min(5).max(100).default(20),
});
export type ListOrchestrationsInput = z.infer<typeof listOrchestrationsInput>;
/** The first agent of agentIds is the entry point (entryAgentId, when given, must be one of them). */
export const createOrchestrationInput = z.object({
  name: orchestrationName,
  description: orchestrationDescription.default(""),
  agentIds: z.array(uuidOf("Agente")).max(50, "No máximo 50 agentes").default([]),
  entryAgentId: uuidOf("Agente").nullable().default(null),
});
export type CreateOrchestrationInput = z.infer<typeof createOrchestrationInput>;
export const updateOrchestrationInput = z.object({
  id: uuidOf("Orquestração"),
  patch: z.object({ name: orchestrationName, description: orchestrationDescription, isActive: z.boolean() }).partial(),
});
export const setAgentsInput = z.object({
  id: uuidOf("Orquestração"),
  agentIds: z.array(uuidOf("Agente")).min(1, "Escolha ao menos um agente").max(50, "No máximo 50 agentes"),
  entryAgentId: uuidOf("Agente"),
});
export const orchestrationAgentInput = z.object({
  id: uuidOf("Orquestração"),
  agentId: uuidOf("Agente"),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
  role: z.string().trim().max(500, "Papel com no máximo 500 caracteres").optional(),
});
/** Removing the entry point needs the agent that becomes the new entry. */
export const removeAgentInput = z.object({ id: uuidOf("Orquestração"), agentId: uuidOf("Agente"), newEntryAgentId: uuidOf("Agente").optional() });
export const setEntryPointInput = z.object({ id: uuidOf("Orquestração"), agentId: uuidOf("Agente") });
export const savePositionsInput = z.object({
  id: uuidOf("Orquestração"),
  positions: z
    .array(z.object({ agentId: uuidOf("Agente"), x: z.number().finite().min(-100_000).max(100_000), y: z.number().finite().min(-100_000).max(100_000) }))
    .max(50),
});
export const ruleForm = z
  .object({
    fromAgentId: uuidOf("Agente de origem"),
    toAgentId: uuidOf("Agente de destino"),
    priority: z.number().int("Prioridade de 1 a 10").min(1, "Prioridade de 1 a 10").max(10, "Prioridade de 1 a 10").default(DEFAULT_RULE_PRIORITY),
    conditions: z.array(ruleCondition).min(1, "Adicione ao menos uma condição").max(20, "No máximo 20 condições"),
    conditionMode: z.enum(["all", "any"]).default("all"),
    description: z.string().trim().max(500, "Descrição com no máximo 500 caracteres").default(""),
    isActive: z.boolean().default(true),
  })
  .refine((r) => r.fromAgentId !== r.toAgentId, { message: "A regra precisa levar a outro agente", path: ["toAgentId"] });
export type RuleForm = z.infer<typeof ruleForm>;
export const createRuleInput = z.object({ id: uuidOf("Orquestração"), rule: ruleForm });
export const updateRuleInput = z.object({ id: uuidOf("Orquestração"), ruleId: uuidOf("Regra"), rule: ruleForm });
export const ruleRef = z.object({ id: uuidOf("Orquestração"), ruleId: uuidOf("Regra") });
export const routerChannelRef = z.object({ id: uuidOf("Orquestração"), channel: z.enum(ROUTING_CHANNELS) });
export const routerForm = z
  .object({
    aiEnabled: z.boolean(),
    aiConfidenceThreshold: z.number().min(0, "Limite de 0 a 1").max(1, "Limite de 0 a 1"),
    aiModel: z.string().trim().min(1).max(200).nullable(),
    manualRules: z.array(routerManualRule).max(50, "No máximo 50 regras manuais"),
    defaultAgentId: uuidOf("Agente padrão").nullable(),
    lowConfidenceAction: z.enum(LOW_CONFIDENCE_ACTIONS),
  })
  .partial();
export type RouterForm = z.infer<typeof routerForm>;
/** The web chat has nobody to hand the visitor to (SPEC: no person in the public chat). */
export const WIDGET_NO_HUMAN = "No chat web não há atendente humano: abaixo do limite, o agente padrão responde.";
export const updateRouterInput = routerChannelRef.extend({ config: routerForm }).refine((r) => !(r.channel === "widget" && r.config.lowConfidenceAction === "human"), {
  message: WIDGET_NO_HUMAN,
  path: ["config", "lowConfidenceAction"],
});
export const listDecisionsInput = z.object({
  id: uuidOf("Orquestração"),
  cursor: z.string().max(200).nullable().default(null),
  limit: z.number().int().min(1).max(100).default(20),
  agentId: uuidOf("Agente").optional(),
  method: z.enum(ROUTING_METHODS).optional(),
});
