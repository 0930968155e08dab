import { and, desc, eq, inArray } from "drizzle-orm";
import { contactListMembers, contactLists, contacts, conversationContacts, conversations, deals, pipelineStages } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import type { ContactPatch, CreateContactInput } from "../../schemas/crm/contacts";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { recordManualContactFields } from "./contact-values";

export const CONTACT_NOT_FOUND = "Contato não encontrado";
export type ContactRow = typeof contacts.$inferSelect;

/** Another workspace's contact is "not found", never "forbidden" (no id probing). */
export async function scopedContact(db: DbOrTx, workspaceId: string, id: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CONTACT_NOT_FOUND);
  return row;
}

const userIdOf = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/**
 * Phone and e-mail are unique in a workspace: the one already holding them is named, under the
 * field, so the person can open it instead of making a duplicate.
 */
async function refuseDuplicates(tx: DbOrTx, workspaceId: string, selfId: string | null, fields: { phone?: string | null; email?: string | null }) {
  for (const field of ["phone", "email"] as const) {
    const value = fields[field];
    if (!value) continue;
    const column = field === "phone" ? contacts.phone : contacts.email;
    const [other] = await tx
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.workspaceId, workspaceId), eq(column, value)))
      .limit(1);
    if (other && other.id !== selfId) {
      const what = field === "phone" ? "telefone" : "e-mail";
      throw new AppError("CONFLICT", `Já existe um contato com este ${what}: ${other.name}.`, { field, contactId: other.id });
    }
  }
}

/** One contact with its lists, open deals and conversations (each bounded), for the contact page. */
export async function getContact(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const contact = await scopedContact(ctx.db, scope.id, id);
  const [lists, contactDeals, convs] = await Promise.all([
    ctx.db
      .select({ id: contactLists.id, name: contactLists.name })
      .from(contactListMembers)
      .innerJoin(contactLists, eq(contactLists.id, contactListMembers.listId))
      .where(and(eq(contactListMembers.contactId, id), eq(contactLists.workspaceId, scope.id)))
      .limit(100),
    ctx.db
      .select({ id: deals.id, title: deals.title, valueCents: deals.valueCents, status: deals.status, stageName: pipelineStages.name, stageColor: pipelineStages.color, createdAt: deals.createdAt })
      .from(deals)
      .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
      .where(and(eq(deals.contactId, id), eq(deals.workspaceId, scope.id)))
      .limit(50),
    ctx.db
      .select({ id: conversations.id, channel: conversations.channel, status: conversations.status, lastMessageAt: conversations.lastMessageAt, createdAt: conversations.createdAt })
      .from(conversationContacts)
      .innerJoin(conversations, eq(conversations.id, conversationContacts.conversationId))
      .where(and(eq(conversationContacts.contactId, id), eq(conversationContacts.workspaceId, scope.id)))
      .orderBy(desc(conversationContacts.createdAt))
      .limit(50),
  ]);
  return { contact, lists, deals: contactDeals.sort((a, b) => b.createdAt - a.createdAt), conversations: convs };
}

/** A person creates a contact: every field typed becomes a manual value the agent will not overwrite. */
export async function createContact(ctx: ServiceContext, scope: InboxWriterScope, input: CreateContactInput) {
  return withTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    await refuseDuplicates(tx, scope.id, null, input);
    const [row] = await tx
      .insert(contacts)
      .values({ ...input, email: input.email ?? null, phone: input.phone ?? null, workspaceId: scope.id, createdByUserId: userIdOf(ctx), createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error("contact insert returned nothing");
    await recordManualContactFields(tx, scope.id, row.id, input, now);
    return row;
  });
}

/** Changes only the fields named; those become manual values (the agent keeps off them). */
export async function updateContact(ctx: ServiceContext, scope: InboxWriterScope, input: { id: string; patch: ContactPatch }) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedContact(tx, scope.id, input.id);
    const now = ctx.now();
    await refuseDuplicates(tx, scope.id, input.id, input.patch);
    const [row] = await tx
      .update(contacts)
      .set({ ...input.patch, updatedAt: now })
      .where(and(eq(contacts.id, input.id), eq(contacts.workspaceId, scope.id)))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", CONTACT_NOT_FOUND);
    await recordManualContactFields(tx, scope.id, row.id, input.patch, now);
    return row;
  });
}

/** Deletes a contact: its variables, identities, list places and conversation links go with it; its deals stay, without contact. */
export async function deleteContact(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  return withTransaction(ctx.db, async (tx) => {
    await scopedContact(tx, scope.id, id);
    await tx.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.workspaceId, scope.id)));
    return { id };
  });
}

/** The ids among `ids` that are contacts of the workspace (bulk actions never reach another's). */
export async function ownContactIds(tx: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, ids)))
    .limit(ids.length);
  return rows.map((r) => r.id);
}
