import { z } from "zod";

/** A/B tests of an agent (issue 18, SPEC §3 A/B tests, §9): shapes shared by the form, procedures and runtime. */

/** SPEC §9: no verdict before this many contacts per variant; the test's two-sided significance. */
export const AB_MINIMUM_SAMPLE = 100;
export const AB_SIGNIFICANCE = 0.05;

/** What a variant changes in the agent for the contacts assigned to it (absent = the agent's own). */
export const variantOverrides = z.object({
  specialInstructions: z.string().trim().max(10_000).optional(),
  personality: z.string().trim().max(5_000).optional(),
  personalityPreset: z.string().trim().max(100).optional(),
  aiModel: z.string().trim().max(200).optional(),
  greetingMessage: z.string().trim().max(2_000).optional(),
});
export type VariantOverrides = z.infer<typeof variantOverrides>;

/** Success metrics from real outcomes (each counted once per assigned contact). */
export const AB_METRICS = ["deal_won", "deal_created", "lead_registered", "positive_feedback", "resolved_without_human", "reply_rate"] as const;
export type AbMetric = (typeof AB_METRICS)[number];
export const AB_METRIC_LABEL: Record<AbMetric, string> = {
  deal_won: "Negócio ganho",
  deal_created: "Negócio criado",
  lead_registered: "Lead cadastrado",
  positive_feedback: "Feedback positivo",
  resolved_without_human: "Resolvida sem atendente",
  reply_rate: "Taxa de resposta",
};
export const AB_STATUSES = ["draft", "running", "paused", "completed"] as const;
export type AbStatus = (typeof AB_STATUSES)[number];
export const AB_RECOMMENDATIONS = ["winner", "loser", "inconclusive"] as const;
export type AbRecommendation = (typeof AB_RECOMMENDATIONS)[number];

/* ---------- Procedure inputs (H4): shared by the form and abTests.* ---------- */

const uuidOf = (what: string) => z.uuid(`${what} inválido`);
const routingChannel = z.enum(["whatsapp", "telegram", "instagram", "widget"], "Canal inválido");

export const abTestRef = z.object({ id: uuidOf("Teste A/B") });

export const abVariantInput = z.object({
  name: z.string().trim().min(1, "Dê um nome à variante").max(100, "No máximo 100 caracteres"),
  isControl: z.boolean().default(false),
  overrides: variantOverrides.default({}),
});
export type AbVariantInput = z.input<typeof abVariantInput>;

/** The structure of a test (draft only): validated as a whole so the form shows the same messages. */
export const abTestFields = z
  .object({
    name: z.string().trim().min(1, "Dê um nome ao teste").max(200, "No máximo 200 caracteres"),
    description: z.string().trim().max(1000, "No máximo 1000 caracteres").default(""),
    agentId: uuidOf("Agente"),
    variants: z.array(abVariantInput).min(2, "Crie pelo menos 2 variantes").max(5, "No máximo 5 variantes"),
    trafficSplit: z.array(z.number().int("Use números inteiros").min(1, "Cada variante recebe pelo menos 1%").max(99)).min(2),
    targets: z.object({ channels: z.array(routingChannel).max(4).default([]) }).default({ channels: [] }),
    successMetrics: z.array(z.enum(AB_METRICS, "Métrica inválida")).min(1, "Escolha pelo menos uma métrica de sucesso").max(AB_METRICS.length),
    minimumSampleSize: z.number().int().min(AB_MINIMUM_SAMPLE, `A amostra mínima é de pelo menos ${AB_MINIMUM_SAMPLE} por variante`).max(1_000_000).default(AB_MINIMUM_SAMPLE),
    significanceLevel: z.number().gt(0, "O nível de significância deve ser maior que 0").max(0.2, "O nível de significância deve ser no máximo 0,2").default(AB_SIGNIFICANCE),
  })
  .superRefine((v, ctx) => {
    if (v.trafficSplit.length !== v.variants.length) ctx.addIssue({ code: "custom", path: ["trafficSplit"], message: "Defina a divisão de tráfego de cada variante" });
    else if (v.trafficSplit.reduce((a, b) => a + b, 0) !== 100) ctx.addIssue({ code: "custom", path: ["trafficSplit"], message: "A divisão de tráfego deve somar 100%" });
    if (v.variants.filter((x) => x.isControl).length > 1) ctx.addIssue({ code: "custom", path: ["variants"], message: "Só uma variante pode ser o controle" });
    if (new Set(v.variants.map((x) => x.name.toLowerCase())).size !== v.variants.length) ctx.addIssue({ code: "custom", path: ["variants"], message: "As variantes precisam de nomes diferentes" });
    if (new Set(v.successMetrics).size !== v.successMetrics.length) ctx.addIssue({ code: "custom", path: ["successMetrics"], message: "Métrica repetida" });
  });
export type AbTestFieldsInput = z.input<typeof abTestFields>;
export type AbTestFields = z.output<typeof abTestFields>;

export const createAbTestInput = abTestFields;
export const updateAbTestInput = z.object({ id: uuidOf("Teste A/B"), test: abTestFields });

export const listAbTestsInput = z.object({
  status: z.enum(AB_STATUSES).optional(),
  agentId: uuidOf("Agente").optional(),
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(20),
});

export const abResultsInput = z.object({ id: uuidOf("Teste A/B"), metric: z.enum(AB_METRICS).optional() });
export const promoteAbTestInput = z.object({ id: uuidOf("Teste A/B"), force: z.boolean().default(false), variantId: uuidOf("Variante").optional() });

export const AB_STATUS_LABEL: Record<AbStatus, string> = { draft: "Rascunho", running: "Em andamento", paused: "Pausado", completed: "Concluído" };
export const AB_RECOMMENDATION_LABEL: Record<AbRecommendation, string> = { winner: "Vencedora", loser: "Perdedora", inconclusive: "Inconclusivo" };
/** Refusals the UI shows as they are. */
export const AB_ERRORS = {
  notFound: "Teste A/B não encontrado",
  oneRunning: "Este agente já tem um teste A/B em andamento. Pause ou conclua o outro teste antes de iniciar este.",
  draftOnly: "Só é possível mudar as variantes, a divisão e as métricas de um teste em rascunho.",
  noWinner: "Ainda não há uma variante vencedora com significância estatística. Confirme para promover mesmo assim.",
} as const;
