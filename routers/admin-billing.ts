import { assignPlanInput } from "../src/schemas/billing/checkout";
import { assignPlan } from "../src/services/billing/subscription-actions";
import { stripeConfigInput, stripeTestInput } from "../src/schemas/billing/stripe-config";
import { saveStripeConfig, stripeConfigView, testStripeConfig } from "../src/services/billing/stripe-config";
import { adminPacksRouter, adminPaymentsRouter, adminPlansRouter } from "./admin-billing-catalog";
import { adminProcedure, router } from "./trpc";

/** The platform's Stripe account (/admin/stripe-config): keys encrypted at rest, never sent back. */
const stripeRouter = router({
  get: adminProcedure.query(({ ctx }) => stripeConfigView(ctx.deps)),
  save: adminProcedure.input(stripeConfigInput).mutation(({ ctx, input }) => saveStripeConfig(ctx.deps, input, ctx.session.user.id)),
  test: adminProcedure.input(stripeTestInput).mutation(({ ctx, input }) => testStripeConfig(ctx.deps, input.secretKey || undefined)),
});

/** Admin commerce (issue 15): plans, credit packs, Stripe settings, payments and refunds: adminBilling.*. */
export const adminBillingRouter = router({
  stripe: stripeRouter,
  plans: adminPlansRouter,
  packs: adminPacksRouter,
  payments: adminPaymentsRouter,
  /** A plan by hand, without Stripe (issue 15 contract); its credits once per assignment. */
  assignPlan: adminProcedure.input(assignPlanInput).mutation(({ ctx, input }) => assignPlan(ctx.deps, input)),
});
