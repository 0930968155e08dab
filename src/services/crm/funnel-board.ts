import { type SQL, and, asc, desc, eq, gt, gte, inArray, lte, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { contacts, dealStageHistory, deals, pipelines, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { COLUMN_TOTALS_CAP, type DealFilter, type DealSort, type boardInput, type columnPageInput, type listDealsInput } from "../../schemas/crm/funnel";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { ownedPipeline, ownedStage } from "./funnel-pipelines";
import { type StageRow, ensureDefaultPipeline, stagesOf } from "./pipeline-core";

export type DealCard = {
  id: string;
  title: string;
  valueCents: number;
  probability: number | null;
  status: "open" | "won" | "lost";
  stageId: string;
  pipelineId: string;
  contactId: string | null;
  contactName: string | null;
  ownerUserId: string | null;
  ownerName: string | null;
  tags: string[];
  expectedCloseDate: string | null;
  lostReason: string | null;
  version: number;
  createdAt: number;
  /** When it entered its current stage (the last history line), for "N dias na etapa". */
  enteredStageAt: number;
};

export type ColumnTotals = { count: number; valueCents: number; weightedCents: number; capped: boolean };

const hasFilter = (f: DealFilter) => Boolean(f.ownerUserId || f.tag || f.search || f.minValueCents !== undefined || f.maxValueCents !== undefined);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters as row predicates (the index picks the stage or pipeline; these cut inside it). */
function filterConditions(f: DealFilter): SQL[] {
  const out: SQL[] = [];
  if (f.ownerUserId) out.push(eq(deals.ownerUserId, f.ownerUserId));
  if (f.tag) out.push(sql`EXISTS (SELECT 1 FROM json_each(${deals.tags}) WHERE json_each.value = ${f.tag})`);
  if (f.minValueCents !== undefined) out.push(gte(deals.valueCents, f.minValueCents));
  if (f.maxValueCents !== undefined) out.push(lte(deals.valueCents, f.maxValueCents));
  if (f.search) out.push(sql`${deals.title} LIKE ${`%${likeEscape(f.search)}%`} ESCAPE '\\'`);
  return out;
}

const cardColumns = {
  id: deals.id,
  title: deals.title,
  valueCents: deals.valueCents,
  probability: deals.probability,
  status: deals.status,
  stageId: deals.stageId,
  pipelineId: deals.pipelineId,
  contactId: deals.contactId,
  ownerUserId: deals.ownerUserId,
  tags: deals.tags,
  expectedCloseDate: deals.expectedCloseDate,
  lostReason: deals.lostReason,
  version: deals.version,
  createdAt: deals.createdAt,
  position: deals.position,
  rowid: sql<number>`"deals"."rowid"`.as("rowid"),
};
type CardRow = { [K in keyof typeof cardColumns]: K extends "rowid" ? number : (typeof deals.$inferSelect)[Exclude<K, "rowid"> & keyof typeof deals.$inferSelect] };

const cursorOf = (r: { position: number; rowid: number }) => `${r.position}:${r.rowid}`;
function parseCursor(s: string): { position: number; rowid: number } {
  const [p, r] = s.split(":").map(Number);
  if (p === undefined || r === undefined || !Number.isFinite(p) || !Number.isInteger(r)) throw new AppError("VALIDATION", "Cursor inválido", { field: "after" });
  return { position: p, rowid: r };
}

/** One column's cards in board order, off deals_board_idx (stage_id, position, rowid). */
async function columnRows(db: Db, workspaceId: string, stageId: string, f: DealFilter, after: { position: number; rowid: number } | null, limit: number): Promise<CardRow[]> {
  // The board's every load: one prepared statement per process (building it costs more than running it).
  if (!after && !hasFilter(f)) {
    const q = prepared(db, "funnel-column-first", (d) =>
      d
        .select(cardColumns)
        .from(deals)
        .where(eq(deals.stageId, sql.placeholder("stageId")))
        .orderBy(asc(deals.position), sql`"deals"."rowid"`)
        .limit(sql.placeholder("limit"))
        .prepare(),
    );
    return (await q.all({ stageId, limit })) as CardRow[];
  }
  const afterCond = after ? or(gt(deals.position, after.position), and(eq(deals.position, after.position), sql`"deals"."rowid" > ${after.rowid}`)) : undefined;
  const rows = await db
    .select(cardColumns)
    .from(deals)
    .where(and(eq(deals.stageId, stageId), eq(deals.workspaceId, workspaceId), afterCond, ...filterConditions(f)))
    .orderBy(asc(deals.position), sql`"deals"."rowid"`)
    .limit(limit);
  return rows as CardRow[];
}

/** Count, total and weighted forecast of one column, counting at most COLUMN_TOTALS_CAP deals. */
async function columnTotals(db: Db, workspaceId: string, stage: StageRow, f: DealFilter): Promise<ColumnTotals> {
  if (!hasFilter(f)) {
    // Read off deals_stage_value_idx alone (covering): the stage was already checked against the workspace.
    const q = prepared(db, "funnel-column-totals", (d) => {
      const inner = d.select({ v: deals.valueCents, p: deals.probability }).from(deals).where(eq(deals.stageId, sql.placeholder("stageId"))).limit(COLUMN_TOTALS_CAP + 1).as("capped");
      return d
        .select({ n: sql<number>`count(*)`, total: sql<number>`coalesce(sum(${inner.v}), 0)`, weighted: sql<number>`coalesce(sum(${inner.v} * coalesce(${inner.p}, ${sql.placeholder("probability")})), 0)` })
        .from(inner)
        .prepare();
    });
    const [row] = await q.all({ stageId: stage.id, probability: stage.probability });
    return totalsOf(row);
  }
  const inner = db
    .select({ v: deals.valueCents, p: deals.probability })
    .from(deals)
    .where(and(eq(deals.stageId, stage.id), eq(deals.workspaceId, workspaceId), ...filterConditions(f)))
    .limit(COLUMN_TOTALS_CAP + 1)
    .as("capped");
  const [row] = await db
    .select({
      n: sql<number>`count(*)`,
      total: sql<number>`coalesce(sum(${inner.v}), 0)`,
      weighted: sql<number>`coalesce(sum(${inner.v} * coalesce(${inner.p}, ${stage.probability})), 0)`,
    })
    .from(inner);
  return totalsOf(row);
}

function totalsOf(row: { n: number; total: number; weighted: number } | undefined): ColumnTotals {
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, COLUMN_TOTALS_CAP), valueCents: Number(row?.total ?? 0), weightedCents: Math.round(Number(row?.weighted ?? 0) / 100), capped: n > COLUMN_TOTALS_CAP };
}

