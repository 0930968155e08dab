import { packIdInput, packInput, packSetActiveInput, packUpdateInput } from "../src/schemas/billing/credit-packs-admin";
import { paymentsListInput, refundInput } from "../src/schemas/billing/payments-admin";
import { planIdInput, planInput, planSetActiveInput, planUpdateInput } from "../src/schemas/billing/plans";
import { createAdminPlan, getAdminPlan, listAdminPlans, removeAdminPlan, setAdminPlanActive, syncAdminPlan, updateAdminPlan } from "../src/services/billing/admin-plans";
import { createAdminPack, listAdminPacks, removeAdminPack, setAdminPackActive, updateAdminPack } from "../src/services/billing/credit-packs-admin";
import { listAdminPayments } from "../src/services/billing/payments-admin";
import { refundPayment } from "../src/services/billing/refunds";
import { adminProcedure, router } from "./trpc";

/** adminBilling.plans.*: the plan catalogue, each paid plan mirrored as a Stripe product and price. */
export const adminPlansRouter = router({
  list: adminProcedure.query(({ ctx }) => listAdminPlans(ctx.deps)),
  get: adminProcedure.input(planIdInput).query(({ ctx, input }) => getAdminPlan(ctx.deps, input.id)),
  create: adminProcedure.input(planInput).mutation(({ ctx, input }) => createAdminPlan(ctx.deps, input)),
  update: adminProcedure.input(planUpdateInput).mutation(({ ctx, input }) => updateAdminPlan(ctx.deps, input)),
  setActive: adminProcedure.input(planSetActiveInput).mutation(({ ctx, input }) => setAdminPlanActive(ctx.deps, input.id, input.isActive)),
  remove: adminProcedure.input(planIdInput).mutation(({ ctx, input }) => removeAdminPlan(ctx.deps, input.id)),
  syncStripe: adminProcedure.input(planIdInput).mutation(({ ctx, input }) => syncAdminPlan(ctx.deps, input.id)),
});

/** adminBilling.packs.*: credit packs sold on /creditos-adicionais. */
export const adminPacksRouter = router({
  list: adminProcedure.query(({ ctx }) => listAdminPacks(ctx.deps)),
  create: adminProcedure.input(packInput).mutation(({ ctx, input }) => createAdminPack(ctx.deps, input)),
  update: adminProcedure.input(packUpdateInput).mutation(({ ctx, input }) => updateAdminPack(ctx.deps, input)),
  setActive: adminProcedure.input(packSetActiveInput).mutation(({ ctx, input }) => setAdminPackActive(ctx.deps, input.id, input.isActive)),
  remove: adminProcedure.input(packIdInput).mutation(({ ctx, input }) => removeAdminPack(ctx.deps, input.id)),
});

/** adminBilling.payments.*: every payment and refund; refunds go through Stripe. */
export const adminPaymentsRouter = router({
  list: adminProcedure.input(paymentsListInput).query(({ ctx, input }) => listAdminPayments(ctx.deps, input)),
  refund: adminProcedure.input(refundInput).mutation(({ ctx, input }) => refundPayment(ctx.deps, input, ctx.session.user.id)),
});
