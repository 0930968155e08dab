import type { ProcedureExpectation } from "./guard-procedures";

/** An id no user has: the admin gets NOT_FOUND on a mutation, so a guard run never suspends or demotes anyone. */
const MISSING = "00000000-0000-4000-8000-000000000000";

/** Access of adminUsers.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_USERS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminUsers.list": { access: "admin", input: () => ({ search: "maria", status: "active", verified: false, page: 1, pageSize: 25 }) },
  "adminUsers.planOptions": { access: "admin" },
  // A real user, so the query-plan test reads the whole detail (workspaces, wallets, activity, sessions).
  "adminUsers.get": { access: "admin", input: (f) => ({ userId: f.ownerId }) },
  "adminUsers.setRole": { access: "admin", input: () => ({ userId: MISSING, role: "admin" }) },
  "adminUsers.suspend": { access: "admin", input: () => ({ userId: MISSING, reason: "Verificação de acesso" }) },
  "adminUsers.reactivate": { access: "admin", input: () => ({ userId: MISSING }) },
  "adminUsers.resendVerification": { access: "admin", input: () => ({ userId: MISSING }) },
  "adminUsers.sendPasswordReset": { access: "admin", input: () => ({ userId: MISSING }) },
};
