import { createHash } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../lib/errors";
import { type CreateAgent, type ToggleAgent, type UpdateAgent, defaultConversationSettings } from "../schemas/agents";
import type { AgentCreatorScope, AgentDeleterScope, EditorScope } from "./access";
import { changedFields, logActivity } from "./activity";
import type { ServiceContext, WorkspaceScope } from "./context";
import { withTransaction } from "./context";
import { enabledModels } from "./ai-config";
import { effectiveLimits, limitMessage } from "./workspace-limits";
import { invalidateAgent } from "./agent-cache";
import { agentDefaults, workspaceCapMessage } from "./workspace-admin/settings";

export type Agent = typeof agents.$inferSelect;

/** Keys that change how the agent behaves; configHash covers exactly these. */
const BEHAVIOUR_KEYS = [
  "name", "activity", "description", "voiceTone", "aiProvider", "aiModel", "personality", "personalityMode", "personalityPreset",
  "personalitySettings", "agentMission", "agentAudience", "specialInstructions", "unknownResponseMessage", "errorResponseMessage",
  "greetingMessage", "enableCustomErrorResponses", "avoidedThemes", "avoidedWords", "allowedDomains", "customPersonalitySections",
  "companyName", "companyWebsite", "companySegment", "companyDetails", "conversationSettings",
] as const satisfies readonly (keyof Agent)[];

/** Canonical JSON (sorted keys) so the same config always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 (64 hex) of the effective configuration. */
export function computeConfigHash(agent: Pick<Agent, (typeof BEHAVIOUR_KEYS)[number]>) {
  const effective: Record<string, unknown> = {};
  for (const k of BEHAVIOUR_KEYS) effective[k] = agent[k];
  return createHash("sha256").update(canonical(effective)).digest("hex");
}

/** The editor may only pick a provider and model the admin enabled (when any provider is configured). */
async function assertModelEnabled(ctx: ServiceContext, provider: string | undefined, model: string | null) {
  const providers = await enabledModels(ctx);
  if (providers.length === 0) return; // offline: the choice takes effect once an admin adds a provider
  const chosen = provider ? providers.find((p) => p.provider === provider) : undefined;
  if (provider && !chosen) throw new AppError("VALIDATION", "Provedor de IA não habilitado pelo administrador", { field: "aiProvider" });
  const pool = chosen ? chosen.models : providers.flatMap((p) => p.models);
  if (model && !pool.includes(model)) throw new AppError("VALIDATION", "Modelo não habilitado pelo administrador", { field: "aiModel" });
}

export async function listAgents(ctx: ServiceContext, scope: WorkspaceScope) {
  return ctx.db.select().from(agents).where(eq(agents.workspaceId, scope.id)).orderBy(asc(agents.createdAt));
}

/** Scoped lookup: an agent of another workspace is "not found", never "forbidden" (no id probing). */
export async function getAgent(db: DbOrTx, scope: WorkspaceScope, id: string): Promise<Agent> {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Agente não encontrado");
  return row;
}

export async function createAgent(ctx: ServiceContext, scope: AgentCreatorScope, userId: string, input: CreateAgent) {
  // The workspace's own settings (issue 17): its agent cap under the plan's, and the default model.
  const defaults = await agentDefaults(ctx, scope.id);
  return withTransaction(ctx.db, async (tx) => {
    // The plan's limit, or the one a platform admin set for this workspace (issue 17).
    const limits = await effectiveLimits(tx, scope.id);
    const [existing] = await tx.select({ n: count() }).from(agents).where(eq(agents.workspaceId, scope.id));
    if ((existing?.n ?? 0) >= limits.maxAgents) throw new AppError("LIMIT_EXCEEDED", limitMessage(limits, "maxAgents"));
    if (defaults.maxAgents !== null && (existing?.n ?? 0) >= defaults.maxAgents) throw new AppError("LIMIT_EXCEEDED", workspaceCapMessage(defaults.maxAgents));
    const base = {
      workspaceId: scope.id,
      userId,
      name: input.name,
      activity: input.activity,
      description: input.description ?? null,
      avatarUrl: input.avatarUrl ?? null,
      conversationSettings: defaultConversationSettings,
      ...defaults.model,
    };
    const [row] = await tx.insert(agents).values(base).returning();
    if (!row) throw new AppError("INTERNAL", "Falha ao criar agente");
    const configHash = computeConfigHash(row);
    await tx.update(agents).set({ configHash }).where(eq(agents.id, row.id));
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: scope.id,
      agentId: row.id,
      action: "agent.create",
      category: "agent",
      resourceType: "agent",
      resourceId: row.id,
      description: `Agente criado: ${row.name}`,
      newValues: { name: row.name, activity: row.activity, aiModel: row.aiModel },
    });
    return { ...row, configHash };
  });
}

