import { and, eq, inArray, or } from "drizzle-orm";
import { channelRouters, orchestrationAgents, orchestrationRules } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import type { EditorScope } from "../access";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { slot } from "./crud";
import { AGENT_NOT_MEMBER, agentsOfWorkspace, assertEntryFree, audit, memberIdsOf, orchestrationOf, touch } from "./shared";

const ENTRY_NEEDS_REPLACEMENT = "Este agente é a entrada da orquestração: escolha outro agente como entrada antes de removê-lo";

/** Removing agents takes their rules and their place as a router's default or manual-rule target with them. */
async function dropAgents(tx: DbOrTx, orchestrationId: string, agentIds: string[]) {
  if (agentIds.length === 0) return;
  await tx.delete(orchestrationAgents).where(and(eq(orchestrationAgents.orchestrationId, orchestrationId), inArray(orchestrationAgents.agentId, agentIds)));
  await tx
    .delete(orchestrationRules)
    .where(and(eq(orchestrationRules.orchestrationId, orchestrationId), or(inArray(orchestrationRules.fromAgentId, agentIds), inArray(orchestrationRules.toAgentId, agentIds))));
  const routers = await tx.select().from(channelRouters).where(eq(channelRouters.orchestrationId, orchestrationId));
  for (const r of routers) {
    const manualRules = r.manualRules.filter((m) => !agentIds.includes(m.agentId));
    const defaultAgentId = r.defaultAgentId && agentIds.includes(r.defaultAgentId) ? null : r.defaultAgentId;
    if (manualRules.length !== r.manualRules.length || defaultAgentId !== r.defaultAgentId) {
      await tx.update(channelRouters).set({ manualRules, defaultAgentId }).where(eq(channelRouters.id, r.id));
    }
  }
}

async function markEntry(tx: DbOrTx, orchestrationId: string, agentId: string) {
  await tx.update(orchestrationAgents).set({ isEntryPoint: false }).where(and(eq(orchestrationAgents.orchestrationId, orchestrationId), eq(orchestrationAgents.isEntryPoint, true)));
  await tx.update(orchestrationAgents).set({ isEntryPoint: true }).where(and(eq(orchestrationAgents.orchestrationId, orchestrationId), eq(orchestrationAgents.agentId, agentId)));
}

/** Replaces the member list at once (the create dialog's picker on an existing orchestration). */
export async function setAgents(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; agentIds: string[]; entryAgentId: string }) {
  const ids = [...new Set([input.entryAgentId, ...input.agentIds])];
  await withTransaction(ctx.db, async (tx) => {
    const row = await orchestrationOf(tx, scope.id, input.id);
    await agentsOfWorkspace(tx, scope.id, ids, "agentIds");
    if (row.isActive) await assertEntryFree(tx, scope.id, input.entryAgentId, row.id);
    const { ids: current } = await memberIdsOf(tx, row.id);
    await dropAgents(tx, row.id, [...current].filter((a) => !ids.includes(a)));
    const added = ids.filter((a) => !current.has(a));
    if (added.length > 0) {
      await tx.insert(orchestrationAgents).values(added.map((agentId, i) => ({ orchestrationId: row.id, workspaceId: scope.id, agentId, position: slot(current.size + i + 1) })));
    }
    await markEntry(tx, row.id, input.entryAgentId);
    await touch(tx, row.id, ctx.now());
  });
  await audit(ctx, scope, userId, "orchestration.agents", input.id, "Agentes da orquestração alterados", { newValues: { agentIds: ids, entryAgentId: input.entryAgentId } });
  return { ok: true };
}

