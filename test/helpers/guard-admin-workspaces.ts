import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminWorkspaces.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_WORKSPACES_PROCEDURES: Record<string, ProcedureExpectation> = {};
