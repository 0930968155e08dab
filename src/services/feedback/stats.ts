import { tzOffset } from "@date-fns/tz";
import { and, eq, gte, sql } from "drizzle-orm";
import { chatFeedback } from "../../../db/schema";
import { getAgent } from "../agents";
import type { ServiceContext, WorkspaceScope } from "../context";
import { SAO_PAULO, saoPauloDay } from "../credits";
import { spDayStart } from "./list";

/**
 * Likes and dislikes per São Paulo day over the last `period` days (today included), every day
 * present even with none (continuous chart axis), with the totals and the satisfaction rate
 * (likes / all, null when there is no feedback). One range of feedback_agent_idx.
 */
export async function feedbackStats(ctx: ServiceContext, scope: WorkspaceScope, input: { agentId: string; period: 7 | 15 | 30 }, now = Date.now()) {
  await getAgent(ctx.db, scope, input.agentId);
  const since = spDayStart(now, input.period - 1);
  const days: string[] = [];
  for (let i = input.period - 1; i >= 0; i--) days.push(saoPauloDay(spDayStart(now, i) + 12 * 3_600_000));
  // São Paulo has no DST since 2019: one offset for the window is exact.
  const offsetSec = tzOffset(SAO_PAULO, new Date(now)) * 60;
  const dayExpr = sql<string>`strftime('%Y-%m-%d', ${chatFeedback.createdAt} / 1000 + ${offsetSec}, 'unixepoch')`;
  const rows = await ctx.db
    .select({
      day: dayExpr,
      likes: sql<number>`sum(case when ${chatFeedback.feedbackType} = 'like' then 1 else 0 end)`,
      dislikes: sql<number>`sum(case when ${chatFeedback.feedbackType} = 'dislike' then 1 else 0 end)`,
      open: sql<number>`sum(case when ${chatFeedback.resolved} = 0 and ${chatFeedback.feedbackType} = 'dislike' then 1 else 0 end)`,
    })
    .from(chatFeedback)
    .where(and(eq(chatFeedback.agentId, input.agentId), eq(chatFeedback.workspaceId, scope.id), gte(chatFeedback.createdAt, since)))
    .groupBy(dayExpr);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const points = days.map((date) => ({ date, likes: Number(byDay.get(date)?.likes ?? 0), dislikes: Number(byDay.get(date)?.dislikes ?? 0) }));
  const likes = points.reduce((s, p) => s + p.likes, 0);
  const dislikes = points.reduce((s, p) => s + p.dislikes, 0);
  const openDislikes = rows.reduce((s, r) => s + Number(r.open ?? 0), 0);
  const total = likes + dislikes;
  return { points, totals: { likes, dislikes, total, openDislikes }, satisfactionRate: total ? likes / total : null };
}
