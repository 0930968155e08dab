import { z } from "zod";

/**
 * The admin's plan form (/admin/planos/criar, /admin/planos/editar/:id) and its procedures: one
 * schema for both. Money in integer centavos; "free" is the Gratuito plan (price 0, no Stripe).
 */
export const BILLING_PERIODS = ["free", "monthly", "quarterly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = {
  free: "Gratuito",
  monthly: "Mensal",
  quarterly: "Trimestral",
  yearly: "Anual",
};

/** Stripe's smallest charge in BRL is R$ 0,50. */
export const MIN_PAID_CENTS = 50;

/** A paid period as Stripe bills it (quarterly = every 3 months); anything unknown bills monthly. */
export function stripeRecurringOf(period: string): { interval: "month" | "year"; interval_count: number } {
  if (period === "yearly") return { interval: "year", interval_count: 1 };
  if (period === "quarterly") return { interval: "month", interval_count: 3 };
  return { interval: "month", interval_count: 1 };
}

const count = (label: string) => z.number({ error: `Informe ${label}` }).int("Use um número inteiro").min(1, "O mínimo é 1").max(100_000, "O máximo é 100.000");

export const planFields = z.object({
  name: z.string().trim().min(2, "O nome precisa de pelo menos 2 caracteres").max(60, "O nome pode ter até 60 caracteres"),
  priceCents: z.number().int().min(0, "O preço não pode ser negativo").max(100_000_000, "Preço acima do máximo"),
  billingPeriod: z.enum(BILLING_PERIODS, { error: "Escolha o período de cobrança" }),
  creditsIncluded: z.number().int().min(0, "Os créditos não podem ser negativos").max(10_000_000, "O máximo é 10.000.000 de créditos"),
  features: z.array(z.string().trim().min(1, "Recurso vazio").max(100, "Cada recurso pode ter até 100 caracteres")).max(20, "Até 20 recursos"),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  maxAgents: count("o limite de agentes"),
  maxWorkspaces: count("o limite de workspaces"),
  maxMembers: count("o limite de membros"),
  /** Days a period lasts when assigned by hand (null: until changed). */
  validityDays: z.number().int().min(1, "O mínimo é 1 dia").max(3650, "O máximo é 3650 dias").nullable(),
  sortOrder: z.number().int().min(0).max(10_000),
});

/** A free plan costs nothing; a paid one costs at least Stripe's minimum. */
function pricedByPeriod(v: { priceCents: number; billingPeriod: BillingPeriod }, ctx: z.RefinementCtx) {
  if (v.billingPeriod === "free" && v.priceCents !== 0) ctx.addIssue({ code: "custom", path: ["priceCents"], message: "O plano gratuito tem preço R$ 0,00" });
  if (v.billingPeriod !== "free" && v.priceCents < MIN_PAID_CENTS) ctx.addIssue({ code: "custom", path: ["priceCents"], message: "Um plano pago custa pelo menos R$ 0,50" });
}

export const planInput = planFields.superRefine(pricedByPeriod);
export type PlanInput = z.infer<typeof planInput>;

export const planUpdateInput = planFields.extend({ id: z.string().min(1).max(64) }).superRefine(pricedByPeriod);
export type PlanUpdateInput = z.infer<typeof planUpdateInput>;

export const planIdInput = z.object({ id: z.string().min(1).max(64) });
export const planSetActiveInput = z.object({ id: z.string().min(1).max(64), isActive: z.boolean() });

/** A plan on the admin list: the row, how many workspaces hold it, and whether Stripe has it. */
export type StripeSyncState = "synced" | "pending" | "not_needed";
