import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 academyQuiz and certificates procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ACADEMY_QUIZ_PROCEDURES: Record<string, ProcedureExpectation> = {};
