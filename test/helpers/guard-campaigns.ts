import type { ProcedureExpectation } from "./guard-procedures";

/** Access of campaigns.* (campaign CRUD, control, results) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const CAMPAIGNS_PROCEDURES: Record<string, ProcedureExpectation> = {};
