import type { ProcedureExpectation } from "./guard-procedures";

/** Access of the new workspaces.* procedures (settings, members, ownership, deletion, usage) and agent copy (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const WORKSPACE_ADMIN_PROCEDURES: Record<string, ProcedureExpectation> = {};
