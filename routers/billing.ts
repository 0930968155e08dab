import { changePlanInput, checkoutCreateInput, checkoutStatusInput, invoicesInput, BILLING_PERMISSION_DENIED } from "../src/schemas/billing/checkout";
import { checkoutStatus, createCheckout, listPacks, listPlans } from "../src/services/billing/checkout";
import { changePlan, listInvoices, portalUrl, setCancelAtPeriodEnd } from "../src/services/billing/subscription-actions";
import { subscriptionView } from "../src/services/billing/subscriptions";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Spending the workspace's money: its owner, or a member allowed to manage its settings. */
const payerProcedure = requirePermission("canManageSettings", BILLING_PERMISSION_DENIED);

/** Plans, checkout, subscription (issue 15): billing.* */
export const billingRouter = router({
  plans: workspaceProcedure.query(({ ctx }) => listPlans(ctx.deps, ctx.workspace.id)),
  packs: workspaceProcedure.query(({ ctx }) => listPacks(ctx.deps)),
  checkout: router({
    create: payerProcedure.input(checkoutCreateInput).mutation(({ ctx, input }) => createCheckout({ ...ctx.svc, workspace: ctx.workspace }, ctx.session.user.id, input)),
    status: workspaceProcedure.input(checkoutStatusInput).query(({ ctx, input }) => checkoutStatus(ctx.deps.db, ctx.workspace.id, input.checkoutId)),
  }),
  subscription: router({
    get: workspaceProcedure.query(({ ctx }) => subscriptionView(ctx.deps.db, ctx.workspace.id, ctx.deps.now())),
    cancel: payerProcedure.mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.deps, ctx.workspace.id, true)),
    resume: payerProcedure.mutation(({ ctx }) => setCancelAtPeriodEnd(ctx.deps, ctx.workspace.id, false)),
    changePlan: payerProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan(ctx.deps, ctx.workspace.id, input.planId)),
  }),
  portal: payerProcedure.mutation(({ ctx }) => portalUrl(ctx.deps, ctx.workspace)),
  invoices: workspaceProcedure.input(invoicesInput).query(({ ctx, input }) => listInvoices(ctx.deps.db, ctx.workspace.id, input.page, input.pageSize)),
});
