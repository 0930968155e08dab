import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 memory procedures: merged into PROCEDURES by guard-procedures.ts. */
export const MEMORY_PROCEDURES: Record<string, ProcedureExpectation> = {};
