import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { agents, channelRouters, orchestrationAgents, orchestrationRules, orchestrations } from "../../../db/schema";
import { DEFAULT_ROUTER_CONFIDENCE_THRESHOLD, ROUTING_CHANNELS, type CreateOrchestrationInput, type ListOrchestrationsInput, type RoutingChannel } from "../../schemas/orchestration";
import type { DbOrTx, ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import type { EditorScope } from "../access";
import { agentsOfWorkspace, assertEntryFree, audit, memberIdsOf, orchestrationOf } from "./shared";

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list page: search by name, pages, each with its agent count and entry agent's name. */
export async function listOrchestrations(db: DbOrTx, scope: WorkspaceScope, input: ListOrchestrationsInput) {
  const where = and(eq(orchestrations.workspaceId, scope.id), input.search ? sql`${orchestrations.name} like ${likePattern(input.search)} escape '\\'` : undefined);
  const [total] = await db.select({ n: count() }).from(orchestrations).where(where);
  const rows = await db
    .select({
      id: orchestrations.id,
      name: orchestrations.name,
      description: orchestrations.description,
      isActive: orchestrations.isActive,
      createdAt: orchestrations.createdAt,
      updatedAt: orchestrations.updatedAt,
      agentCount: sql<number>`(select count(*) from orchestration_agents oa where oa.orchestration_id = "orchestrations"."id")`,
      entryAgentId: sql<string | null>`(select oa.agent_id from orchestration_agents oa where oa.orchestration_id = "orchestrations"."id" and oa.is_entry_point = 1 limit 1)`,
      entryAgentName: sql<string | null>`(select a.name from orchestration_agents oa join agents a on a.id = oa.agent_id where oa.orchestration_id = "orchestrations"."id" and oa.is_entry_point = 1 limit 1)`,
    })
    .from(orchestrations)
    .where(where)
    .orderBy(desc(orchestrations.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items: rows.map((r) => ({ ...r, agentCount: Number(r.agentCount) })), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export type RouterConfig = {
  channel: RoutingChannel;
  aiEnabled: boolean;
  aiConfidenceThreshold: number;
  aiModel: string | null;
  manualRules: (typeof channelRouters.$inferSelect)["manualRules"];
  defaultAgentId: string | null;
  lowConfidenceAction: "default_agent" | "human";
  /** False: never saved, the defaults apply. */
  saved: boolean;
};

export const defaultRouter = (channel: RoutingChannel): RouterConfig => ({
  channel,
  aiEnabled: true,
  aiConfidenceThreshold: DEFAULT_ROUTER_CONFIDENCE_THRESHOLD,
  aiModel: null,
  manualRules: [],
  defaultAgentId: null,
  lowConfidenceAction: "default_agent",
  saved: false,
});

export async function routersOf(db: DbOrTx, orchestrationId: string): Promise<RouterConfig[]> {
  const rows = await db.select().from(channelRouters).where(eq(channelRouters.orchestrationId, orchestrationId));
  return ROUTING_CHANNELS.map((channel) => {
    const r = rows.find((x) => x.channel === channel);
    if (!r) return defaultRouter(channel);
    const { aiEnabled, aiConfidenceThreshold, aiModel, manualRules, defaultAgentId, lowConfidenceAction } = r;
    return { channel, aiEnabled, aiConfidenceThreshold, aiModel, manualRules, defaultAgentId, lowConfidenceAction, saved: true };
  });
}

/** The detail page: the orchestration, its agents (name, avatar, active), rules and the 4 routers. */
export async function getOrchestration(db: DbOrTx, scope: WorkspaceScope, id: string) {
  const row = await orchestrationOf(db, scope.id, id);
  const members = await db
    .select({
      agentId: orchestrationAgents.agentId,
      isEntryPoint: orchestrationAgents.isEntryPoint,
      position: orchestrationAgents.position,
      role: orchestrationAgents.role,
      name: agents.name,
      avatarUrl: agents.avatarUrl,
      isActive: agents.isActive,
    })
    .from(orchestrationAgents)
    .innerJoin(agents, eq(agents.id, orchestrationAgents.agentId))
    .where(eq(orchestrationAgents.orchestrationId, id))
    .orderBy(asc(orchestrationAgents.createdAt));
  const rules = await db.select().from(orchestrationRules).where(eq(orchestrationRules.orchestrationId, id)).orderBy(desc(orchestrationRules.priority), asc(orchestrationRules.createdAt));
  return { ...row, agents: members, rules, routers: await routersOf(db, id) };
}

/** Spreads new agents on the graph in a row under the entry point. */
export const slot = (i: number) => (i === 0 ? { x: 250, y: 0 } : { x: (i - 1) * 260, y: 200 });

export async function createOrchestration(ctx: ServiceContext, scope: EditorScope, userId: string, input: CreateOrchestrationInput) {
  const ids = [...new Set(input.agentIds)];
  const entryId = input.entryAgentId ?? ids[0] ?? null;
  if (entryId && !ids.includes(entryId)) ids.unshift(entryId);
  const ordered = entryId ? [entryId, ...ids.filter((i) => i !== entryId)] : ids;
  const created = await withTransaction(ctx.db, async (tx) => {
    await agentsOfWorkspace(tx, scope.id, ordered, "agentIds");
    if (entryId) await assertEntryFree(tx, scope.id, entryId, null);
    const [row] = await tx.insert(orchestrations).values({ workspaceId: scope.id, name: input.name, description: input.description || null, createdByUserId: userId }).returning();
    if (!row) throw new Error("orchestration insert returned nothing");
    if (ordered.length > 0) {
      await tx.insert(orchestrationAgents).values(ordered.map((agentId, i) => ({ orchestrationId: row.id, workspaceId: scope.id, agentId, isEntryPoint: agentId === entryId, position: slot(i) })));
    }
    return row;
  });
  await audit(ctx, scope, userId, "orchestration.create", created.id, `Orquestração criada: ${created.name}`, { newValues: { name: created.name, agentIds: ordered } });
  return created;
}

export async function updateOrchestration(ctx: ServiceContext, scope: EditorScope, userId: string, id: string, patch: { name?: string; description?: string; isActive?: boolean }) {
  const before = await orchestrationOf(ctx.db, scope.id, id);
  if (patch.isActive === true && !before.isActive) {
    const { entryId } = await memberIdsOf(ctx.db, id);
    if (entryId) await assertEntryFree(ctx.db, scope.id, entryId, id);
  }
  const set = { ...patch, ...(patch.description !== undefined ? { description: patch.description || null } : {}) };
  const [row] = await ctx.db
    .update(orchestrations)
    .set({ ...set, updatedAt: ctx.now() })
    .where(and(eq(orchestrations.id, id), eq(orchestrations.workspaceId, scope.id)))
    .returning();
  if (!row) throw new Error("orchestration vanished mid-update");
  const action = patch.isActive === undefined || patch.isActive === before.isActive ? "orchestration.update" : patch.isActive ? "orchestration.activate" : "orchestration.deactivate";
  await audit(ctx, scope, userId, action, id, `Orquestração atualizada: ${row.name}`, {
    oldValues: { name: before.name, description: before.description, isActive: before.isActive },
    newValues: { name: row.name, description: row.description, isActive: row.isActive },
  });
  return row;
}

export async function deleteOrchestration(ctx: ServiceContext, scope: EditorScope, userId: string, id: string) {
  const row = await orchestrationOf(ctx.db, scope.id, id);
  await ctx.db.delete(orchestrations).where(and(eq(orchestrations.id, id), eq(orchestrations.workspaceId, scope.id)));
  await audit(ctx, scope, userId, "orchestration.delete", id, `Orquestração excluída: ${row.name}`, { oldValues: { name: row.name } });
  return { ok: true };
}
