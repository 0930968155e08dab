import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's contacts procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_CONTACTS_PROCEDURES: Record<string, ProcedureExpectation> = {};