/** Contact names, owner names and stage-entry times of a page of cards: three bounded lookups, no N+1. */
async function decorate(db: DbOrTx, rows: CardRow[]): Promise<DealCard[]> {
  if (rows.length === 0) return [];
  const contactIds = [...new Set(rows.map((r) => r.contactId).filter((v): v is string => !!v))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerUserId).filter((v): v is string => !!v))];
  const dealIds = rows.map((r) => r.id);
  const [contactRows, ownerRows, entered] = await Promise.all([
    contactIds.length ? db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, contactIds)).limit(contactIds.length) : [],
    ownerIds.length ? db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, ownerIds)).limit(ownerIds.length) : [],
    db
      .select({ dealId: dealStageHistory.dealId, at: sql<number>`max(${dealStageHistory.createdAt})` })
      .from(dealStageHistory)
      .where(inArray(dealStageHistory.dealId, dealIds))
      .groupBy(dealStageHistory.dealId)
      .limit(dealIds.length),
  ]);
  const contactName = new Map(contactRows.map((c) => [c.id, c.name]));
  const ownerName = new Map(ownerRows.map((u) => [u.id, `${u.first} ${u.last}`.trim()]));
  const enteredAt = new Map(entered.map((e) => [e.dealId, Number(e.at)]));
  return rows.map(({ position: _p, rowid: _r, ...r }) => ({
    ...r,
    contactName: r.contactId ? (contactName.get(r.contactId) ?? null) : null,
    ownerName: r.ownerUserId ? (ownerName.get(r.ownerUserId) ?? null) : null,
    enteredStageAt: enteredAt.get(r.id) ?? r.createdAt,
  }));
}

