import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 academy (learner) procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ACADEMY_PROCEDURES: Record<string, ProcedureExpectation> = {};
