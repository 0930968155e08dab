import { z } from "zod";

/** /admin/pagamentos: filters, keyset page and the refund form. */
export const PAYMENT_STATUSES = ["paid", "refunded", "partially_refunded", "failed"] as const;
export const PAYMENT_KINDS = ["subscription", "pack"] as const;
export const PAYMENT_PERIODS = ["7d", "30d", "90d", "365d", "all"] as const;

export const PAYMENT_STATUS_LABELS: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  paid: "Pago",
  refunded: "Reembolsado",
  partially_refunded: "Reembolso parcial",
  failed: "Falhou",
};
export const PAYMENT_KIND_LABELS: Record<(typeof PAYMENT_KINDS)[number], string> = { subscription: "Assinatura", pack: "Pacote de créditos" };

export const paymentsListInput = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  period: z.enum(PAYMENT_PERIODS).default("30d"),
  /** part of the workspace's name */
  search: z.string().trim().max(100).optional(),
  /** keyset: the last row's createdAt and id of the previous page */
  cursor: z.object({ createdAt: z.number().int(), id: z.string().max(64) }).nullish(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type PaymentsListInput = z.infer<typeof paymentsListInput>;

export const refundInput = z.object({
  paymentId: z.string().min(1).max(64),
  /** centavos; absent = what is left to refund */
  amountCents: z.number().int().min(1, "O valor mínimo é R$ 0,01").max(100_000_000).optional(),
});
export type RefundInput = z.infer<typeof refundInput>;
