import type { ProcedureExpectation } from "./guard-procedures";

const byRun = (f: { campaigns: { validationRunId: string } }) => ({ id: f.campaigns.validationRunId });

/** Access of validation.* (WhatsApp number checks) (issue 16): merged into PROCEDURES by guard-procedures.ts. Fixture rows: f.campaigns. */
export const VALIDATION_PROCEDURES: Record<string, ProcedureExpectation> = {
  "validation.connections": { access: "member" },
  "validation.targets": { access: "member" },
  "validation.list": { access: "member" },
  "validation.get": { access: "member", input: byRun, scoped: true },
  "validation.results": { access: "member", input: (f) => ({ id: f.campaigns.validationRunId, filter: "valid", page: 1 }), scoped: true },
  "validation.csv": { access: "member", input: byRun, scoped: true },
  // The fixture's connection is not an own-server WhatsApp: the owner gets a 400 and nothing starts.
  "validation.start": { access: "canAnswerConversations", input: (f) => ({ connectionId: f.connectionId, target: { kind: "campaign_list", listId: f.campaigns.listId } }), scoped: true },
  // The fixture's run is finished: the owner gets a 409, nothing changes.
  "validation.cancel": { access: "canAnswerConversations", input: byRun, scoped: true },
};
