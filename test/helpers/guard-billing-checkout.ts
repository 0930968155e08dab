import type { ProcedureExpectation } from "./guard-procedures";

const MISSING = "00000000-0000-4000-8000-000000000000";
/** Spending the workspace's money: owner or canManageSettings (routers/billing.ts payerProcedure). */
const pay = (input?: () => unknown): ProcedureExpectation => ({ access: "canManageSettings", input, noFuzz: "talks to Stripe (refused with BILLING_NOT_CONFIGURED without keys)" });

/** Access of the commerce procedures (issue 15, checkout): merged into PROCEDURES by guard-procedures.ts. */
export const BILLING_CHECKOUT_PROCEDURES: Record<string, ProcedureExpectation> = {
  "billing.plans": { access: "member" },
  "billing.packs": { access: "member" },
  "billing.checkout.create": pay(() => ({ planId: MISSING })),
  "billing.checkout.status": { access: "member", input: () => ({ checkoutId: MISSING }) },
  "billing.subscription.get": { access: "member" },
  "billing.subscription.cancel": pay(),
  "billing.subscription.resume": pay(),
  "billing.subscription.changePlan": pay(() => ({ planId: MISSING })),
  "billing.portal": pay(),
  "billing.invoices": { access: "member", input: () => ({ page: 1, pageSize: 20 }) },
};