export async function updateAgent(ctx: ServiceContext, scope: EditorScope, userId: string, id: string, patch: UpdateAgent) {
  if (patch.aiProvider !== undefined || patch.aiModel) await assertModelEnabled(ctx, patch.aiProvider, patch.aiModel ?? null);
  return withTransaction(ctx.db, async (tx) => {
    const current = await getAgent(tx, scope, id);
    const next = { ...current, ...patch } as Agent;
    const configHash = computeConfigHash(next);
    const [row] = await tx
      .update(agents)
      .set({ ...patch, configHash })
      .where(and(eq(agents.id, id), eq(agents.workspaceId, scope.id)))
      .returning();
    invalidateAgent(id);
    const changed = Object.keys(patch).filter((k) => canonical(current[k as keyof Agent]) !== canonical(patch[k as keyof typeof patch]));
    if (changed.length) {
      await logActivity(tx, ctx.meta, {
        userId,
        workspaceId: scope.id,
        agentId: id,
        action: "agent.update",
        category: "agent",
        resourceType: "agent",
        resourceId: id,
        description: `Agente editado: ${row?.name ?? current.name}`,
        details: { fields: changed },
        // Only the fields that changed, before and after, secrets masked (changedFields).
        ...changedFields(Object.fromEntries(changed.map((k) => [k, current[k as keyof Agent]])), Object.fromEntries(changed.map((k) => [k, patch[k as keyof typeof patch]]))),
      });
    }
    return row as Agent;
  });
}

/** The owner's refusal to turn on an agent the platform blocked (issue 17). */
export const AGENT_BLOCKED_TOGGLE = "Este agente foi desativado pela administração da plataforma e não pode ser reativado por você. Fale com o suporte.";

export async function toggleAgent(ctx: ServiceContext, scope: EditorScope, userId: string, id: string, { isActive }: ToggleAgent) {
  if (isActive && (await getAgent(ctx.db, scope, id)).adminBlockedAt !== null) throw new AppError("FORBIDDEN", AGENT_BLOCKED_TOGGLE, { field: "isActive" });
  const [row] = await ctx.db
    .update(agents)
    .set({ isActive })
    .where(and(eq(agents.id, id), eq(agents.workspaceId, scope.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Agente não encontrado");
  invalidateAgent(id);
  await logActivity(ctx.db, ctx.meta, { userId, workspaceId: scope.id, agentId: id, action: isActive ? "agent.activate" : "agent.deactivate", category: "agent", resourceType: "agent", resourceId: id, description: `Agente ${isActive ? "ativado" : "desativado"}: ${row.name}`, oldValues: { isActive: !isActive }, newValues: { isActive } });
  return row;
}

export async function deleteAgent(ctx: ServiceContext, scope: AgentDeleterScope, userId: string, id: string) {
  const deleted = await ctx.db
    .delete(agents)
    .where(and(eq(agents.id, id), eq(agents.workspaceId, scope.id)))
    .returning({ id: agents.id, name: agents.name });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Agente não encontrado");
  invalidateAgent(id);
  await logActivity(ctx.db, ctx.meta, { userId, workspaceId: scope.id, action: "agent.delete", category: "agent", resourceType: "agent", resourceId: id, details: { name: deleted[0]?.name }, description: `Agente excluído: ${deleted[0]?.name ?? id}`, oldValues: { name: deleted[0]?.name ?? null } });
  return { ok: true };
}
