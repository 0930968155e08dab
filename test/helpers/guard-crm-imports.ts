import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's imports procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_IMPORTS_PROCEDURES: Record<string, ProcedureExpectation> = {};
