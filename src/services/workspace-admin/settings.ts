import { eq } from "drizzle-orm";
import { workspaces } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import type { UpdateWorkspace, WorkspaceSettingsInput } from "../../schemas/workspace-admin";
import { defaultWorkspaceSettings } from "../../schemas/workspaces";
import { type ScopeWith, WORKSPACE_NOT_FOUND, forgetMemberships } from "../access";
import { changedFields, logActivity } from "../activity";
import { enabledModels } from "../ai-config";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { effectiveLimits } from "../workspace-limits";

type SettingsScope = ScopeWith<"canManageSettings">;

const actorId = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

async function workspaceRow(ctx: { db: DbOrTx }, id: string) {
  const [row] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", WORKSPACE_NOT_FOUND);
  return row;
}

/** The plan's agent cap with an admin's override applied (what "maxAgents within the plan" is bounded by). */
async function planMaxAgents(ctx: Pick<ServiceContext, "db">, workspaceId: string) {
  const limits = await effectiveLimits(ctx.db, workspaceId);
  return { max: limits.maxAgents, planName: limits.plan.name };
}

/**
 * What a new agent of the workspace gets from its settings: the default model (with its provider,
 * when the admin still offers it) and the workspace's own agent cap. Read before the creating
 * transaction (enabledModels reads through deps.db).
 */
export async function agentDefaults(ctx: ServiceContext, workspaceId: string) {
  const [row] = await ctx.db.select({ settings: workspaces.settings }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  const settings = { ...defaultWorkspaceSettings, ...row?.settings };
  const model = settings.defaultAgentModel;
  const provider = model ? (await enabledModels(ctx)).find((p) => p.models.includes(model))?.provider : undefined;
  return { maxAgents: settings.maxAgents, model: provider && model ? { aiProvider: provider, aiModel: model } : null };
}

export const workspaceCapMessage = (n: number) =>
  `Este workspace está configurado para até ${n} ${n === 1 ? "agente" : "agentes"}. Altere o limite em Workspace › Configurações.`;

/** The /workspace overview: name, description, settings with the plan's bounds, and the models the admin enabled. */
export async function workspaceDetails(ctx: ServiceContext, scope: WorkspaceScope) {
  const row = await workspaceRow(ctx, scope.id);
  const { max, planName } = await planMaxAgents(ctx, scope.id);
  const providers = await enabledModels(ctx);
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? "",
    ownerId: row.ownerId,
    settings: { ...defaultWorkspaceSettings, ...row.settings },
    planName,
    planMaxAgents: max,
    models: providers.flatMap((p) => p.models.map((m) => ({ provider: p.provider, providerName: p.displayName, model: m }))),
    createdAt: row.createdAt,
  };
}

export async function updateWorkspace(ctx: ServiceContext, scope: SettingsScope, input: UpdateWorkspace) {
  const result = await withTransaction(ctx.db, async (tx) => {
    const before = await workspaceRow({ db: tx }, scope.id);
    const after = { name: input.name, description: input.description || null };
    await tx.update(workspaces).set(after).where(eq(workspaces.id, scope.id));
    const diff = changedFields({ name: before.name, description: before.description }, after);
    if (Object.keys(diff.newValues).length > 0) {
      await logActivity(tx, ctx.meta, {
        userId: actorId(ctx),
        workspaceId: scope.id,
        action: "workspace.update",
        category: "workspace",
        resourceType: "workspace",
        resourceId: scope.id,
        description: before.name === after.name ? `Descrição do workspace "${after.name}" alterada` : `Workspace "${before.name}" renomeado para "${after.name}"`,
        ...diff,
      });
    }
    return { id: scope.id, name: after.name, description: after.description ?? "" };
  });
  // The name is cached in every member's scope and workspace list.
  forgetMemberships({ workspaceId: scope.id });
  return result;
}

export async function updateWorkspaceSettings(ctx: ServiceContext, scope: SettingsScope, input: WorkspaceSettingsInput) {
  const row = await workspaceRow(ctx, scope.id);
  if (input.defaultAgentModel) {
    const models = (await enabledModels(ctx)).flatMap((p) => p.models);
    if (!models.includes(input.defaultAgentModel)) {
      throw new AppError("VALIDATION", "Modelo não habilitado pelo administrador", { field: "defaultAgentModel" });
    }
  }
  if (input.maxAgents !== null) {
    const { max, planName } = await planMaxAgents(ctx, scope.id);
    if (input.maxAgents > max) {
      throw new AppError("VALIDATION", `Seu plano ${planName} permite até ${max} ${max === 1 ? "agente" : "agentes"}.`, { field: "maxAgents" });
    }
  }
  const before = { ...defaultWorkspaceSettings, ...row.settings };
  const after = { ...before, ...input };
  await ctx.db.update(workspaces).set({ settings: after }).where(eq(workspaces.id, scope.id));
  const diff = changedFields(before, after);
  if (Object.keys(diff.newValues).length > 0) {
    await logActivity(ctx.db, ctx.meta, {
      userId: actorId(ctx),
      workspaceId: scope.id,
      action: "workspace.settings",
      category: "workspace",
      resourceType: "workspace",
      resourceId: scope.id,
      description: `Configurações do workspace "${row.name}" alteradas`,
      ...diff,
    });
  }
  return after;
}
