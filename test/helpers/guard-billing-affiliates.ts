import type { ProcedureExpectation } from "./guard-procedures";

const MISSING = "00000000-0000-4000-8000-000000000000";
const page = () => ({ page: 1, pageSize: 20 });

/** Access of the commerce procedures (issue 15, affiliates): merged into PROCEDURES by guard-procedures.ts. */
export const BILLING_AFFILIATES_PROCEDURES: Record<string, ProcedureExpectation> = {
  "affiliates.me": { access: "authed" },
  "affiliates.commissions": { access: "authed", input: page },
  "affiliates.payouts": { access: "authed" },
  "affiliates.setPixKey": { access: "authed", input: () => ({ pixKey: "pix@example.com" }) },
  "affiliates.requestPayout": { access: "authed", noFuzz: "refused below the minimum; covered by test/billing-affiliates.test.ts" },
  "affiliates.admin.list": { access: "admin", input: () => ({ ...page(), search: "" }) },
  "affiliates.admin.setRate": { access: "admin", input: () => ({ affiliateId: MISSING, rate: 0.2 }) },
  "affiliates.admin.commissions": { access: "admin", input: page },
  "affiliates.admin.approve": { access: "admin", input: () => ({ id: MISSING }) },
  "affiliates.admin.payouts": { access: "admin", input: page },
  "affiliates.admin.markPaid": { access: "admin", input: () => ({ id: MISSING, note: "" }) },
  "affiliates.admin.reject": { access: "admin", input: () => ({ id: MISSING, note: "" }) },
};
