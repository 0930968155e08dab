import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 ab-tests procedures: merged into PROCEDURES by guard-procedures.ts. */
export const AB_TESTS_PROCEDURES: Record<string, ProcedureExpectation> = {};
