import type { ProcedureExpectation } from "./guard-procedures";

/** Access of logs.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const LOGS_PROCEDURES: Record<string, ProcedureExpectation> = {};
