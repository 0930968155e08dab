import type { ProcedureExpectation } from "./guard-procedures";

/** Refused by safe-fetch before any network use (guard-procedures.ts LOOPBACK; not imported: that module imports this one). */
const LOOPBACK = "http://127.0.0.1:9";
/** A workspace no one has: the admin's limit write is NOT_FOUND, so a guard run changes no workspace. */
const MISSING = "00000000-0000-4000-8000-000000000000";

/**
 * Access of adminPlatform.* and the workspace side of the platform gateway (issue 17): merged into
 * PROCEDURES by guard-procedures.ts. The admin's saves keep the gateway off, so a guard run offers
 * it to no workspace.
 */
export const ADMIN_PLATFORM_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminPlatform.uazapi.get": { access: "admin" },
  "adminPlatform.uazapi.save": { access: "admin", input: () => ({ enabled: false, serverUrl: LOOPBACK, adminToken: "token-de-guarda", instancesPerWorkspace: 1 }) },
  "adminPlatform.uazapi.test": { access: "admin", input: () => ({ serverUrl: LOOPBACK, adminToken: "token-de-guarda" }) },
  "adminPlatform.uazapi.workspaces": { access: "admin", input: () => ({ ownerEmail: "ninguem@exemplo.com.br" }) },
  "adminPlatform.uazapi.setWorkspaceLimit": { access: "admin", input: () => ({ workspaceId: MISSING, uazapiInstances: 2 }) },
  "adminPlatform.whatsapp.get": { access: "admin" },
  "adminPlatform.whatsapp.save": { access: "admin", input: () => ({ appId: "1234567890", graphVersion: "v21.0" }) },
  "adminPlatform.whatsapp.test": { access: "admin", input: () => ({}) },
  "adminPlatform.status": { access: "admin" },
  "adminPlatform.refreshStatus": { access: "admin", input: () => ({}) },
  "channels.uazapiPlatform": { access: "member" },
  "channels.connectUazapiPlatform": { access: "canEditAgents", input: (f) => ({ agentId: f.agentId, instanceName: "loja-guarda" }), scoped: true },
};
