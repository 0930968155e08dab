import type { ProcedureExpectation } from "./guard-procedures";

const MISSING = "00000000-0000-4000-8000-000000000000";

/** Access of logs.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const LOGS_PROCEDURES: Record<string, ProcedureExpectation> = {
  // Naming another workspace's agent in the filter is NOT_FOUND (the filter never confirms a foreign id).
  "logs.list": { access: "member", input: (f) => ({ filter: { scope: "mine", agentId: f.agentId } }), scoped: true },
  // A line of another workspace is NOT_FOUND: proven with real line ids in test/logs-api.test.ts.
  "logs.get": { access: "member", input: () => ({ id: MISSING }) },
  "logs.options": { access: "member" },
};
