import type { Fixture } from "./guard-fixtures";
import type { ProcedureExpectation } from "./guard-procedures";

const byImport = (f: Fixture) => ({ id: f.crm.importId });

/** Access of the CRM's imports procedures (issue 14): merged into PROCEDURES by guard-procedures.ts. */
export const CRM_IMPORTS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "contacts.imports.list": { access: "member" },
  "contacts.imports.get": { access: "member", input: byImport, scoped: true },
  // The fixture's import is finished: the owner gets a 409, nothing changes.
  "contacts.imports.cancel": { access: "canAnswerConversations", input: byImport, scoped: true },
};
