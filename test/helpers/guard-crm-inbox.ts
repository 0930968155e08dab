import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's inbox procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_INBOX_PROCEDURES: Record<string, ProcedureExpectation> = {};
