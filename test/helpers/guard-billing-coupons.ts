import type { ProcedureExpectation } from "./guard-procedures";

/** Never a real row: admin reads and writes on it answer NOT_FOUND once past the guard. */
const MISSING = "00000000-0000-4000-8000-000000000000";
const couponFields = {
  code: "GUARDA10",
  name: "Cupom da matriz",
  discountType: "percent",
  discountValue: 10,
  minimumAmountCents: 0,
  maxUses: null,
  applicablePlans: [],
  appliesToPacks: false,
  expiresAt: null,
  isActive: true,
};

/** Access of the commerce procedures (issue 15, coupons): merged into PROCEDURES by guard-procedures.ts. */
export const BILLING_COUPONS_PROCEDURES: Record<string, ProcedureExpectation> = {
  // Plans are platform-wide, so the check names no workspace resource (not scoped).
  "coupons.check": { access: "member", input: () => ({ code: "NAOEXISTE", planId: MISSING }) },
  "coupons.list": { access: "admin", input: () => ({ search: "", status: "all", page: 1, pageSize: 20 }) },
  "coupons.get": { access: "admin", input: () => ({ id: MISSING }) },
  "coupons.create": { access: "admin", input: () => couponFields },
  "coupons.update": { access: "admin", input: () => ({ ...couponFields, id: MISSING }) },
  "coupons.remove": { access: "admin", input: () => ({ id: MISSING }) },
  "coupons.redemptions": { access: "admin", input: () => ({ couponId: MISSING, page: 1, pageSize: 20 }) },
  "coupons.planOptions": { access: "admin" },
};
