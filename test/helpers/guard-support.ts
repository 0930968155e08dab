import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 support and adminSupport procedures: merged into PROCEDURES by guard-procedures.ts. */
export const SUPPORT_PROCEDURES: Record<string, ProcedureExpectation> = {};
