import { z } from "zod";
import { DEFAULT_ALERT_COOLDOWN_MINUTES } from "./insights";

/** Inputs of the insights procedures (issue 18): sentiment charts, alert rules, alerts and tags. */

export const INSIGHT_PERIODS = [7, 15, 30] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

const uuid = z.string().uuid("Identificador inválido");

export const insightsPeriodInput = z.object({
  period: z.union([z.literal(7), z.literal(15), z.literal(30)]).default(7),
  agentId: uuid.nullish(),
});

export const ALERT_RULE_KINDS = ["consecutive_negative", "urgency_high", "keyword", "low_satisfaction"] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];
export const ALERT_RULE_KIND_LABEL: Record<AlertRuleKind, string> = {
  consecutive_negative: "Mensagens negativas seguidas",
  urgency_high: "Urgência alta",
  keyword: "Palavras-chave",
  low_satisfaction: "Satisfação baixa",
};
export const ALERT_STATUSES = ["open", "acknowledged"] as const;
export const ALERT_STATUS_LABEL: Record<(typeof ALERT_STATUSES)[number], string> = { open: "Aberto", acknowledged: "Reconhecido" };

const keyword = z.string().trim().min(1, "Palavra-chave vazia").max(60, "Palavra-chave muito longa (máximo de 60 caracteres)");

export const alertRuleInput = z
  .object({
    name: z.string().trim().min(1, "Informe o nome da regra").max(100, "Nome muito longo (máximo de 100 caracteres)"),
    agentId: uuid.nullish(),
    kind: z.enum(ALERT_RULE_KINDS),
    threshold: z.number().min(0).max(20).default(3),
    keywords: z.array(keyword).max(30, "No máximo 30 palavras-chave").default([]),
    cooldownMinutes: z.number().int("Use minutos inteiros").min(1, "Mínimo de 1 minuto").max(1440, "Máximo de 1440 minutos (24 horas)").default(DEFAULT_ALERT_COOLDOWN_MINUTES),
    triggerHandoff: z.boolean().default(false),
    notifyEmail: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine((r, ctx) => {
    if (r.kind === "consecutive_negative" && (!Number.isInteger(r.threshold) || r.threshold < 2 || r.threshold > 20))
      ctx.addIssue({ code: "custom", path: ["threshold"], message: "Use de 2 a 20 mensagens seguidas" });
    if (r.kind === "low_satisfaction" && (r.threshold <= 0 || r.threshold > 1)) ctx.addIssue({ code: "custom", path: ["threshold"], message: "Use um limite de satisfação entre 0,01 e 1" });
    if (r.kind === "keyword" && r.keywords.length === 0) ctx.addIssue({ code: "custom", path: ["keywords"], message: "Informe ao menos uma palavra-chave" });
  });
export type AlertRuleInput = z.infer<typeof alertRuleInput>;

export const updateAlertRuleInput = z.object({ id: uuid, rule: alertRuleInput });
export const idInput = z.object({ id: uuid });

export const listAlertsInput = z.object({
  status: z.enum(ALERT_STATUSES).nullish(),
  agentId: uuid.nullish(),
  cursor: z.string().max(80).nullish(),
  limit: z.number().int().min(1).max(100).default(20),
});

export const conversationIdInput = z.object({ conversationId: uuid });
export const tagName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Informe a etiqueta")
  .max(40, "Etiqueta muito longa (máximo de 40 caracteres)")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, "Use letras, números, espaço, - ou _");
export const conversationTagInput = z.object({ conversationId: uuid, tag: tagName });
export const popularTagsInput = z.object({ limit: z.number().int().min(1).max(100).default(30) }).default({ limit: 30 });
