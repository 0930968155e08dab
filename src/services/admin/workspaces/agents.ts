/**
 * /admin/agentes (issue 17): every agent across workspaces, and the admin's block of an abusive one.
 * A blocked agent (agents.admin_blocked_at) is off, answers nobody (agent-availability.ts) and its
 * owner cannot turn it back on (agents.ts toggleAgent); only an admin unblocks it.
 */
import { type SQL, and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { agents, users, workspaces } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import { log } from "../../../lib/logger";
import type { AdminAgentList, AdminBlockAgent } from "../../../schemas/admin-workspaces";
import { logActivity } from "../../activity";
import { invalidateAgent } from "../../agent-cache";
import { type ServiceContext, withTransaction } from "../../context";
import { toCredits } from "../../credits";
import { sendTemplatedMail } from "../../mail-templates/send";
import { effectiveLimits } from "../../workspace-limits";
import { ADMIN_COUNT_CAP, likePattern } from "./list";

/** The spend column covers this many days (read off credit_tx_agent_idx as a window). */
export const SPENT_DAYS = 30;
const DAY = 86_400_000;

export const ADMIN_AGENT_MESSAGES = {
  notFound: "Agente não encontrado",
  alreadyBlocked: "Este agente já está desativado pela administração",
  notBlocked: "Este agente não está desativado pela administração",
} as const;

function filters(input: AdminAgentList): SQL | undefined {
  const where: SQL[] = [];
  if (input.search) {
    const p = likePattern(input.search);
    where.push(sql`(${agents.name} like ${p} escape '\\' or ${workspaces.name} like ${p} escape '\\' or ${users.email} like ${p} escape '\\')`);
  }
  if (input.status === "blocked") where.push(isNotNull(agents.adminBlockedAt));
  if (input.status === "active") where.push(and(eq(agents.isActive, true), isNull(agents.adminBlockedAt)) as SQL);
  if (input.status === "inactive") where.push(and(eq(agents.isActive, false), isNull(agents.adminBlockedAt)) as SQL);
  if (input.channel === "none") where.push(sql`not exists (select 1 from channel_connections cc where cc.agent_id = ${agents.id})`);
  else if (input.channel !== "all") where.push(sql`exists (select 1 from channel_connections cc where cc.agent_id = ${agents.id} and cc.channel = ${input.channel})`);
  return where.length ? and(...where) : undefined;
}

export async function listAdminAgents(ctx: ServiceContext, input: AdminAgentList) {
  const where = filters(input);
  const since = ctx.now() - SPENT_DAYS * DAY;
  const rows = await ctx.db
    .select({
      id: agents.id,
      name: agents.name,
      isActive: agents.isActive,
      pausedByPlanAt: agents.pausedByPlanAt,
      blockedAt: agents.adminBlockedAt,
      blockedReason: agents.adminBlockedReason,
      createdAt: agents.createdAt,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      ownerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      ownerEmail: users.email,
      ownerStatus: users.status,
      // Per listed row only: each is one index read (channel_connections_agent_idx, conversations_agent_activity_idx, credit_tx_agent_idx).
      channels: sql<string | null>`(select group_concat(cc.channel) from channel_connections cc where cc.agent_id = ${agents.id})`,
      lastActivityAt: sql<number | null>`(select c.last_message_at from conversations c where c.agent_id = ${agents.id} and c.last_message_at is not null order by c.last_message_at desc limit 1)`,
      spentMilli: sql<number>`(select coalesce(sum(ct.credits_consumed), 0) from credit_transactions ct where ct.agent_id = ${agents.id} and ct.created_at >= ${since})`,
    })
    .from(agents)
    .innerJoin(workspaces, eq(workspaces.id, agents.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(where)
    .orderBy(desc(agents.createdAt))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const capped = ctx.db
    .select({ one: sql<number>`1`.as("one") })
    .from(agents)
    .innerJoin(workspaces, eq(workspaces.id, agents.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(where)
    .limit(ADMIN_COUNT_CAP + 1)
    .as("capped");
  const [total] = await ctx.db.select({ n: count() }).from(capped);
  const items = rows.map(({ channels, spentMilli, ownerName, ownerEmail, ownerStatus, ...r }) => ({
    ...r,
    status: r.blockedAt !== null ? ("blocked" as const) : r.isActive ? ("active" as const) : ("inactive" as const),
    owner: { name: ownerName, email: ownerEmail, status: ownerStatus },
    channels: channels ? [...new Set(channels.split(","))].sort() : [],
    creditsSpent: toCredits(Number(spentMilli ?? 0)),
  }));
  return { items, total: total?.n ?? 0, spentDays: SPENT_DAYS };
}

async function agentRow(ctx: ServiceContext, agentId: string) {
  const [row] = await ctx.db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", ADMIN_AGENT_MESSAGES.notFound);
  return row;
}

export async function adminBlockAgent(ctx: ServiceContext, adminId: string, input: AdminBlockAgent) {
  const agent = await agentRow(ctx, input.agentId);
  if (agent.adminBlockedAt !== null) throw new AppError("CONFLICT", ADMIN_AGENT_MESSAGES.alreadyBlocked);
  const now = ctx.now();
  await withTransaction(ctx.db, async (tx) => {
    // Off as well as blocked: every path that already skips inactive agents skips it too.
    await tx.update(agents).set({ adminBlockedAt: now, adminBlockedReason: input.reason, isActive: false, pausedByPlanAt: null, updatedAt: now }).where(eq(agents.id, agent.id));
    await logActivity(tx, ctx.meta, {
      userId: adminId,
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      action: "admin.agent.block",
      category: "admin",
      resourceType: "agent",
      resourceId: agent.id,
      description: `Agente "${agent.name}" desativado pela administração: ${input.reason}`,
      oldValues: { isActive: agent.isActive, adminBlocked: false },
      newValues: { isActive: false, adminBlocked: true, reason: input.reason },
    });
  });
  invalidateAgent(agent.id);
  await tellOwner(ctx, agent, input.reason);
  return { id: agent.id, blockedAt: now };
}

/** The workspace owner learns of the block by mail (best effort: the block stands if the mail fails). */
async function tellOwner(ctx: ServiceContext, agent: typeof agents.$inferSelect, reason: string) {
  const [owner] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, workspaceName: workspaces.name })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, agent.workspaceId))
    .limit(1);
  if (!owner) return;
  await sendTemplatedMail(ctx, "agent-blocked", owner.email, { firstName: owner.firstName, agentName: agent.name, workspaceName: owner.workspaceName, reason }).catch((err: unknown) =>
    log.warn("agent-blocked mail not sent", { agentId: agent.id, error: err instanceof Error ? err.message : String(err) }),
  );
}

/** Unblocks and turns the agent back on, unless the workspace is at its agent limit (then it waits, paused by the plan). */
export async function adminUnblockAgent(ctx: ServiceContext, adminId: string, agentId: string) {
  const agent = await agentRow(ctx, agentId);
  if (agent.adminBlockedAt === null) throw new AppError("CONFLICT", ADMIN_AGENT_MESSAGES.notBlocked);
  const now = ctx.now();
  const isActive = await withTransaction(ctx.db, async (tx) => {
    const limits = await effectiveLimits(tx, agent.workspaceId);
    const [active] = await tx
      .select({ n: count() })
      .from(agents)
      .where(and(eq(agents.workspaceId, agent.workspaceId), eq(agents.isActive, true)));
    const room = (active?.n ?? 0) < limits.maxAgents;
    await tx
      .update(agents)
      .set({ adminBlockedAt: null, adminBlockedReason: null, isActive: room, pausedByPlanAt: room ? null : now, updatedAt: now })
      .where(eq(agents.id, agent.id));
    await logActivity(tx, ctx.meta, {
      userId: adminId,
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      action: "admin.agent.unblock",
      category: "admin",
      resourceType: "agent",
      resourceId: agent.id,
      description: room ? `Agente "${agent.name}" reativado pela administração` : `Agente "${agent.name}" liberado pela administração (pausado: limite de agentes do plano atingido)`,
      oldValues: { isActive: false, adminBlocked: true, reason: agent.adminBlockedReason },
      newValues: { isActive: room, adminBlocked: false },
    });
    return room;
  });
  invalidateAgent(agent.id);
  return { id: agent.id, isActive };
}
