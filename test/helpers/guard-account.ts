import type { ProcedureExpectation } from "./guard-procedures";

/** Access of account.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ACCOUNT_PROCEDURES: Record<string, ProcedureExpectation> = {};
