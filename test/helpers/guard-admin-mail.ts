import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminMail.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_MAIL_PROCEDURES: Record<string, ProcedureExpectation> = {};