/** The pipeline asked for (of this workspace) or the default one, with its stages in order. */
export async function resolvePipeline(ctx: ServiceContext, scope: WorkspaceScope, pipelineId: string | undefined) {
  if (pipelineId) {
    const pipeline = await ownedPipeline(ctx.db, scope.id, pipelineId);
    return { pipeline, stages: await stagesOf(ctx.db, pipeline.id) };
  }
  // Read first: only a workspace's very first visit pays for the write transaction.
  const [found] = await ctx.db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, scope.id), eq(pipelines.isDefault, true)))
    .limit(1);
  if (found) return { pipeline: found, stages: await stagesOf(ctx.db, found.id) };
  const def = await withTransaction(ctx.db, (tx) => ensureDefaultPipeline(tx, scope.id, ctx.now()));
  return { pipeline: await ownedPipeline(ctx.db, scope.id, def.pipelineId), stages: def.stages };
}

/**
 * The kanban: per stage its first `perStage` cards in board order, the cursor for "Carregar
 * mais", and the column's count, total and weighted forecast under the same filters. Every read
 * is one stage's slice of deals_board_idx, bounded by a LIMIT.
 */
export async function loadBoard(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof boardInput>) {
  const { pipeline, stages } = await resolvePipeline(ctx, scope, input.pipelineId);
  const columns = await Promise.all(
    stages.map(async (stage) => {
      const [rows, totals] = await Promise.all([columnRows(ctx.db, scope.id, stage.id, input, null, input.perStage + 1), columnTotals(ctx.db, scope.id, stage, input)]);
      const page = rows.slice(0, input.perStage);
      const last = page.at(-1);
      return { stage, totals, cards: await decorate(ctx.db, page), nextCursor: rows.length > input.perStage && last ? cursorOf(last) : null };
    }),
  );
  return { pipeline: { id: pipeline.id, name: pipeline.name, isDefault: pipeline.isDefault }, columns };
}

/** "Carregar mais" of one column: the cards after the cursor, same filters. */
export async function loadColumnPage(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof columnPageInput>) {
  const stage = await ownedStage(ctx.db, scope.id, input.stageId);
  const rows = await columnRows(ctx.db, scope.id, stage.id, input, parseCursor(input.after), input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return { cards: await decorate(ctx.db, page), nextCursor: rows.length > input.limit && last ? cursorOf(last) : null };
}

/** Each sort reads off its (pipeline_id, …) index; rowid breaks ties so pages never overlap. */
function orderOf(sort: DealSort): SQL[] {
  switch (sort) {
    case "value_desc":
      return [desc(deals.valueCents), sql`"deals"."rowid" DESC`];
    case "value_asc":
      return [asc(deals.valueCents), sql`"deals"."rowid"`];
    case "title":
      return [sql`${deals.title} COLLATE NOCASE`, sql`"deals"."rowid"`];
    case "close_date":
      return [sql`ifnull(${deals.expectedCloseDate}, '9999-12-31')`, sql`"deals"."rowid"`];
    default:
      return [desc(deals.createdAt), sql`"deals"."rowid" DESC`];
  }
}

/** The list view: a page of the pipeline's deals in the chosen order, and the (capped) total. */
export async function listDeals(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof listDealsInput>) {
  const { pipeline, stages } = await resolvePipeline(ctx, scope, input.pipelineId);
  const where = and(eq(deals.pipelineId, pipeline.id), eq(deals.workspaceId, scope.id), input.status ? eq(deals.status, input.status) : undefined, ...filterConditions(input));
  const rows = (await ctx.db
    .select(cardColumns)
    .from(deals)
    .where(where)
    .orderBy(...orderOf(input.sort))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)) as CardRow[];
  const counted = ctx.db.select({ one: sql`1` }).from(deals).where(where).limit(COLUMN_TOTALS_CAP + 1).as("counted");
  const [count] = await ctx.db.select({ n: sql<number>`count(*)` }).from(counted);
  const n = Number(count?.n ?? 0);
  const stageOf = new Map(stages.map((s) => [s.id, { name: s.name, color: s.color }]));
  const items = (await decorate(ctx.db, rows)).map((d) => ({ ...d, stageName: stageOf.get(d.stageId)?.name ?? "", stageColor: stageOf.get(d.stageId)?.color ?? "" }));
  return { pipelineId: pipeline.id, items, total: Math.min(n, COLUMN_TOTALS_CAP), capped: n > COLUMN_TOTALS_CAP, page: input.page, pageSize: input.pageSize };
}
