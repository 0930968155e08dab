import type { ProcedureExpectation } from "./guard-procedures";

/** Never a real row: admin reads and writes on it answer NOT_FOUND once past the guard. */
const MISSING = "00000000-0000-4000-8000-000000000000";

/** Access of adminWorkspaces.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_WORKSPACES_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminWorkspaces.list": { access: "admin", input: () => ({ search: "", planId: "", page: 1, pageSize: 20 }) },
  "adminWorkspaces.get": { access: "admin", input: (f) => ({ id: f.workspaceId }) },
  "adminWorkspaces.planOptions": { access: "admin" },
  "adminWorkspaces.setPlan": { access: "admin", input: () => ({ workspaceId: MISSING, planId: MISSING }) },
  "adminWorkspaces.setLimits": { access: "admin", input: () => ({ workspaceId: MISSING, maxAgents: 5, maxMembers: null }) },
  "adminWorkspaces.agents": { access: "admin", input: () => ({ search: "", status: "all", channel: "all", page: 1, pageSize: 20 }) },
  "adminWorkspaces.blockAgent": { access: "admin", input: () => ({ agentId: MISSING, reason: "Uso abusivo do agente" }) },
  "adminWorkspaces.unblockAgent": { access: "admin", input: () => ({ agentId: MISSING }) },
};
