import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the CRM's funnel procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_FUNNEL_PROCEDURES: Record<string, ProcedureExpectation> = {};
