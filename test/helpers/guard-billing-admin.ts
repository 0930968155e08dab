import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the commerce procedures (issue 15, admin): merged into PROCEDURES by guard-procedures.ts. */
const MISSING = "00000000-0000-4000-8000-000000000000";
/** Inactive, so a guard run never puts a plan on sale. */
const guardPlan = () => ({ name: "Plano guarda", priceCents: 4900, billingPeriod: "monthly", creditsIncluded: 100, features: ["Guarda"], isActive: false, isPopular: false, maxAgents: 1, maxWorkspaces: 1, maxMembers: 1, validityDays: 30, sortOrder: 99 });

export const BILLING_ADMIN_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminBilling.stripe.get": { access: "admin" },
  "adminBilling.stripe.save": { access: "admin", input: () => ({ secretKey: "", webhookSecret: "", publishableKey: "", enablePix: false, enableBoleto: false }) },
  "adminBilling.stripe.test": { access: "admin", input: () => ({ secretKey: "" }), noFuzz: "reads the account from Stripe with the stored key" },
  "adminBilling.assignPlan": { access: "admin", input: () => ({ workspaceId: "00000000-0000-4000-8000-000000000000", planId: "00000000-0000-4000-8000-000000000000" }) },
  // Plans, credit packs and payments (engineer D). Ids that do not exist: the admin gets NOT_FOUND, everyone else is refused first.
  "adminBilling.plans.list": { access: "admin" },
  "adminBilling.plans.get": { access: "admin", input: () => ({ id: MISSING }) },
  "adminBilling.plans.create": { access: "admin", input: () => guardPlan() },
  "adminBilling.plans.update": { access: "admin", input: () => ({ id: MISSING, ...guardPlan() }) },
  "adminBilling.plans.setActive": { access: "admin", input: () => ({ id: MISSING, isActive: false }) },
  "adminBilling.plans.remove": { access: "admin", input: () => ({ id: MISSING }) },
  "adminBilling.plans.syncStripe": { access: "admin", input: () => ({ id: MISSING }), noFuzz: "talks to Stripe with the stored key" },
  "adminBilling.packs.list": { access: "admin" },
  "adminBilling.packs.create": { access: "admin", input: () => ({ name: "Pacote guarda", credits: 1000, priceCents: 4900, expiresInDays: null, isActive: false, sortOrder: 0 }) },
  "adminBilling.packs.update": { access: "admin", input: () => ({ id: MISSING, name: "Pacote guarda", credits: 1000, priceCents: 4900, expiresInDays: null, isActive: false, sortOrder: 0 }) },
  "adminBilling.packs.setActive": { access: "admin", input: () => ({ id: MISSING, isActive: false }) },
  "adminBilling.packs.remove": { access: "admin", input: () => ({ id: MISSING }) },
  "adminBilling.payments.list": { access: "admin", input: () => ({ period: "30d", limit: 25 }) },
  "adminBilling.payments.refund": { access: "admin", input: () => ({ paymentId: MISSING }), noFuzz: "refunds through Stripe" },
};
