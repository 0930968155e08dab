/**
 * The leads of one list (/leads-hunter/:listId): filters, pages, edits and deletes. Every read walks
 * the list's own range of leads_list_created_idx (a list holds at most a few thousand leads).
 */
import { type SQL, and, count, desc, eq, gte, inArray, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { leads } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { LeadFilters, LeadPatch } from "../../schemas/campaigns/leads";
import { normalizePhone } from "../../schemas/crm/normalize";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { bumpLeadsCount, scopedLeadList } from "./lead-lists";

export const LEAD_NOT_FOUND = "Lead não encontrado";
const PHONE_TAKEN = "Outro lead desta lista já tem esse telefone";
export type LeadRow = typeof leads.$inferSelect;

const likeText = (s: string) => `%${s.replace(/[%_\\]/g, "")}%`;

/** The WHERE of a list's leads under the table's filters (also what an export of "all filtered" takes). */
export function leadsWhere(workspaceId: string, listId: string, f: LeadFilters): SQL {
  const where: (SQL | undefined)[] = [eq(leads.workspaceId, workspaceId), eq(leads.listId, listId)];
  if (f.search) {
    const q = likeText(f.search);
    where.push(or(like(leads.businessName, q), like(leads.phone, q), like(leads.email, q), like(leads.address, q)));
  }
  if (f.hasPhone !== undefined) where.push(f.hasPhone ? isNotNull(leads.phone) : isNull(leads.phone));
  if (f.hasWebsite !== undefined) where.push(f.hasWebsite ? isNotNull(leads.website) : isNull(leads.website));
  if (f.minRating !== undefined) where.push(gte(leads.rating, f.minRating));
  if (f.category) where.push(like(leads.category, likeText(f.category)));
  if (f.validWhatsApp !== undefined) where.push(f.validWhatsApp ? eq(leads.isValidWhatsApp, true) : sql`ifnull(${leads.isValidWhatsApp}, 0) = 0`);
  if (f.status) where.push(eq(leads.status, f.status));
  return and(...where) as SQL;
}

export async function listLeads(ctx: ServiceContext, scope: WorkspaceScope, input: { listId: string; filters: LeadFilters; page: number; pageSize: number }) {
  const list = await scopedLeadList(ctx.db, scope.id, input.listId);
  const where = leadsWhere(scope.id, list.id, input.filters);
  const [rows, [total], categories] = await Promise.all([
    ctx.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(leads).where(where),
    // The filter's choices from the list's first 1,000 categorised leads (a bounded read; DISTINCT would sort them all).
    ctx.db
      .select({ category: leads.category })
      .from(leads)
      .where(and(eq(leads.listId, list.id), isNotNull(leads.category)))
      .limit(1000),
  ]);
  return {
    items: rows,
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    categories: [...new Set(categories.map((c) => c.category).filter((c): c is string => c !== null))].slice(0, 100),
  };
}

export async function scopedLead(db: DbOrTx, workspaceId: string, id: string): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", LEAD_NOT_FOUND);
  return row;
}

export const getLead = (ctx: ServiceContext, scope: WorkspaceScope, id: string) => scopedLead(ctx.db, scope.id, id);

export async function updateLead(ctx: ServiceContext, scope: InboxWriterScope, input: { id: string; patch: LeadPatch }) {
  const p = input.patch;
  await scopedLead(ctx.db, scope.id, input.id);
  const phone = p.phone ? normalizePhone(p.phone) : null;
  if (p.phone && !phone) throw new AppError("VALIDATION", "Formato de telefone inválido", { field: "phone" });
  try {
    const [row] = await ctx.db
      .update(leads)
      .set({ ...p, phone, email: p.email?.toLowerCase() ?? null })
      .where(and(eq(leads.id, input.id), eq(leads.workspaceId, scope.id)))
      .returning();
    return row;
  } catch (e) {
    if (/UNIQUE constraint failed/i.test(String((e as { cause?: unknown })?.cause ?? e))) throw new AppError("CONFLICT", PHONE_TAKEN, { field: "phone" });
    throw e;
  }
}

/** Deletes the chosen leads of one list (the page asks first); leads_count follows. */
export async function deleteLeads(ctx: ServiceContext, scope: InboxWriterScope, input: { listId: string; ids: string[] }) {
  await scopedLeadList(ctx.db, scope.id, input.listId);
  return ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(leads)
      .where(and(eq(leads.workspaceId, scope.id), eq(leads.listId, input.listId), inArray(leads.id, input.ids)))
      .returning({ id: leads.id });
    await bumpLeadsCount(tx, input.listId, -gone.length, ctx.now());
    return { deleted: gone.length };
  });
}
