/**
 * A campaign's results (SPEC §5 "Results"): counters, progress, sends over time and per-contact
 * statuses. Every query reads campaign_sends by campaign id (the queue index), so its cost is
 * bounded by the campaign's size, never the workspace's history.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../db/client";
import { campaignContacts, campaignLists, campaignSends } from "../../../db/schema";
import type { campaignResultsInput, campaignSendsInput } from "../../schemas/campaigns/campaign";
import type { WorkspaceScope } from "../context";
import { AppError } from "../../lib/errors";
import { CAMPAIGN_ERRORS, campaignRow, likePattern } from "./campaigns";
import { campaignCreditsPerMessage } from "./pricing";

export const SENDS_PAGE_SIZE = 25;
/**
 * São Paulo has kept UTC−3 all year since 2019 (no daylight saving): buckets are cut at its
 * midnights and hours with a fixed offset, which SQLite can do in the query.
 */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;
const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/** Counters, progress and the chart's series. */
export async function campaignResults(db: DbOrTx, scope: WorkspaceScope, input: z.output<typeof campaignResultsInput>) {
  const row = await campaignRow(db, scope, input.id);
  const s = campaignSends;
  const [agg] = await db
    .select({
      total: count(),
      sent: sql<number>`coalesce(sum(${s.status} in ('sent','delivered','read')), 0)`,
      delivered: sql<number>`coalesce(sum(${s.status} in ('delivered','read')), 0)`,
      read: sql<number>`coalesce(sum(${s.status} = 'read'), 0)`,
      failed: sql<number>`coalesce(sum(${s.status} = 'failed'), 0)`,
      skipped: sql<number>`coalesce(sum(${s.status} = 'skipped'), 0)`,
      pending: sql<number>`coalesce(sum(${s.status} in ('pending','sending')), 0)`,
      responded: sql<number>`coalesce(sum(${s.respondedAt} is not null), 0)`,
      converted: sql<number>`coalesce(sum(${s.convertedAt} is not null), 0)`,
    })
    .from(s)
    .where(eq(s.campaignId, row.id));
  const a = agg ?? { total: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, pending: 0, responded: 0, converted: 0 };
  // Before it starts there are no send rows: the total is the list's size.
  const total = a.total > 0 ? a.total : row.totalCount;
  const done = a.total - a.pending;
  const size = BUCKET_MS[input.bucket];
  // Constants inlined: bound parameters arrive as REAL and the division would not truncate.
  const bucket = sql<number>`((${s.sentAt} + ${sql.raw(String(SAO_PAULO_OFFSET_MS))}) / ${sql.raw(String(size))}) * ${sql.raw(String(size))} - ${sql.raw(String(SAO_PAULO_OFFSET_MS))}`;
  const series = await db
    .select({
      at: bucket,
      sent: sql<number>`sum(${s.status} in ('sent','delivered','read'))`,
      failed: sql<number>`sum(${s.status} = 'failed')`,
    })
    .from(s)
    .where(and(eq(s.campaignId, row.id), sql`${s.sentAt} is not null`))
    .groupBy(bucket)
    .orderBy(bucket)
    // A campaign of 1,000 a day for a year still fits; more buckets would be unreadable anyway.
    .limit(2_000);
  return {
    status: row.status,
    statusReason: row.statusReason,
    counters: {
      sent: a.sent,
      delivered: a.delivered,
      read: a.read,
      failed: a.failed,
      skipped: a.skipped,
      responded: a.responded,
      converted: a.converted,
      /** Replies that became deals, per message sent (0–1). */
      conversionRate: a.sent > 0 ? a.converted / a.sent : 0,
    },
    progress: { done, total, percent: total > 0 ? Math.round((done / total) * 100) : 0 },
    bucket: input.bucket,
    series: series.map((p) => ({ at: Number(p.at), sent: Number(p.sent), failed: Number(p.failed) })),
  };
}

/** Per-contact statuses, 25 a page, with the provider's reason on failed rows. */
export async function campaignSendsPage(db: DbOrTx, scope: WorkspaceScope, input: z.output<typeof campaignSendsInput>) {
  const row = await campaignRow(db, scope, input.id);
  const s = campaignSends;
  const c = campaignContacts;
  const term = input.search?.trim();
  const digits = term?.replace(/\D/g, "") ?? "";
  const where = and(
    eq(s.campaignId, row.id),
    input.status ? eq(s.status, input.status) : undefined,
    term
      ? digits.length >= 3
        ? sql`${s.phone} LIKE ${likePattern(digits)} ESCAPE '\\'`
        : sql`${c.name} LIKE ${likePattern(term)} ESCAPE '\\'`
      : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: s.id,
        phone: s.phone,
        name: c.name,
        status: s.status,
        errorMessage: s.errorMessage,
        sentAt: s.sentAt,
        deliveredAt: s.deliveredAt,
        readAt: s.readAt,
        respondedAt: s.respondedAt,
        conversationId: s.conversationId,
      })
      .from(s)
      .leftJoin(c, eq(c.id, s.campaignContactId))
      .where(where)
      .orderBy(desc(s.sentAt), desc(s.id))
      .limit(SENDS_PAGE_SIZE)
      .offset((input.page - 1) * SENDS_PAGE_SIZE),
    db.select({ n: count() }).from(s).leftJoin(c, eq(c.id, s.campaignContactId)).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, page: input.page, pageCount: Math.max(1, Math.ceil(n / SENDS_PAGE_SIZE)) };
}

/** The form's price line: "Envios gratuitos" or "N créditos por mensagem · ~X créditos para esta lista". */
export async function campaignPrice(db: DbOrTx, scope: WorkspaceScope, listId: string | null | undefined) {
  const perMessage = await campaignCreditsPerMessage(db);
  let members = 0;
  if (listId) {
    const [list] = await db
      .select({ n: campaignLists.contactCount })
      .from(campaignLists)
      .where(and(eq(campaignLists.id, listId), eq(campaignLists.workspaceId, scope.id)))
      .limit(1);
    if (!list) throw new AppError("NOT_FOUND", CAMPAIGN_ERRORS.listNotFound, { field: "listId" });
    members = list.n;
  }
  const fmt = (n: number) => n.toLocaleString("pt-BR");
  const line = perMessage <= 0 ? "Envios gratuitos" : `${fmt(perMessage)} ${perMessage === 1 ? "crédito" : "créditos"} por mensagem · ~${fmt(perMessage * members)} créditos para esta lista`;
  return { perMessage, members, line };
}
