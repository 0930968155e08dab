import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's deal procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_DEAL_PROCEDURES: Record<string, ProcedureExpectation> = {};
