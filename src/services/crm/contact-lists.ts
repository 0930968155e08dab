import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { contactListMembers, contactLists, contacts } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import type { BulkContactsInput } from "../../schemas/crm/contact-actions";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { ownContactIds } from "./contacts";

export const LIST_NOT_FOUND = "Lista não encontrada";
const BULK_MISSING = (n: number) =>
  n === 1 ? "Um dos contatos selecionados não existe mais. Atualize a lista e tente de novo." : `${n} dos contatos selecionados não existem mais. Atualize a lista e tente de novo.`;
export const LIST_NAME_TAKEN = "Já existe uma lista com este nome";
/** Lists are made by hand: a workspace has a few; the page shows at most this many. */
export const MAX_LISTS_SHOWN = 500;

async function scopedList(db: DbOrTx, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.id, id), eq(contactLists.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", LIST_NOT_FOUND, { field: "listId" });
  return row;
}

async function refuseTakenName(db: DbOrTx, workspaceId: string, name: string, selfId: string | null) {
  const [other] = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(and(eq(contactLists.workspaceId, workspaceId), eq(contactLists.name, name)))
    .limit(1);
  if (other && other.id !== selfId) throw new AppError("CONFLICT", LIST_NAME_TAKEN, { field: "name" });
}

/** The workspace's lists by name, each with its member count (read off the members' primary key). */
export async function listContactLists(ctx: ServiceContext, scope: WorkspaceScope) {
  return ctx.db
    .select({
      id: contactLists.id,
      name: contactLists.name,
      description: contactLists.description,
      createdAt: contactLists.createdAt,
      members: sql<number>`(SELECT count(*) FROM contact_list_members m WHERE m.list_id = ${contactLists.id})`.mapWith(Number),
    })
    .from(contactLists)
    .where(eq(contactLists.workspaceId, scope.id))
    .orderBy(asc(contactLists.name))
    .limit(MAX_LISTS_SHOWN);
}

export async function createContactList(ctx: ServiceContext, scope: InboxWriterScope, input: { name: string; description?: string }) {
  return withTransaction(ctx.db, async (tx) => {
    await refuseTakenName(tx, scope.id, input.name, null);
    const now = ctx.now();
    const [row] = await tx
      .insert(contactLists)
      .values({ workspaceId: scope.id, name: input.name, description: input.description || null, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("list insert returned nothing");
    return row;
  });
}

export async function renameContactList(ctx: ServiceContext, scope: InboxWriterScope, input: { id: string; name: string; description?: string }) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedList(tx, scope.id, input.id);
    await refuseTakenName(tx, scope.id, input.name, input.id);
    const [row] = await tx
      .update(contactLists)
      .set({ name: input.name, description: input.description || null, updatedAt: ctx.now() })
      .where(and(eq(contactLists.id, input.id), eq(contactLists.workspaceId, scope.id)))
      .returning();
    return row;
  });
}

/** Deletes the list only: its contacts stay. */
export async function deleteContactList(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedList(tx, scope.id, id);
    await tx.delete(contactLists).where(and(eq(contactLists.id, id), eq(contactLists.workspaceId, scope.id)));
    return { id };
  });
}

/**
 * One action over explicitly chosen contacts (≤ BULK_MAX_IDS), all or nothing in one transaction.
 * Ids that are not the workspace's contacts are ignored; `affected` counts the ones changed.
 */
export async function bulkContacts(ctx: ServiceContext, scope: InboxWriterScope, input: BulkContactsInput): Promise<{ affected: number }> {
  return withTransaction(ctx.db, async (tx) => {
    const wanted = [...new Set(input.ids)];
    const ids = await ownContactIds(tx, scope.id, wanted);
    // All or nothing: an id that is not (or no longer) a contact here stops the whole action.
    if (ids.length < wanted.length) throw new AppError("NOT_FOUND", BULK_MISSING(wanted.length - ids.length), { field: "ids" });
    const now = ctx.now();
    const mine = and(eq(contacts.workspaceId, scope.id), inArray(contacts.id, ids));
    const a = input.action;
    switch (a.type) {
      case "setStatus":
        await tx.update(contacts).set({ status: a.status, updatedAt: now }).where(mine);
        return { affected: ids.length };
      case "delete":
        await tx.delete(contacts).where(mine);
        return { affected: ids.length };
      case "addToList": {
        await scopedList(tx, scope.id, a.listId);
        const added = await tx
          .insert(contactListMembers)
          .values(ids.map((contactId) => ({ listId: a.listId, contactId, addedAt: now })))
          .onConflictDoNothing()
          .returning({ id: contactListMembers.contactId });
        return { affected: added.length };
      }
      case "removeFromList": {
        await scopedList(tx, scope.id, a.listId);
        const removed = await tx
          .delete(contactListMembers)
          .where(and(eq(contactListMembers.listId, a.listId), inArray(contactListMembers.contactId, ids)))
          .returning({ id: contactListMembers.contactId });
        return { affected: removed.length };
      }
      case "addTags":
      case "removeTags":
        return { affected: await retag(tx, scope.id, ids, a.type === "addTags" ? a.tags : [], a.type === "removeTags" ? a.tags : [], now) };
    }
  });
}

/** Tags are a JSON array per contact: read the chosen rows, write back those that change. */
async function retag(tx: DbOrTx, workspaceId: string, ids: string[], add: string[], remove: string[], now: number): Promise<number> {
  const rows = await tx
    .select({ id: contacts.id, name: contacts.name, tags: contacts.tags })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, ids)))
    .limit(ids.length);
  const drop = new Set(remove.map((t) => t.toLocaleLowerCase("pt-BR")));
  let changed = 0;
  for (const row of rows) {
    const have = new Set(row.tags.map((t) => t.toLocaleLowerCase("pt-BR")));
    const next = [...row.tags.filter((t) => !drop.has(t.toLocaleLowerCase("pt-BR"))), ...add.filter((t) => !have.has(t.toLocaleLowerCase("pt-BR")))];
    if (next.length > 30) throw new AppError("VALIDATION", `O contato ${row.name} ficaria com mais de 30 etiquetas`, { field: "tags" });
    if (next.length === row.tags.length && next.every((t, i) => t === row.tags[i])) continue;
    await tx.update(contacts).set({ tags: next, updatedAt: now }).where(eq(contacts.id, row.id));
    changed++;
  }
  return changed;
}
