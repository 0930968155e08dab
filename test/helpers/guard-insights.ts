import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 insights procedures: merged into PROCEDURES by guard-procedures.ts. */
export const INSIGHTS_PROCEDURES: Record<string, ProcedureExpectation> = {};
