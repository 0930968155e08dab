import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the issue-19 adminAcademy procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_ACADEMY_PROCEDURES: Record<string, ProcedureExpectation> = {};
