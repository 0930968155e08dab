import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 suggestions and adminSuggestions procedures: merged into PROCEDURES by guard-procedures.ts. */
export const SUGGESTIONS_PROCEDURES: Record<string, ProcedureExpectation> = {};
