import type { ProcedureExpectation } from "./guard-procedures";

const NO_FLAGS = { canCreateAgents: false, canEditAgents: false, canDeleteAgents: false, canManageMembers: false, canManageSettings: false };

/** Access of the new workspaces.* procedures (settings, members, ownership, deletion, usage) and agent copy (issue 17): merged into PROCEDURES by guard-procedures.ts. */
export const WORKSPACE_ADMIN_PROCEDURES: Record<string, ProcedureExpectation> = {
  "workspaces.details": { access: "member" },
  "workspaces.usage": { access: "member", input: () => ({ period: 30 }) },
  "workspaces.update": { access: "canManageSettings", input: () => ({ name: "Workspace da matriz", description: "Descrição de teste" }) },
  "workspaces.updateSettings": {
    access: "canManageSettings",
    input: () => ({ allowPublicJoin: false, defaultAgentModel: null, maxAgents: null, timezone: "America/Sao_Paulo" }),
  },
  // The owner's own id: refused for the owner of A (cannot edit/remove the owner), NOT_FOUND with B's.
  "workspaces.members.update": {
    access: "canManageMembers",
    input: (f) => ({ userId: f.ownerId, role: "viewer", permissions: NO_FLAGS }),
    scoped: true,
  },
  "workspaces.members.remove": { access: "canManageMembers", input: (f) => ({ userId: f.ownerId }), scoped: true },
  // Owner only (checked in the service on top of canManageSettings); to oneself it is refused.
  "workspaces.transferOwnership": { access: "canManageSettings", input: (f) => ({ userId: f.ownerId }), scoped: true },
  // A wrong typed name: the sample never erases the fixture's workspace.
  "workspaces.delete": { access: "canManageSettings", input: () => ({ confirmName: "nome que não confere" }) },
  "agents.copyToWorkspace": {
    access: "canEditAgents",
    input: (f) => ({ agentId: f.agentId, targetWorkspaceId: f.workspaceId, newName: "Cópia da matriz" }),
    scoped: true,
  },
};
