import { tzOffset } from "@date-fns/tz";
import { type SQL, and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { agents, bonusCreditHistory, creditGrants, creditSystemConfig, creditTransactions, semanticCacheHeads } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import {
  CHART_TOP_AGENTS,
  DEBIT_ACTIONS,
  OTHERS_LABEL,
  STATEMENT_ACTION_LABEL,
  type StatementAction,
  type StatementCursor,
  type StatementEntry,
  type StatementFilter,
  type StatementListInput,
  type UsageChartInput,
} from "../../schemas/billing/statement";
import { MILLI, SAO_PAULO, saoPauloDay } from "../credits";

/** [start, end) in ms of a São Paulo day range, inclusive of both days. */
export function periodRange(f: Pick<StatementFilter, "from" | "to">): { start: number; end: number } {
  const at = (d: string) => {
    const utcMidnight = Date.parse(`${d}T00:00:00Z`);
    return utcMidnight - tzOffset(SAO_PAULO, new Date(utcMidnight + 12 * 3_600_000)) * 60_000;
  };
  const next = new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: at(f.from), end: at(next) };
}

const isDebitAction = (a: StatementAction | undefined) => a === undefined || (DEBIT_ACTIONS as readonly string[]).includes(a);
const wantsGrants = (f: StatementFilter) => !f.agentId && (f.action === undefined || !isDebitAction(f.action));
const wantsDebits = (f: StatementFilter) => isDebitAction(f.action);
const wantsCreditGrants = (f: StatementFilter) => wantsGrants(f) && f.action !== "bonus";
const wantsBonus = (f: StatementFilter) => wantsGrants(f) && (f.action === undefined || f.action === "bonus");

/** A row value: SQLite seeks the (workspace, created_at) index to the cursor. */
const before = (at: SQL | unknown, idCol: unknown, c: StatementCursor | null | undefined) => (c ? sql`(${at}, ${idCol}) < (${c.at}, ${c.id})` : undefined);

function debitWhere(workspaceId: string, f: StatementFilter, cursor?: StatementCursor | null) {
  const { start, end } = periodRange(f);
  return and(
    eq(creditTransactions.workspaceId, workspaceId),
    gte(creditTransactions.createdAt, start),
    lt(creditTransactions.createdAt, end),
    f.agentId ? eq(creditTransactions.agentId, f.agentId) : undefined,
    f.action ? eq(creditTransactions.action, f.action) : undefined,
    before(creditTransactions.createdAt, creditTransactions.id, cursor),
  );
}

function grantWhere(workspaceId: string, f: StatementFilter, cursor?: StatementCursor | null) {
  const { start, end } = periodRange(f);
  return and(
    eq(creditGrants.workspaceId, workspaceId),
    gte(creditGrants.createdAt, start),
    lt(creditGrants.createdAt, end),
    f.action && f.action !== "bonus" ? eq(creditGrants.kind, f.action as "pack") : undefined,
    before(creditGrants.createdAt, creditGrants.id, cursor),
  );
}

function bonusWhere(workspaceId: string, f: StatementFilter, cursor?: StatementCursor | null) {
  const { start, end } = periodRange(f);
  return and(
    eq(bonusCreditHistory.workspaceId, workspaceId),
    gte(bonusCreditHistory.createdAt, start),
    lt(bonusCreditHistory.createdAt, end),
    before(bonusCreditHistory.createdAt, bonusCreditHistory.id, cursor),
  );
}

/**
 * One page of the statement: each source read newest first from its (workspace, created_at) index
 * up to `limit` rows past the cursor, merged, cut to `limit`. Three bounded reads, whatever the size.
 */
