import { rm } from "node:fs/promises";
import { join } from "node:path";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  storedFiles,
  contactIdentities,
  contactListMembers,
  contactLists,
  contactVariables,
  contacts,
  conversationContacts,
  conversations,
  dealActivities,
  dealProducts,
  dealStageHistory,
  deals,
  messages,
  variableExtractions,
} from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import { ERASED_MARK, ERASED_MESSAGE, ERASE_CONFIRM_MISMATCH } from "../../schemas/crm/contact-actions";
import { CRM_ERASE_OWNER_ONLY } from "../../schemas/permissions";
import type { InboxWriterScope } from "../access";
import { logActivity } from "../activity";
import { type ServiceContext, withTransaction } from "../context";
import { scopedContact } from "./contacts";

/** Export bounds: generous (it is a one-off download), but a read never runs unbounded. */
const EXPORT_MAX = { conversations: 500, messages: 5_000, deals: 200, rows: 5_000 } as const;
/** Erasure rewrites messages in batches of this many (each statement bounded). */
const ERASE_BATCH = 500;
const MAX_ERASED_CONVERSATIONS = 5_000;

/** LGPD (art. 18): everything the workspace holds about one contact, as one JSON document. */
export async function exportContactData(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  const contact = await scopedContact(ctx.db, scope.id, id);
  const db = ctx.db;
  const [identities, variables, extractions, lists, links, dealRows] = await Promise.all([
    db.select().from(contactIdentities).where(eq(contactIdentities.contactId, id)).limit(EXPORT_MAX.rows),
    db.select().from(contactVariables).where(eq(contactVariables.contactId, id)).limit(EXPORT_MAX.rows),
    db.select().from(variableExtractions).where(eq(variableExtractions.contactId, id)).orderBy(desc(variableExtractions.createdAt)).limit(EXPORT_MAX.rows),
    db
      .select({ id: contactLists.id, name: contactLists.name, addedAt: contactListMembers.addedAt })
      .from(contactListMembers)
      .innerJoin(contactLists, eq(contactLists.id, contactListMembers.listId))
      .where(eq(contactListMembers.contactId, id))
      .limit(EXPORT_MAX.rows),
    db.select().from(conversationContacts).where(eq(conversationContacts.contactId, id)).orderBy(desc(conversationContacts.createdAt)).limit(EXPORT_MAX.conversations),
    db.select().from(deals).where(and(eq(deals.contactId, id), eq(deals.workspaceId, scope.id))).limit(EXPORT_MAX.deals),
  ]);
  const convs = [];
  for (const link of links) {
    const [conv] = await db.select().from(conversations).where(and(eq(conversations.id, link.conversationId), eq(conversations.workspaceId, scope.id))).limit(1);
    if (!conv) continue;
    const msgs = await db
      .select({ id: messages.id, senderType: messages.senderType, senderName: messages.senderName, content: messages.content, messageType: messages.messageType, sentAt: messages.sentAt })
      .from(messages)
      .where(eq(messages.conversationId, conv.id))
      .orderBy(messages.conversationId, messages.sentAt, messages.id)
      .limit(EXPORT_MAX.messages);
    convs.push({ id: conv.id, channel: conv.channel, clientName: conv.clientName, clientPhone: conv.clientPhone, clientEmail: conv.clientEmail, status: conv.status, createdAt: conv.createdAt, messages: msgs });
  }
  const dealsOut = [];
  for (const deal of dealRows) {
    const [history, activities, products] = await Promise.all([
      db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, deal.id)).orderBy(dealStageHistory.dealId, dealStageHistory.createdAt).limit(EXPORT_MAX.rows),
      db.select().from(dealActivities).where(eq(dealActivities.dealId, deal.id)).orderBy(dealActivities.dealId, dealActivities.createdAt).limit(EXPORT_MAX.rows),
      db.select().from(dealProducts).where(eq(dealProducts.dealId, deal.id)).limit(EXPORT_MAX.rows),
    ]);
    dealsOut.push({ ...deal, history, activities, products });
  }
  const ownActivities = await db.select().from(dealActivities).where(and(eq(dealActivities.contactId, id), sql`${dealActivities.dealId} IS NULL`)).limit(EXPORT_MAX.rows);
  return {
    exportedAt: new Date(ctx.now()).toISOString(),
    workspace: { id: scope.id, name: scope.name },
    contact,
    identities,
    variables,
    extractions,
    lists,
    conversations: convs,
    deals: dealsOut,
    activities: ownActivities,
  };
}

/**
 * LGPD erasure, by the workspace owner only: deletes the contact (its variables, extractions,
 * identities, list places and own activities go with it), and blanks the personal data of its
 * conversations: the customer's name/phone/e-mail/avatar on each conversation, the text of every
 * customer message (replaced by ERASED_MESSAGE, attachments dropped), and any occurrence of the
 * contact's name, e-mail or phone inside the team's and the agent's messages and in its deals'
 * titles and notes. Deals stay (the business's own figures), without the contact. One audit line,
 * with counts only (no personal data).
 */
