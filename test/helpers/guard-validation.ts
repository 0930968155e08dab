import type { ProcedureExpectation } from "./guard-procedures";

/** Access of validation.* (WhatsApp number checks) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const VALIDATION_PROCEDURES: Record<string, ProcedureExpectation> = {};
