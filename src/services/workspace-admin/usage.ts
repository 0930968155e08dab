import { tzOffset } from "@date-fns/tz";
import { and, asc, count, desc, eq, gte, inArray, max, sql } from "drizzle-orm";
import { agents, conversations, creditTransactions, userActivityLogs, users } from "../../../db/schema";
import { toCredits } from "../credits";
import type { ServiceContext, WorkspaceScope } from "../context";
import { workspaceTimezone } from "../workspace-settings";

const DAY = 86_400_000;

/** YYYY-MM-DD of an instant in `tz`. */
const dayIn = (tz: string, ms: number) => new Date(ms + tzOffset(tz, new Date(ms)) * 60_000).toISOString().slice(0, 10);

/**
 * /workspace/dashboard: agents, conversations per day (in the workspace's time zone), credits per
 * agent and members' activity over the last `period` days. Every read is one workspace's rows in
 * the period, through the (workspace_id, created_at) indexes.
 */
export async function workspaceUsage(ctx: ServiceContext, scope: WorkspaceScope, period: 7 | 15 | 30) {
  const now = ctx.now();
  const tz = await workspaceTimezone(ctx.db, scope.id);
  const since = now - (period + 1) * DAY;
  const offsetSec = tzOffset(tz, new Date(now)) * 60;

  const agentRows = await ctx.db
    .select({ id: agents.id, name: agents.name, isActive: agents.isActive })
    .from(agents)
    .where(eq(agents.workspaceId, scope.id))
    .orderBy(asc(agents.createdAt));

  const convDay = sql<string>`strftime('%Y-%m-%d', ${conversations.createdAt} / 1000 + ${offsetSec}, 'unixepoch')`;
  const convRows = await ctx.db
    .select({ day: convDay, n: count() })
    .from(conversations)
    .where(and(eq(conversations.workspaceId, scope.id), gte(conversations.createdAt, since)))
    .groupBy(convDay);
  const byDay = new Map(convRows.map((r) => [r.day, r.n]));
  const days: string[] = [];
  for (let i = period - 1; i >= 0; i--) days.push(dayIn(tz, now - i * DAY));
  const conversationsPerDay = days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));

  const creditRows = await ctx.db
    .select({ agentId: creditTransactions.agentId, milli: sql<number>`sum(${creditTransactions.creditsConsumed})` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.workspaceId, scope.id), gte(creditTransactions.createdAt, since)))
    .groupBy(creditTransactions.agentId);
  const names = new Map(agentRows.map((a) => [a.id, a.name]));
  const creditsPerAgent = creditRows
    .map((r) => ({ agentId: r.agentId, name: r.agentId ? (names.get(r.agentId) ?? "Agente excluído") : "Sem agente", credits: toCredits(Number(r.milli)) }))
    .filter((r) => r.credits > 0)
    .sort((a, b) => b.credits - a.credits);

  const activity = await ctx.db
    .select({ userId: userActivityLogs.userId, actions: count(), lastAt: max(userActivityLogs.createdAt) })
    .from(userActivityLogs)
    // Platform staff acting on the workspace (category admin) are not its members.
    .where(and(eq(userActivityLogs.workspaceId, scope.id), gte(userActivityLogs.createdAt, since), sql`+${userActivityLogs.category} <> 'admin'`))
    .groupBy(userActivityLogs.userId)
    .orderBy(desc(count()))
    .limit(50);
  const ids = activity.flatMap((a) => (a.userId ? [a.userId] : []));
  const people = ids.length
    ? await ctx.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const membersActivity = activity.flatMap((a) => {
    const p = a.userId ? byId.get(a.userId) : undefined;
    if (!p) return [];
    return [{ userId: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(" ") || p.email, email: p.email, actions: a.actions, lastAt: a.lastAt }];
  });

  return {
    timezone: tz,
    period,
    agents: { total: agentRows.length, active: agentRows.filter((a) => a.isActive).length, list: agentRows },
    conversations: { total: conversationsPerDay.reduce((s, d) => s + d.count, 0), perDay: conversationsPerDay },
    creditsPerAgent,
    membersActivity,
  };
}