export async function eraseContact(ctx: ServiceContext, scope: InboxWriterScope, input: { id: string; confirmName: string }) {
  if (scope.role !== "owner") throw new AppError("FORBIDDEN", CRM_ERASE_OWNER_ONLY);
  // The customer's stored images (web chat): rows go in the transaction, bytes after it commits.
  const imagePaths: string[] = [];
  const erased = await withTransaction(ctx.db, async (tx) => {
    const contact = await scopedContact(tx, scope.id, input.id);
    if (input.confirmName.trim().toLocaleLowerCase("pt-BR") !== contact.name.trim().toLocaleLowerCase("pt-BR"))
      throw new AppError("VALIDATION", ERASE_CONFIRM_MISMATCH, { field: "confirmName" });
    const personal = [contact.name, contact.email, contact.phone, contact.phone?.replace(/^\+/, "")].filter((s): s is string => Boolean(s && s.length >= 3));
    const links = await tx.select({ id: conversationContacts.conversationId }).from(conversationContacts).where(eq(conversationContacts.contactId, contact.id)).limit(MAX_ERASED_CONVERSATIONS);
    let blanked = 0;
    for (const { id: conversationId } of links) {
      await tx
        .update(conversations)
        .set({ clientName: null, clientPhone: null, clientEmail: null, clientAvatar: null, metadata: null, contactKey: sql`'removido:' || ${conversations.id}` })
        .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, scope.id)));
      blanked += await blankCustomerMessages(tx, conversationId, imagePaths);
      await maskInTeamMessages(tx, conversationId, personal);
    }
    const dealIds = (await tx.select({ id: deals.id }).from(deals).where(and(eq(deals.contactId, contact.id), eq(deals.workspaceId, scope.id))).limit(EXPORT_MAX.deals)).map((d) => d.id);
    if (dealIds.length && personal.length) {
      await tx
        .update(deals)
        .set({ title: sql`${masked(sql`${deals.title}`, personal)}`, notes: sql`${masked(sql`${deals.notes}`, personal)}`, version: sql`${deals.version} + 1` })
        .where(and(eq(deals.workspaceId, scope.id), inArray(deals.id, dealIds)));
    }
    await tx.delete(contacts).where(and(eq(contacts.id, contact.id), eq(contacts.workspaceId, scope.id)));
    const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: scope.id,
      action: "crm.contact.erase",
      category: "crm",
      resourceType: "contact",
      resourceId: contact.id,
      description: "Dados pessoais de um contato apagados (LGPD)",
      details: { conversations: links.length, messages: blanked, deals: dealIds.length },
    });
    return { id: contact.id, conversations: links.length, messages: blanked, deals: dealIds.length };
  });
  for (const path of imagePaths) await rm(join(ctx.env.DATA_DIR, path), { force: true });
  return erased;
}

/** replace(…replace(expr, a, mark)…, z, mark) over every personal string. */
function masked(expr: ReturnType<typeof sql>, personal: string[]) {
  return personal.reduce((acc, s) => sql`replace(${acc}, ${s}, ${ERASED_MARK})`, expr);
}

async function blankCustomerMessages(tx: DbOrTx, conversationId: string, imagePaths: string[]): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await tx
      .update(messages)
      .set({ content: ERASED_MESSAGE, senderName: null, attachments: null, metadata: null })
      .where(
        sql`${messages.id} IN (SELECT id FROM messages WHERE conversation_id = ${conversationId} AND sender_type = 'customer' AND content != ${ERASED_MESSAGE} LIMIT ${ERASE_BATCH})`,
      )
      .returning({ id: messages.id });
    total += done.length;
    if (done.length) {
      const ids = done.map((m) => m.id);
      const files = await tx
        .delete(storedFiles)
        .where(and(eq(storedFiles.purpose, "chat_image"), inArray(storedFiles.refId, ids)))
        .returning({ storagePath: storedFiles.storagePath });
      imagePaths.push(...files.map((f) => f.storagePath));
    }
    if (done.length < ERASE_BATCH) return total;
  }
}

async function maskInTeamMessages(tx: DbOrTx, conversationId: string, personal: string[]) {
  if (!personal.length) return;
  const mentions = sql.join(
    personal.map((s) => sql`instr(content, ${s}) > 0`),
    sql` OR `,
  );
  for (;;) {
    const done = await tx
      .update(messages)
      .set({ content: sql`${masked(sql`${messages.content}`, personal)}` })
      .where(and(ne(messages.senderType, "customer"), sql`${messages.id} IN (SELECT id FROM messages WHERE conversation_id = ${conversationId} AND sender_type != 'customer' AND (${mentions}) LIMIT ${ERASE_BATCH})`))
      .returning({ id: messages.id });
    if (done.length < ERASE_BATCH) return;
  }
}
