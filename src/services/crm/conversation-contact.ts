/**
 * The inbox's contact card: who the conversation's customer is in the CRM, their open deals, and
 * the two things a person may do from there (create the contact from what the conversation knows,
 * open a deal). Every read and write goes through the conversation of the caller's workspace, so
 * another workspace's id is NOT_FOUND.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contacts, conversationContacts, conversations, deals, pipelineStages } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { ContactSource } from "../../schemas/crm/contacts";
import { CONVERSATION_CONTACT_ERRORS, type ConversationContactInput, type CreateConversationDealInput, createConversationDealInput } from "../../schemas/crm/inbox";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { matchOrCreateContact } from "./contact-match";
import { openDeal } from "./pipeline-core";

/** A contact with more open deals than this shows the newest; the contact page has them all. */
const DEALS_SHOWN = 10;
/** Open deals read per contact to pick the newest from (bounded even for a contact with many). */
const DEALS_READ = 200;
const SOURCE_OF_CHANNEL: Record<string, ContactSource> = { whatsapp: "whatsapp_cloud", telegram: "telegram", instagram: "instagram", web: "web_chat" };

async function scopedConversation(tx: DbOrTx, workspaceId: string, conversationId: string) {
  const [row] = await tx
    .select({ id: conversations.id, channel: conversations.channel, clientName: conversations.clientName, clientPhone: conversations.clientPhone, clientEmail: conversations.clientEmail, contactId: conversationContacts.contactId })
    .from(conversations)
    .leftJoin(conversationContacts, eq(conversationContacts.conversationId, conversations.id))
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CONVERSATION_CONTACT_ERRORS.conversationNotFound);
  return row;
}

/** The card: the contact (or what "Criar contato" would use) and the contact's open deals. */
export async function conversationContactCard(ctx: ServiceContext, scope: WorkspaceScope, input: ConversationContactInput) {
  const conv = await scopedConversation(ctx.db, scope.id, input.conversationId);
  const suggestion = { name: conv.clientName, phone: conv.clientPhone, email: conv.clientEmail };
  if (!conv.contactId) return { conversationId: conv.id, contact: null, deals: [], suggestion };
  const [contact] = await ctx.db
    .select({
      id: contacts.id,
      name: contacts.name,
      phone: contacts.phone,
      email: contacts.email,
      companyName: contacts.companyName,
      status: contacts.status,
      tags: contacts.tags,
      source: contacts.source,
    })
    .from(contacts)
    .where(and(eq(contacts.id, conv.contactId), eq(contacts.workspaceId, scope.id)))
    .limit(1);
  if (!contact) return { conversationId: conv.id, contact: null, deals: [], suggestion };
  // Off deals_contact_idx (a contact has a handful of deals), newest first in JS: the planner
  // would otherwise walk the workspace's deals by date to avoid a sort.
  const rows = await ctx.db
    .select({ id: deals.id, title: deals.title, valueCents: deals.valueCents, createdAt: deals.createdAt, stageName: pipelineStages.name, stageColor: pipelineStages.color })
    .from(deals)
    .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
    .where(and(eq(deals.contactId, contact.id), eq(sql`+${deals.workspaceId}`, scope.id), eq(deals.status, "open")))
    .limit(DEALS_READ);
  const open = rows
    .sort((x, y) => y.createdAt - x.createdAt || (x.id < y.id ? -1 : 1))
    .slice(0, DEALS_SHOWN)
    .map(({ createdAt: _c, ...d }) => d);
  return { conversationId: conv.id, contact, deals: open, suggestion };
}

export type ConversationContactCard = Awaited<ReturnType<typeof conversationContactCard>>;

/** The conversation's contact, created (or matched, never duplicated) from the conversation's name, phone and e-mail. */
async function ensureContact(tx: DbOrTx, workspaceId: string, conversationId: string, userId: string): Promise<string> {
  const conv = await scopedConversation(tx, workspaceId, conversationId);
  if (conv.contactId) return conv.contactId;
  if (!conv.clientName?.trim() && !conv.clientPhone && !conv.clientEmail) throw new AppError("PRECONDITION_FAILED", CONVERSATION_CONTACT_ERRORS.nothingToMatch);
  const now = Date.now();
  const { contactId, created } = await matchOrCreateContact(tx, {
    workspaceId,
    name: conv.clientName,
    phone: conv.clientPhone,
    email: conv.clientEmail,
    source: SOURCE_OF_CHANNEL[conv.channel] ?? "manual",
    now,
  });
  if (created) await tx.update(contacts).set({ createdByUserId: userId }).where(eq(contacts.id, contactId));
  await tx.insert(conversationContacts).values({ conversationId: conv.id, workspaceId, contactId, createdAt: now }).onConflictDoNothing();
  return contactId;
}

/** "Criar contato": links the conversation to its (new or matching) contact; the card follows. */
export async function createConversationContact(ctx: ServiceContext, scope: InboxWriterScope, userId: string, input: ConversationContactInput) {
  await withTransaction(ctx.db, (tx) => ensureContact(tx, scope.id, input.conversationId, userId));
  return conversationContactCard(ctx, scope, input);
}

/** "Criar negócio": a deal of the conversation's contact (made first if missing) in the default pipeline's first stage, owned by the caller. */
export async function createConversationDeal(ctx: ServiceContext, scope: InboxWriterScope, userId: string, raw: CreateConversationDealInput) {
  const input = createConversationDealInput.parse(raw);
  const deal = await withTransaction(ctx.db, async (tx) => {
    const contactId = await ensureContact(tx, scope.id, input.conversationId, userId);
    return openDeal(tx, {
      workspaceId: scope.id,
      title: input.title,
      contactId,
      valueCents: input.valueCents,
      ownerUserId: userId,
      source: "manual",
      conversationId: input.conversationId,
      actor: { type: "user", userId },
    });
  });
  return { dealId: deal.id, contactId: deal.contactId };
}