export async function listStatement(db: DbOrTx, workspaceId: string, input: StatementListInput) {
  const { filter: f, cursor, limit } = input;
  const [debits, grants, bonuses] = await Promise.all([
    wantsDebits(f)
      ? db
          .select({
            id: creditTransactions.id,
            at: creditTransactions.createdAt,
            agentId: creditTransactions.agentId,
            agentName: agents.name,
            action: creditTransactions.action,
            tokens: creditTransactions.totalTokens,
            credits: creditTransactions.creditsConsumed,
            costBrl: creditTransactions.costBrl,
            model: creditTransactions.modelUsed,
          })
          .from(creditTransactions)
          .leftJoin(agents, eq(agents.id, creditTransactions.agentId))
          .where(debitWhere(workspaceId, f, cursor))
          .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
          .limit(limit)
      : [],
    wantsCreditGrants(f)
      ? db
          .select({ id: creditGrants.id, at: creditGrants.createdAt, kind: creditGrants.kind, amount: creditGrants.amount, note: creditGrants.note })
          .from(creditGrants)
          .where(grantWhere(workspaceId, f, cursor))
          .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id))
          .limit(limit)
      : [],
    wantsBonus(f)
      ? db
          .select({ id: bonusCreditHistory.id, at: bonusCreditHistory.createdAt, amount: bonusCreditHistory.amount, reason: bonusCreditHistory.reason })
          .from(bonusCreditHistory)
          .where(bonusWhere(workspaceId, f, cursor))
          .orderBy(desc(bonusCreditHistory.createdAt), desc(bonusCreditHistory.id))
          .limit(limit)
      : [],
  ]);
  const entries: StatementEntry[] = [
    ...debits.map((d) => ({
      id: d.id,
      kind: "debit" as const,
      at: d.at,
      agentId: d.agentId,
      agentName: d.agentName,
      action: d.action,
      tokens: d.tokens,
      creditsMilli: d.credits,
      costBrl: d.costBrl,
      description: d.model ? `${STATEMENT_ACTION_LABEL[d.action as StatementAction] ?? d.action} · ${d.model}` : (STATEMENT_ACTION_LABEL[d.action as StatementAction] ?? d.action),
    })),
    ...grants.map((g) => ({
      id: g.id,
      kind: "grant" as const,
      at: g.at,
      agentId: null,
      agentName: null,
      action: g.kind,
      tokens: 0,
      creditsMilli: g.amount,
      costBrl: 0,
      description: g.note ?? STATEMENT_ACTION_LABEL[g.kind],
    })),
    ...bonuses.map((b) => ({
      id: b.id,
      kind: "grant" as const,
      at: b.at,
      agentId: null,
      agentName: null,
      action: "bonus",
      tokens: 0,
      creditsMilli: b.amount,
      costBrl: 0,
      description: b.reason,
    })),
  ];
  entries.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const items = entries.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = entries.length > limit && last ? { at: last.at, id: last.id } : null;
  return { items, nextCursor };
}

/** Sums of the filtered period: a range of each source's (workspace, created_at) index. */
export async function statementTotals(db: DbOrTx, workspaceId: string, f: StatementFilter) {
  const [d] = wantsDebits(f)
    ? await db
        .select({
          count: sql<number>`count(*)`,
          credits: sql<number>`coalesce(sum(${creditTransactions.creditsConsumed}), 0)`,
          tokens: sql<number>`coalesce(sum(${creditTransactions.totalTokens}), 0)`,
          brl: sql<number>`coalesce(sum(${creditTransactions.costBrl}), 0)`,
        })
        .from(creditTransactions)
        .where(debitWhere(workspaceId, f))
    : [];
  const [g] = wantsCreditGrants(f)
    ? await db.select({ count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${creditGrants.amount}), 0)` }).from(creditGrants).where(grantWhere(workspaceId, f))
    : [];
  const [b] = wantsBonus(f)
    ? await db
        .select({ count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${bonusCreditHistory.amount}), 0)` })
        .from(bonusCreditHistory)
        .where(bonusWhere(workspaceId, f))
    : [];
  return {
    debits: { count: Number(d?.count ?? 0), creditsMilli: Number(d?.credits ?? 0), tokens: Number(d?.tokens ?? 0), costBrl: Number(d?.brl ?? 0) },
    grants: { count: Number(g?.count ?? 0) + Number(b?.count ?? 0), creditsMilli: Number(g?.amount ?? 0) + Number(b?.amount ?? 0) },
  };
}

