import { and, count, eq, gte, sql } from "drizzle-orm";
import { sentimentAlerts, sentimentDaily } from "../../../db/schema";
import type { InsightPeriod } from "../../schemas/insights-api";
import { isOfflineMode } from "../ai-config";
import type { ServiceContext, WorkspaceScope } from "../context";
import { workspaceTimezone } from "../workspace-settings";
import { assertAgent } from "./rules";
import { dayIn } from "./store";

const DAY = 86_400_000;

/**
 * The "Sentimento e alertas" charts (issue 18): per day of the workspace's zone (São Paulo by
 * default), zero-filled, read from sentiment_daily (never from the messages).
 */
async function periodRows(ctx: ServiceContext, scope: WorkspaceScope, input: { period: InsightPeriod; agentId?: string | null }) {
  await assertAgent(ctx, scope, input.agentId);
  const now = ctx.now();
  const tz = await workspaceTimezone(ctx.db, scope.id);
  const days: string[] = [];
  for (let i = input.period - 1; i >= 0; i--) days.push(dayIn(tz, now - i * DAY));
  const first = days[0] ?? dayIn(tz, now);
  const rows = await ctx.db
    .select({
      day: sentimentDaily.day,
      positive: sql<number>`sum(${sentimentDaily.positive})`,
      neutral: sql<number>`sum(${sentimentDaily.neutral})`,
      negative: sql<number>`sum(${sentimentDaily.negative})`,
      scoreSum: sql<number>`sum(${sentimentDaily.scoreSum})`,
      urgent: sql<number>`sum(${sentimentDaily.urgent})`,
      alerts: sql<number>`sum(${sentimentDaily.alerts})`,
    })
    .from(sentimentDaily)
    .where(and(eq(sentimentDaily.workspaceId, scope.id), gte(sentimentDaily.day, first), input.agentId ? eq(sentimentDaily.agentId, input.agentId) : undefined))
    .groupBy(sentimentDaily.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    now,
    days: days.map((day) => {
      const r = byDay.get(day);
      const positive = Number(r?.positive ?? 0);
      const neutral = Number(r?.neutral ?? 0);
      const negative = Number(r?.negative ?? 0);
      const total = positive + neutral + negative;
      return { day, positive, neutral, negative, total, scoreSum: Number(r?.scoreSum ?? 0), avgScore: total ? Number(r?.scoreSum ?? 0) / total : null, urgent: Number(r?.urgent ?? 0), alerts: Number(r?.alerts ?? 0) };
    }),
  };
}

export async function dailySentiment(ctx: ServiceContext, scope: WorkspaceScope, input: { period: InsightPeriod; agentId?: string | null }) {
  const { days } = await periodRows(ctx, scope, input);
  return { days: days.map(({ scoreSum: _s, ...d }) => ({ ...d, avgScore: d.avgScore === null ? null : Math.round(d.avgScore * 100) / 100 })), offline: await isOfflineMode(ctx) };
}

export async function sentimentSummary(ctx: ServiceContext, scope: WorkspaceScope, input: { period: InsightPeriod; agentId?: string | null }) {
  const { days, now } = await periodRows(ctx, scope, input);
  const sum = (k: "positive" | "neutral" | "negative" | "urgent" | "alerts" | "scoreSum") => days.reduce((n, d) => n + d[k], 0);
  const total = sum("positive") + sum("neutral") + sum("negative");
  // Open alerts of the period only: one range of sentiment_alerts_workspace_idx.
  const [open] = await ctx.db
    .select({ n: count() })
    .from(sentimentAlerts)
    .where(
      and(
        eq(sentimentAlerts.workspaceId, scope.id),
        gte(sentimentAlerts.createdAt, now - (input.period + 1) * DAY),
        eq(sentimentAlerts.status, "open"),
        input.agentId ? eq(sentimentAlerts.agentId, input.agentId) : undefined,
      ),
    );
  return {
    total,
    positive: sum("positive"),
    neutral: sum("neutral"),
    negative: sum("negative"),
    negativeShare: total ? sum("negative") / total : 0,
    avgScore: total ? Math.round((sum("scoreSum") / total) * 100) / 100 : null,
    urgent: sum("urgent"),
    alerts: sum("alerts"),
    openAlerts: open?.n ?? 0,
    offline: await isOfflineMode(ctx),
  };
}
