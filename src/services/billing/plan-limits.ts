/**
 * A plan change's effect on agents (issue 15): beyond the new plan's maxAgents, the newest active
 * agents are paused (isActive=false + paused_by_plan_at), never deleted, and the oldest kept. An
 * upgrade wakes agents paused by a plan, oldest first, up to the new limit.
 */
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { agents } from "../../../db/schema";
import type { DbOrTx } from "../context";
import { workspaceOverrides } from "../workspace-limits";

export async function applyAgentLimit(tx: DbOrTx, workspaceId: string, planMaxAgents: number, now: number) {
  // A limit a platform admin set for this workspace wins over the plan's (issue 17).
  const maxAgents = (await workspaceOverrides(tx, workspaceId))?.maxAgents ?? planMaxAgents;
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), eq(agents.isActive, true)))
    .orderBy(asc(agents.createdAt), asc(agents.id))
    .limit(10_000);
  const over = active.slice(Math.max(0, maxAgents));
  for (const a of over) await tx.update(agents).set({ isActive: false, pausedByPlanAt: now }).where(eq(agents.id, a.id));
  const room = maxAgents - active.length;
  if (room <= 0) return { paused: over.length, resumed: 0 };
  const paused = await tx
    .select({ id: agents.id })
    .from(agents)
    // An agent the platform blocked stays off whatever the plan (issue 17).
    .where(and(eq(agents.workspaceId, workspaceId), isNotNull(agents.pausedByPlanAt), isNull(agents.adminBlockedAt)))
    .orderBy(asc(agents.createdAt), asc(agents.id))
    .limit(room);
  for (const a of paused) await tx.update(agents).set({ isActive: true, pausedByPlanAt: null }).where(eq(agents.id, a.id));
  return { paused: 0, resumed: paused.length };
}

/** Newest first: the agents a downgrade would pause (for a confirm dialog). */
export async function agentsBeyond(db: DbOrTx, workspaceId: string, planMaxAgents: number) {
  const maxAgents = (await workspaceOverrides(db, workspaceId))?.maxAgents ?? planMaxAgents;
  const active = await db
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(and(eq(agents.workspaceId, workspaceId), eq(agents.isActive, true)))
    .orderBy(desc(agents.createdAt), desc(agents.id))
    .limit(10_000);
  return active.slice(0, Math.max(0, active.length - maxAgents));
}
