import { type SQL, and, asc, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../db/client";
import { campaignContacts, campaignLists, campaigns } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type {
  CreateCampaignListInput,
  ListMembersInput,
  listCampaignListsInput,
  removeMembersInput,
  updateCampaignListInput,
} from "../../schemas/campaigns/lists";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";

export const CAMPAIGN_LIST_NOT_FOUND = "Lista de campanha não encontrada";
export const CAMPAIGN_LIST_NAME_TAKEN = "Já existe uma lista de campanha com este nome";
/** Campaigns still to send (or able to resume) read the list's members: the list must stay. */
const ACTIVE_STATUSES = ["scheduled", "running", "paused", "paused_failures"] as const;
export const listInUse = (name: string) =>
  `Esta lista está em uso pela campanha “${name}”, que está em andamento. Conclua ou cancele a campanha antes de excluir a lista.`;

/** Counts stop here: a filtered count of a huge list never reads it whole on a page load. */
export const COUNT_CAP = 200_000;
const DELETE_BATCH = 5000;

/** count(*) of a row source, read through a LIMIT (query-plan rule: no unbounded slice). */
export async function cappedCount(db: DbOrTx, rows: SQL): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (${rows} LIMIT ${COUNT_CAP})`);
  return Number(row?.n ?? 0);
}

/** LIKE with the user's text taken literally. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The workspace's list, or NOT_FOUND (another workspace's id looks the same as a missing one). */
export async function scopedCampaignList(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaignLists)
    .where(and(eq(campaignLists.id, id), eq(campaignLists.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_LIST_NOT_FOUND, { field: "listId" });
  return row;
}

async function refuseTakenName(db: DbOrTx, workspaceId: string, name: string, selfId: string | null) {
  const [other] = await db
    .select({ id: campaignLists.id })
    .from(campaignLists)
    .where(and(eq(campaignLists.workspaceId, workspaceId), eq(campaignLists.name, name)))
    .limit(1);
  if (other && other.id !== selfId) throw new AppError("CONFLICT", CAMPAIGN_LIST_NAME_TAKEN, { field: "name" });
}

/** The "Listas" tab: newest first, searched by name, one page with the total. */
export async function listCampaignLists(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof listCampaignListsInput>) {
  const where = and(eq(campaignLists.workspaceId, scope.id), input.search ? sql`${campaignLists.name} LIKE ${likeContains(input.search)} ESCAPE '\\'` : undefined);
  const items = await ctx.db
    .select({
      id: campaignLists.id,
      name: campaignLists.name,
      description: campaignLists.description,
      contactCount: campaignLists.contactCount,
      createdAt: campaignLists.createdAt,
      updatedAt: campaignLists.updatedAt,
    })
    .from(campaignLists)
    .where(where)
    .orderBy(desc(campaignLists.createdAt), desc(campaignLists.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [row] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(campaignLists).where(where);
  return { items, total: row?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function getCampaignList(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const list = await scopedCampaignList(ctx.db, scope.id, id);
  // Bounded like every read of a growing table: a list past the cap shows capped figures.
  const counts = await ctx.db.all<{ status: "pending" | "valid" | "invalid"; n: number }>(
    sql`SELECT validation_status AS status, count(*) AS n FROM (SELECT validation_status FROM campaign_contacts WHERE list_id = ${id} LIMIT ${COUNT_CAP}) GROUP BY validation_status`,
  );
  const byStatus = { pending: 0, valid: 0, invalid: 0 };
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { ...list, byStatus };
}

export async function createCampaignList(ctx: ServiceContext, scope: InboxWriterScope, input: CreateCampaignListInput) {
  return withTransaction(ctx.db, async (tx) => {
    await refuseTakenName(tx, scope.id, input.name, null);
    const now = ctx.now();
    const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
    const [row] = await tx
      .insert(campaignLists)
      .values({ workspaceId: scope.id, name: input.name, description: input.description ?? null, createdByUserId: userId, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("campaign list insert returned nothing");
    return row;
  });
}

export async function updateCampaignList(ctx: ServiceContext, scope: InboxWriterScope, input: z.output<typeof updateCampaignListInput>) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedCampaignList(tx, scope.id, input.id);
    if (input.patch.name) await refuseTakenName(tx, scope.id, input.patch.name, input.id);
    const set: Partial<typeof campaignLists.$inferInsert> = { updatedAt: ctx.now() };
    if (input.patch.name !== undefined) set.name = input.patch.name;
    if (input.patch.description !== undefined) set.description = input.patch.description ?? null;
    const [row] = await tx
      .update(campaignLists)
      .set(set)
      .where(and(eq(campaignLists.id, input.id), eq(campaignLists.workspaceId, scope.id)))
      .returning();
    return row;
  });
}

/** Deletes the list and its members; refused while a campaign still sends (or may resume) to it. */
export async function deleteCampaignList(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedCampaignList(tx, scope.id, id);
    const [active] = await tx
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.workspaceId, scope.id), eq(campaigns.listId, id), inArray(campaigns.status, [...ACTIVE_STATUSES])))
      .limit(1);
    if (active) throw new AppError("CONFLICT", listInUse(active.name));
    // Members go in bounded batches first, so the list's ON DELETE CASCADE finds nothing left.
    for (;;) {
      const gone = await tx.run(sql`DELETE FROM campaign_contacts WHERE rowid IN (SELECT rowid FROM campaign_contacts WHERE list_id = ${id} LIMIT ${DELETE_BATCH})`);
      if (gone.rowsAffected < DELETE_BATCH) break;
    }
    await tx.delete(campaignLists).where(and(eq(campaignLists.id, id), eq(campaignLists.workspaceId, scope.id)));
    return { ok: true as const };
  });
}

function memberWhere(input: Pick<ListMembersInput, "listId" | "search" | "validationStatus">): SQL | undefined {
  const q = input.search?.trim();
  const digits = q?.replace(/\D/g, "") ?? "";
  const text = q ? likeContains(q) : null;
  return and(
    eq(campaignContacts.listId, input.listId),
    input.validationStatus ? eq(campaignContacts.validationStatus, input.validationStatus) : undefined,
    text
      ? or(
          sql`${campaignContacts.name} LIKE ${text} ESCAPE '\\'`,
          sql`${campaignContacts.company} LIKE ${text} ESCAPE '\\'`,
          digits.length >= 3 ? like(campaignContacts.phone, `%${digits}%`) : undefined,
        )
      : undefined,
  );
}

/** A page of the list's members, in the order they were added (off campaign_contacts_list_created_idx). */
export async function listCampaignMembers(ctx: ServiceContext, scope: WorkspaceScope, input: ListMembersInput) {
  const list = await scopedCampaignList(ctx.db, scope.id, input.listId);
  const where = memberWhere(input);
  const items = await ctx.db
    .select({
      id: campaignContacts.id,
      name: campaignContacts.name,
      phone: campaignContacts.phone,
      company: campaignContacts.company,
      role: campaignContacts.role,
      city: campaignContacts.city,
      source: campaignContacts.source,
      validationStatus: campaignContacts.validationStatus,
      extra: campaignContacts.extra,
      contactId: campaignContacts.contactId,
      createdAt: campaignContacts.createdAt,
    })
    .from(campaignContacts)
    .where(where)
    .orderBy(asc(campaignContacts.createdAt), asc(campaignContacts.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const filtered = Boolean(input.search?.trim() || input.validationStatus);
  const total = filtered ? await cappedCount(ctx.db, sql`SELECT 1 FROM campaign_contacts WHERE ${where}`) : list.contactCount;
  return { items, total, page: input.page, pageSize: input.pageSize };
}

export async function removeCampaignMembers(ctx: ServiceContext, scope: InboxWriterScope, input: z.output<typeof removeMembersInput>) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedCampaignList(tx, scope.id, input.listId);
    const gone = await tx
      .delete(campaignContacts)
      .where(and(eq(campaignContacts.listId, input.listId), eq(campaignContacts.workspaceId, scope.id), inArray(campaignContacts.id, input.ids)))
      .returning({ id: campaignContacts.id });
    if (gone.length) {
      await tx
        .update(campaignLists)
        .set({ contactCount: sql`max(0, ${campaignLists.contactCount} - ${gone.length})`, updatedAt: ctx.now() })
        .where(eq(campaignLists.id, input.listId));
    }
    return { removed: gone.length };
  });
}
