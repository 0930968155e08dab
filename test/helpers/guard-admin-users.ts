import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminUsers.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_USERS_PROCEDURES: Record<string, ProcedureExpectation> = {};