/**
 * Credits per São Paulo day per agent over the last 7/15/30 days: the agents that spent the most
 * get a series each, the rest one "Outros" series (SPEC §9 chart rules are applied by the page).
 */
export async function usageChart(db: DbOrTx, workspaceId: string, input: UsageChartInput, now: number) {
  const days: string[] = [];
  for (let i = input.period - 1; i >= 0; i--) days.push(saoPauloDay(now - i * 86_400_000));
  const first = days[0] ?? saoPauloDay(now);
  const { start, end } = periodRange({ from: first, to: days[days.length - 1] ?? first });
  const offsetSec = tzOffset(SAO_PAULO, new Date(now)) * 60;
  const dayExpr = sql<string>`strftime('%Y-%m-%d', ${creditTransactions.createdAt} / 1000 + ${offsetSec}, 'unixepoch')`;
  const rows = await db
    .select({ day: dayExpr, agentId: creditTransactions.agentId, milli: sql<number>`sum(${creditTransactions.creditsConsumed})` })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.workspaceId, workspaceId),
        gte(creditTransactions.createdAt, start),
        lt(creditTransactions.createdAt, end),
        input.agentId ? eq(creditTransactions.agentId, input.agentId) : undefined,
      ),
    )
    .groupBy(dayExpr, creditTransactions.agentId);
  const perAgent = new Map<string, number>();
  for (const r of rows) perAgent.set(r.agentId ?? "", (perAgent.get(r.agentId ?? "") ?? 0) + Number(r.milli));
  const ranked = [...perAgent.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // "Outros" only when it stands for two or more agents; one more agent simply gets its own line.
  const top = ranked.length > CHART_TOP_AGENTS + 1 ? ranked.slice(0, CHART_TOP_AGENTS) : ranked;
  const ids = top.filter((id) => id !== "");
  const names = ids.length ? await db.select({ id: agents.id, name: agents.name }).from(agents).where(and(eq(agents.workspaceId, workspaceId), inArray(agents.id, ids))) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const index = new Map(days.map((d, i) => [d, i]));
  const series = top.map((id) => ({ agentId: id || null, label: id ? (nameOf.get(id) ?? "Agente excluído") : "Sem agente", credits: days.map(() => 0) }));
  const others = { agentId: null, label: OTHERS_LABEL, credits: days.map(() => 0) };
  const seriesOf = new Map(top.map((id, i) => [id, series[i]]));
  for (const r of rows) {
    const i = index.get(r.day);
    if (i === undefined) continue;
    const s = seriesOf.get(r.agentId ?? "") ?? others;
    s.credits[i] = (s.credits[i] ?? 0) + Number(r.milli) / MILLI;
  }
  if (ranked.length > top.length) series.push(others);
  return { days, series };
}

/**
 * What the semantic cache saved the workspace's agents: answers served from it and the cost not
 * spent. The cache keeps running totals per agent (semantic_cache_heads), not a per-hit log, so
 * these are since the cache began, not per period.
 */
export async function cacheSavings(db: DbOrTx, workspaceId: string) {
  const [row] = await db
    .select({ hits: sql<number>`coalesce(sum(${semanticCacheHeads.hits}), 0)`, saved: sql<number>`coalesce(sum(${semanticCacheHeads.savedMilliCents}), 0)` })
    .from(semanticCacheHeads)
    .innerJoin(agents, eq(agents.id, semanticCacheHeads.agentId))
    .where(eq(agents.workspaceId, workspaceId));
  const [cfg] = await db.select().from(creditSystemConfig).where(eq(creditSystemConfig.id, 1)).limit(1);
  const savedBrl = Number(row?.saved ?? 0) / 100_000;
  const usdToBrl = cfg?.usdToBrlRate ?? 5.5;
  const creditsPerUsd = cfg?.creditsPerUsd ?? 1000;
  return { answers: Number(row?.hits ?? 0), savedBrl, savedCredits: Math.round((savedBrl / usdToBrl) * creditsPerUsd * 100) / 100 };
}
