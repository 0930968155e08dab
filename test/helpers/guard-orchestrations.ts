import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-18 orchestrations procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ORCHESTRATIONS_PROCEDURES: Record<string, ProcedureExpectation> = {};
