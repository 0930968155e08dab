/**
 * The one agent_integrations row an agent has per kind (agendor, n8n, nuvemshop, notion, e-mail,
 * web search, Google Calendar), always reached through the caller's workspace: another
 * workspace's agent is NOT_FOUND (getAgent), never its row. The integration services build on these.
 */
import { and, eq } from "drizzle-orm";
import { type IntegrationKind, agentIntegrations } from "../../db/schema";
import { type IntegrationRow, integrationsOf } from "../integrations/store";
import { AppError } from "../lib/errors";
import { changedFields } from "./activity";
import { auditWorkspace, integrationLabel } from "./activity-log/audit";
import { getAgent } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

/** The agent's row of this kind, or null; throws NOT_FOUND when the agent is not in the caller's workspace. */
export async function agentIntegrationOf(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, kind: IntegrationKind): Promise<IntegrationRow | null> {
  await getAgent(ctx.db, scope, agentId);
  return (await integrationsOf(ctx, agentId, kind)).find((r) => r.workspaceId === scope.id) ?? null;
}

/** Writes an already sealed config: updates `row` when the agent has one, creates it otherwise. */
export async function upsertAgentIntegration(
  ctx: ServiceContext,
  scope: WorkspaceScope,
  target: { agentId: string; kind: IntegrationKind; row: IntegrationRow | null },
  values: { config: Record<string, unknown>; enabled: boolean; resetTest?: boolean },
): Promise<IntegrationRow> {
  const set = {
    config: values.config,
    enabled: values.enabled,
    status: "configured",
    // New credentials make the last test result meaningless.
    ...(values.resetTest ? { lastTestedAt: null, testStatus: null, testMessage: null } : {}),
  };
  if (target.row) {
    const [next] = await ctx.db.update(agentIntegrations).set(set).where(eq(agentIntegrations.id, target.row.id)).returning();
    if (!next) throw new AppError("NOT_FOUND", "Integração não encontrada");
    await auditIntegration(ctx, scope, next, { enabled: target.row.enabled, ...target.row.config });
    return next;
  }
  const [created] = await ctx.db.insert(agentIntegrations).values({ workspaceId: scope.id, agentId: target.agentId, kind: target.kind, ...set }).returning();
  if (!created) throw new AppError("INTERNAL", "Falha ao salvar a integração");
  await auditIntegration(ctx, scope, created, {});
  return created;
}

/** "Integração salva" with the settings that changed (secrets masked by changedFields). */
function auditIntegration(ctx: ServiceContext, scope: WorkspaceScope, row: IntegrationRow, before: Record<string, unknown>) {
  const after = { enabled: row.enabled, ...row.config };
  return auditWorkspace(ctx, scope, {
    agentId: row.agentId,
    action: "integration.save",
    category: "integration",
    resourceType: "integration",
    resourceId: row.id,
    description: `Integração salva: ${integrationLabel(row.kind)}`,
    ...changedFields(before, after),
  });
}

export async function removeAgentIntegration(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, kind: IntegrationKind) {
  await getAgent(ctx.db, scope, agentId);
  const removed = await ctx.db
    .delete(agentIntegrations)
    .where(and(eq(agentIntegrations.agentId, agentId), eq(agentIntegrations.workspaceId, scope.id), eq(agentIntegrations.kind, kind)))
    .returning({ id: agentIntegrations.id });
  if (removed[0]) {
    await auditWorkspace(ctx, scope, { agentId, action: "integration.remove", category: "integration", resourceType: "integration", resourceId: removed[0].id, description: `Integração removida: ${integrationLabel(kind)}`, oldValues: { kind } });
  }
  return { ok: true as const };
}

/** Keeps a "Testar" outcome on the row, for the card's "Último teste". */
export async function recordIntegrationTest(ctx: ServiceContext, rowId: string, ok: boolean, message: string | null) {
  await ctx.db
    .update(agentIntegrations)
    .set({ lastTestedAt: ctx.now(), testStatus: ok ? "ok" : "failed", testMessage: message })
    .where(eq(agentIntegrations.id, rowId));
}
