import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 adminAcademyRecording procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_ACADEMY_RECORDING_PROCEDURES: Record<string, ProcedureExpectation> = {};
