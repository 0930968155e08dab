import type { ProcedureExpectation } from "./guard-procedures";

/** Access of leads.* (Leads Hunter) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const LEADS_PROCEDURES: Record<string, ProcedureExpectation> = {};
