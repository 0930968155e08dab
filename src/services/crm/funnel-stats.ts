import { TZDate } from "@date-fns/tz";
import { addWeeks, format, startOfWeek } from "date-fns";
import { and, eq, gte, inArray } from "drizzle-orm";
import { dealStageHistory, deals } from "../../../db/schema";
import type { ServiceContext, WorkspaceScope } from "../context";
import { resolvePipeline } from "./funnel-board";

const SAO_PAULO = "America/Sao_Paulo";
export const STATS_WEEKS = 12;
/** Rows a chart reads at most (a workspace closing more than this in 12 weeks sees "capped"). */
const STATS_ROW_CAP = 50_000;

/** Monday 00:00 in São Paulo of the week `weeksBack` before the current one, as a UTC ms instant. */
function weekStart(now: number, weeksBack: number): TZDate {
  return addWeeks(startOfWeek(new TZDate(now, SAO_PAULO), { weekStartsOn: 1 }), -weeksBack);
}

/**
 * The funnel's two charts over the last 12 São Paulo weeks: deals won per week (count and BRL) and,
 * for the deals created in that window, the share that reached each stage. Reaching a later working
 * stage counts as having passed the earlier ones (a drag may skip stages); won and lost count
 * the deals that entered them. Both reads are time windows off an index, capped.
 */
export async function funnelStats(ctx: ServiceContext, scope: WorkspaceScope, input: { pipelineId?: string }) {
  const { pipeline, stages } = await resolvePipeline(ctx, scope, input.pipelineId);
  const now = ctx.now();
  const starts = Array.from({ length: STATS_WEEKS }, (_, i) => weekStart(now, STATS_WEEKS - 1 - i));
  const since = starts[0]?.getTime() ?? now;

  const won = await ctx.db
    .select({ closedAt: deals.closedAt, valueCents: deals.valueCents, pipelineId: deals.pipelineId })
    .from(deals)
    .where(and(eq(deals.workspaceId, scope.id), eq(deals.status, "won"), gte(deals.closedAt, since)))
    .limit(STATS_ROW_CAP);
  const weeks = starts.map((s) => ({ weekStart: format(s, "yyyy-MM-dd"), count: 0, valueCents: 0 }));
  for (const d of won) {
    if (d.pipelineId !== pipeline.id || d.closedAt === null) continue;
    let i = weeks.length - 1;
    while (i > 0 && (starts[i]?.getTime() ?? 0) > d.closedAt) i--;
    const w = weeks[i];
    if (w) {
      w.count++;
      w.valueCents += d.valueCents;
    }
  }

  const stageIds = stages.map((s) => s.id);
  const history = stageIds.length
    ? await ctx.db
        .select({ dealId: dealStageHistory.dealId, from: dealStageHistory.fromStageId, to: dealStageHistory.toStageId })
        .from(dealStageHistory)
        .where(and(eq(dealStageHistory.workspaceId, scope.id), gte(dealStageHistory.createdAt, since), inArray(dealStageHistory.toStageId, stageIds)))
        .limit(STATS_ROW_CAP)
    : [];
  const cohort = new Set(history.filter((h) => h.from === null).map((h) => h.dealId));
  const order = new Map(stages.map((s, i) => [s.id, i]));
  const working = stages.filter((s) => !s.isWon && !s.isLost);
  // Per deal: the furthest working stage reached, and whether it entered each closing stage.
  const furthest = new Map<string, number>();
  const entered = new Map<string, Set<string>>();
  for (const h of history) {
    if (!cohort.has(h.dealId)) continue;
    const stage = stages[order.get(h.to) ?? -1];
    if (!stage) continue;
    if (stage.isWon || stage.isLost) {
      const set = entered.get(stage.id) ?? new Set<string>();
      set.add(h.dealId);
      entered.set(stage.id, set);
      // A won deal went through every working stage.
      if (stage.isWon) furthest.set(h.dealId, Number.POSITIVE_INFINITY);
    } else {
      const pos = working.indexOf(stage);
      furthest.set(h.dealId, Math.max(furthest.get(h.dealId) ?? -1, pos));
    }
  }
  const total = cohort.size;
  const conversion = stages.map((s) => {
    const pos = working.indexOf(s);
    const reached = s.isWon || s.isLost ? (entered.get(s.id)?.size ?? 0) : [...furthest.values()].filter((f) => f >= pos).length;
    return { stageId: s.id, name: s.name, color: s.color, isWon: s.isWon, isLost: s.isLost, reached, share: total ? reached / total : 0 };
  });
  return { pipelineId: pipeline.id, weeks, conversion, cohort: total, capped: won.length >= STATS_ROW_CAP || history.length >= STATS_ROW_CAP };
}
