import type { ProcedureExpectation } from "./guard-procedures";

/** A lesson/course id that exists nowhere: the samples never enrol the fixture's users in anything. */
const MISSING = "00000000-0000-4000-8000-000000000019";

/**
 * Access of the issue-19 academy (learner) procedures: merged into PROCEDURES by guard-procedures.ts.
 * Any signed-in user; which course each may open is checked per course (test/academy-learner.test.ts).
 */
export const ACADEMY_PROCEDURES: Record<string, ProcedureExpectation> = {
  "academy.courses": { access: "authed" },
  "academy.course": { access: "authed", input: () => ({ id: MISSING }) },
  "academy.lesson": { access: "authed", input: () => ({ id: MISSING }) },
  "academy.progress": { access: "authed", input: () => ({ lessonId: MISSING, percent: 50, positionSeconds: 30 }) },
  "academy.complete": { access: "authed", input: () => ({ lessonId: MISSING }) },
};
