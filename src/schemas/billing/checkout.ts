import { z } from "zod";

/**
 * Checkout and subscription inputs (issue 15). The browser names only what it buys (a plan or a
 * pack) and an optional coupon code: every price is read from the database on the server.
 */
export const checkoutCreateInput = z
  .object({
    planId: z.string().uuid().optional(),
    packId: z.string().uuid().optional(),
    couponCode: z.string().trim().max(64).optional(),
  })
  .refine((v) => (v.planId ? 1 : 0) + (v.packId ? 1 : 0) === 1, { message: "Escolha um plano ou um pacote de créditos" });
export type CheckoutCreateInput = z.infer<typeof checkoutCreateInput>;

export const checkoutStatusInput = z.object({ checkoutId: z.string().uuid() });

export const changePlanInput = z.object({ planId: z.string().uuid() });

export const invoicesInput = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const assignPlanInput = z.object({
  workspaceId: z.string().uuid(),
  planId: z.string().uuid(),
  /** ms; null/absent: no end date (it lasts until changed) */
  endDate: z.number().int().positive().nullish(),
});
export type AssignPlanInput = z.infer<typeof assignPlanInput>;

/** Who may spend the workspace's money: the owner and members allowed to manage settings. */
export const BILLING_PERMISSION_DENIED = "Apenas o dono ou quem gerencia as configurações pode alterar o plano e os pagamentos";
