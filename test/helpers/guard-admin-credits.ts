import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminCredits.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_CREDITS_PROCEDURES: Record<string, ProcedureExpectation> = {};
