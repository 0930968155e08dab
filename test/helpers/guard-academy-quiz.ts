import type { ProcedureExpectation } from "./guard-procedures";

/** No quiz or attempt of the fixture's workspaces: an unknown id is "not found" (allowed, and nothing changes). */
const UNKNOWN = "01930000-0000-7000-8000-00000000a19e";

/** Access of the issue-19 academyQuiz and certificates procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ACADEMY_QUIZ_PROCEDURES: Record<string, ProcedureExpectation> = {
  "academyQuiz.get": { access: "authed", input: () => ({ quizId: UNKNOWN }) },
  "academyQuiz.start": { access: "authed", input: () => ({ quizId: UNKNOWN }) },
  "academyQuiz.submit": { access: "authed", input: () => ({ attemptId: UNKNOWN, answers: {} }) },
  "certificates.mine": { access: "authed" },
  "certificates.verify": { access: "public", input: () => ({ code: "ATD-0000-0000" }) },
};
