import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { agents, orchestrationAgents, orchestrations } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";

export const ORCHESTRATION_NOT_FOUND = "Orquestração não encontrada";
/** Another workspace's agent reads exactly like a missing one (no existence leak). */
export const AGENT_NOT_IN_WORKSPACE = "Agente não encontrado neste espaço de trabalho";
export const AGENT_NOT_MEMBER = "Este agente não faz parte da orquestração";

export async function orchestrationOf(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(orchestrations)
    .where(and(eq(orchestrations.id, id), eq(orchestrations.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", ORCHESTRATION_NOT_FOUND);
  return row;
}

/** Every id must be an agent of this workspace; answers their names by id. */
export async function agentsOfWorkspace(db: DbOrTx, workspaceId: string, ids: readonly string[], field = "agentId") {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), inArray(agents.id, unique)));
  if (rows.length !== unique.length) throw new AppError("NOT_FOUND", AGENT_NOT_IN_WORKSPACE, { field });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function memberIdsOf(db: DbOrTx, orchestrationId: string) {
  const rows = await db
    .select({ agentId: orchestrationAgents.agentId, isEntryPoint: orchestrationAgents.isEntryPoint })
    .from(orchestrationAgents)
    .where(eq(orchestrationAgents.orchestrationId, orchestrationId));
  return { ids: new Set(rows.map((r) => r.agentId)), entryId: rows.find((r) => r.isEntryPoint)?.agentId ?? null };
}

export function assertMembers(members: Set<string>, ids: readonly (string | null | undefined)[], field = "agentId") {
  for (const id of ids) if (id && !members.has(id)) throw new AppError("VALIDATION", AGENT_NOT_MEMBER, { field });
}

/**
 * A turn enters at one place: an agent is the entry point of at most one ACTIVE orchestration
 * (the router would not know which one to follow otherwise).
 */
export async function assertEntryFree(db: DbOrTx, workspaceId: string, agentId: string, exceptOrchestrationId: string | null) {
  const [other] = await db
    .select({ name: orchestrations.name, agentName: agents.name })
    .from(orchestrationAgents)
    .innerJoin(orchestrations, eq(orchestrations.id, orchestrationAgents.orchestrationId))
    .innerJoin(agents, eq(agents.id, orchestrationAgents.agentId))
    .where(
      and(
        eq(orchestrationAgents.agentId, agentId),
        eq(orchestrationAgents.isEntryPoint, true),
        eq(orchestrations.workspaceId, workspaceId),
        eq(orchestrations.isActive, true),
        exceptOrchestrationId ? ne(orchestrations.id, exceptOrchestrationId) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    throw new AppError("CONFLICT", `O agente "${other.agentName}" já é a entrada da orquestração ativa "${other.name}". Desative-a ou escolha outra entrada.`, { field: "entryAgentId" });
  }
}

export const touch = (db: DbOrTx, id: string, now: number) => db.update(orchestrations).set({ updatedAt: now }).where(eq(orchestrations.id, id));

/** One audit line per change (category agent: orchestrations are how agents work together). */
export function audit(ctx: ServiceContext, scope: WorkspaceScope, userId: string, action: string, orchestrationId: string, description: string, extra?: { oldValues?: Record<string, unknown>; newValues?: Record<string, unknown>; details?: Record<string, unknown> }) {
  return logActivity(ctx.db, ctx.meta, { userId, workspaceId: scope.id, action, category: "agent", resourceType: "orchestration", resourceId: orchestrationId, description, ...extra });
}
