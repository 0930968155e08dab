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
