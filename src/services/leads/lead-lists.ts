/**
 * Leads Hunter lists (/leads-hunter): CRUD scoped to the workspace. leads_count is kept by the
 * writers (lead-write.ts), so the lists page never counts rows.
 */
import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { leadLists, leadSearches } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { LeadListOutput } from "../../schemas/campaigns/leads";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";

export const LEAD_LIST_NOT_FOUND = "Lista de leads não encontrada";
const NAME_TAKEN = "Já existe uma lista de leads com esse nome";
export type LeadListRow = typeof leadLists.$inferSelect;

export async function scopedLeadList(db: DbOrTx, workspaceId: string, id: string): Promise<LeadListRow> {
  const [row] = await db
    .select()
    .from(leadLists)
    .where(and(eq(leadLists.id, id), eq(leadLists.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", LEAD_LIST_NOT_FOUND);
  return row;
}

const isUnique = (e: unknown) => /UNIQUE constraint failed/i.test(String((e as { cause?: unknown })?.cause ?? e));

/** Newest first, with the searches still running (the page's progress bars) in the same answer. */
export async function listLeadLists(ctx: ServiceContext, scope: WorkspaceScope, input: { search?: string | undefined }) {
  const where = [eq(leadLists.workspaceId, scope.id)];
  if (input.search) where.push(like(leadLists.name, `%${input.search.replace(/[%_]/g, "")}%`));
  const lists = await ctx.db
    .select()
    .from(leadLists)
    .where(and(...where))
    .orderBy(desc(leadLists.createdAt))
    .limit(500);
  const ids = lists.map((l) => l.id);
  const running = ids.length
    ? await ctx.db
        .select({ id: leadSearches.id, listId: leadSearches.listId, query: leadSearches.query, location: leadSearches.location, status: leadSearches.status, progress: leadSearches.progress, leadsFound: leadSearches.leadsFound })
        .from(leadSearches)
        .where(and(inArray(leadSearches.listId, ids), inArray(leadSearches.status, ["pending", "running"])))
        .limit(100)
    : [];
  return lists.map((l) => ({ ...l, running: running.filter((r) => r.listId === l.id) }));
}

export async function getLeadList(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  return scopedLeadList(ctx.db, scope.id, id);
}

export async function createLeadList(ctx: ServiceContext, scope: InboxWriterScope, v: LeadListOutput) {
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  try {
    const [row] = await ctx.db
      .insert(leadLists)
      .values({ workspaceId: scope.id, name: v.name, description: v.description, source: v.source, createdByUserId: userId })
      .returning();
    if (!row) throw new Error("lead list insert returned nothing");
    return row;
  } catch (e) {
    if (isUnique(e)) throw new AppError("CONFLICT", NAME_TAKEN, { field: "name" });
    throw e;
  }
}

export async function updateLeadList(ctx: ServiceContext, scope: InboxWriterScope, input: { id: string; patch: { name: string; description: string | null } }) {
  await scopedLeadList(ctx.db, scope.id, input.id);
  try {
    const [row] = await ctx.db
      .update(leadLists)
      .set({ name: input.patch.name, description: input.patch.description, updatedAt: ctx.now() })
      .where(and(eq(leadLists.id, input.id), eq(leadLists.workspaceId, scope.id)))
      .returning();
    return row;
  } catch (e) {
    if (isUnique(e)) throw new AppError("CONFLICT", NAME_TAKEN, { field: "name" });
    throw e;
  }
}

/** The list, its leads and searches (cascade). A search still running sees its list gone and stops. */
export async function deleteLeadList(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  await scopedLeadList(ctx.db, scope.id, id);
  await ctx.db.delete(leadLists).where(and(eq(leadLists.id, id), eq(leadLists.workspaceId, scope.id)));
  return { id };
}

/** Keeps leads_count after a write that added or removed `delta` leads (inside the caller's transaction). */
export async function bumpLeadsCount(tx: DbOrTx, listId: string, delta: number, now: number) {
  if (delta === 0) return;
  await tx
    .update(leadLists)
    .set({ leadsCount: sql`max(0, ${leadLists.leadsCount} + ${delta})`, updatedAt: now })
    .where(eq(leadLists.id, listId));
}
