import { z } from "zod";

/** Codes are stored upper-case; what a person types is trimmed and upper-cased first. */
export const couponCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, "O código tem de 3 a 40 caracteres: letras, números, - ou _"));

/** The largest amount a coupon field accepts (R$ 1.000.000,00), so sums stay far from overflow. */
export const MAX_COUPON_CENTS = 100_000_000;

/** Stripe refuses a charge below R$ 0,50; a discounted total under it (and above 0) is refused. */
export const STRIPE_MIN_CHARGE_CENTS = 50;

const couponFields = z.object({
  code: couponCode,
  name: z.string().trim().min(2, "O nome tem de 2 a 100 caracteres").max(100, "O nome tem de 2 a 100 caracteres"),
  discountType: z.enum(["percent", "fixed"], { error: "Escolha percentual ou valor fixo" }),
  /** percent 1–100, or centavos (> 0) for fixed */
  discountValue: z.number({ error: "Informe o desconto" }).int("O desconto deve ser inteiro").min(1, "O desconto deve ser maior que zero").max(MAX_COUPON_CENTS, "Desconto alto demais"),
  minimumAmountCents: z.number().int().min(0, "O valor mínimo não pode ser negativo").max(MAX_COUPON_CENTS, "Valor mínimo alto demais").default(0),
  maxUses: z.number().int().min(1, "O limite de usos deve ser pelo menos 1").max(1_000_000, "Limite de usos alto demais").nullable().default(null),
  applicablePlans: z.array(z.string().min(1).max(64)).max(100).default([]),
  appliesToPacks: z.boolean().default(false),
  /** ms since epoch; null = never expires */
  expiresAt: z.number().int().positive().nullable().default(null),
  isActive: z.boolean().default(true),
});

const percentAtMost100 = (v: { discountType: "percent" | "fixed"; discountValue: number }) => v.discountType !== "percent" || v.discountValue <= 100;
const percentIssue = { message: "O percentual vai de 1 a 100", path: ["discountValue"] };

/** Create: the expiry, when given, must be in the future (checked against the client's clock here, the server's in the service). */
export const couponCreateInput = couponFields.refine(percentAtMost100, percentIssue).refine((v) => v.expiresAt === null || v.expiresAt > Date.now(), {
  message: "A validade deve ser uma data futura",
  path: ["expiresAt"],
});
export type CouponCreateInput = z.infer<typeof couponCreateInput>;

/** Update: the same fields; an already-past expiry may be kept (the service checks only a changed one). */
export const couponUpdateInput = couponFields.extend({ id: z.string().min(1).max(64) }).refine(percentAtMost100, percentIssue);
export type CouponUpdateInput = z.infer<typeof couponUpdateInput>;

/** The form's values (the same shape without the id). */
export const couponFormSchema = couponFields.refine(percentAtMost100, percentIssue);
export type CouponFormValues = z.input<typeof couponFormSchema>;

export const couponIdInput = z.object({ id: z.string().min(1).max(64) });

export const couponStatusFilter = z.enum(["all", "active", "inactive", "expired", "exhausted"]);
export type CouponStatusFilter = z.infer<typeof couponStatusFilter>;

export const couponListInput = z.object({
  search: z.string().trim().max(100).default(""),
  status: couponStatusFilter.default("all"),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type CouponListInput = z.input<typeof couponListInput>;

export const couponRedemptionsInput = z.object({
  couponId: z.string().min(1).max(64),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** The checkout's coupon field: a code and exactly one target (a plan or a credit pack). */
export const couponCheckInput = z
  .object({
    code: couponCode,
    planId: z.string().min(1).max(64).optional(),
    packId: z.string().min(1).max(64).optional(),
  })
  .refine((v) => (v.planId ? !v.packId : !!v.packId), { message: "Escolha um plano ou um pacote", path: ["planId"] });
export type CouponCheckInput = z.infer<typeof couponCheckInput>;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** Centavos → "R$ 1.234,56" (a plain space, so messages compare equal everywhere). */
export const formatCentsBrl = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, " ");

/** The discount a coupon gives on a subtotal: never more than the subtotal. */
export function couponDiscountCents(c: { discountType: "percent" | "fixed"; discountValue: number }, subtotalCents: number): number {
  const raw = c.discountType === "percent" ? Math.round((subtotalCents * c.discountValue) / 100) : c.discountValue;
  return Math.max(0, Math.min(raw, subtotalCents));
}