export async function addAgent(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; agentId: string; position?: { x: number; y: number }; role?: string }) {
  const names = await withTransaction(ctx.db, async (tx) => {
    const row = await orchestrationOf(tx, scope.id, input.id);
    const found = await agentsOfWorkspace(tx, scope.id, [input.agentId]);
    const { ids, entryId } = await memberIdsOf(tx, row.id);
    if (ids.has(input.agentId)) throw new AppError("CONFLICT", "Este agente já faz parte da orquestração", { field: "agentId" });
    // The first agent of an empty orchestration becomes its entry point.
    const isEntryPoint = entryId === null;
    if (isEntryPoint && row.isActive) await assertEntryFree(tx, scope.id, input.agentId, row.id);
    await tx.insert(orchestrationAgents).values({ orchestrationId: row.id, workspaceId: scope.id, agentId: input.agentId, isEntryPoint, position: input.position ?? slot(ids.size), role: input.role || null });
    await touch(tx, row.id, ctx.now());
    return found;
  });
  await audit(ctx, scope, userId, "orchestration.agent.add", input.id, `Agente adicionado à orquestração: ${names.get(input.agentId) ?? input.agentId}`, { newValues: { agentId: input.agentId } });
  return { ok: true };
}

export async function removeAgent(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; agentId: string; newEntryAgentId?: string }) {
  await withTransaction(ctx.db, async (tx) => {
    const row = await orchestrationOf(tx, scope.id, input.id);
    const { ids, entryId } = await memberIdsOf(tx, row.id);
    if (!ids.has(input.agentId)) throw new AppError("NOT_FOUND", AGENT_NOT_MEMBER, { field: "agentId" });
    if (entryId === input.agentId && ids.size > 1) {
      const next = input.newEntryAgentId;
      if (!next || next === input.agentId) throw new AppError("VALIDATION", ENTRY_NEEDS_REPLACEMENT, { field: "newEntryAgentId" });
      if (!ids.has(next)) throw new AppError("VALIDATION", AGENT_NOT_MEMBER, { field: "newEntryAgentId" });
      if (row.isActive) await assertEntryFree(tx, scope.id, next, row.id);
      await markEntry(tx, row.id, next);
    }
    await dropAgents(tx, row.id, [input.agentId]);
    await touch(tx, row.id, ctx.now());
  });
  await audit(ctx, scope, userId, "orchestration.agent.remove", input.id, "Agente removido da orquestração", { oldValues: { agentId: input.agentId }, newValues: { entryAgentId: input.newEntryAgentId ?? null } });
  return { ok: true };
}

export async function setEntryPoint(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; agentId: string }) {
  await withTransaction(ctx.db, async (tx) => {
    const row = await orchestrationOf(tx, scope.id, input.id);
    await agentsOfWorkspace(tx, scope.id, [input.agentId]);
    const { ids } = await memberIdsOf(tx, row.id);
    if (!ids.has(input.agentId)) throw new AppError("VALIDATION", AGENT_NOT_MEMBER, { field: "agentId" });
    if (row.isActive) await assertEntryFree(tx, scope.id, input.agentId, row.id);
    await markEntry(tx, row.id, input.agentId);
    await touch(tx, row.id, ctx.now());
  });
  await audit(ctx, scope, userId, "orchestration.entry", input.id, "Entrada da orquestração alterada", { newValues: { entryAgentId: input.agentId } });
  return { ok: true };
}

/** The graph's drag: positions of members only (ids of other agents are ignored, not created). */
export async function savePositions(ctx: ServiceContext, scope: EditorScope, userId: string, input: { id: string; positions: { agentId: string; x: number; y: number }[] }) {
  await withTransaction(ctx.db, async (tx) => {
    const row = await orchestrationOf(tx, scope.id, input.id);
    for (const p of input.positions) {
      await tx
        .update(orchestrationAgents)
        .set({ position: { x: Math.round(p.x), y: Math.round(p.y) } })
        .where(and(eq(orchestrationAgents.orchestrationId, row.id), eq(orchestrationAgents.agentId, p.agentId)));
    }
  });
  await audit(ctx, scope, userId, "orchestration.positions", input.id, "Posições do grafo salvas", { details: { count: input.positions.length } });
  return { ok: true };
}
