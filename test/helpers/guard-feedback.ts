import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 feedback procedures: merged into PROCEDURES by guard-procedures.ts. */
export const FEEDBACK_PROCEDURES: Record<string, ProcedureExpectation> = {};
