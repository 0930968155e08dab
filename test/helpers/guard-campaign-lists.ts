import type { ProcedureExpectation } from "./guard-procedures";

/** Access of campaigns.lists.* (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const CAMPAIGN_LISTS_PROCEDURES: Record<string, ProcedureExpectation> = {};
