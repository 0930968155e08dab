import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 handoffs procedures: merged into PROCEDURES by guard-procedures.ts. */
export const HANDOFFS_PROCEDURES: Record<string, ProcedureExpectation> = {};
