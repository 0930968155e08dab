import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminPlatform.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_PLATFORM_PROCEDURES: Record<string, ProcedureExpectation> = {};
