import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's variables procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_VARIABLES_PROCEDURES: Record<string, ProcedureExpectation> = {};
