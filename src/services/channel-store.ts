/**
 * The channel pipeline's reads and writes of conversations and messages (src/channels holds the
 * rules; this file holds the queries). Every lookup is by primary key or an indexed
 * (conversation_id, …) prefix, and the rows the pipeline carries around are typed here.
 */
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { agents, type channelConnections, conversations, messages } from "../../db/schema";
import type { Agent } from "./agents";
import type { ConversationRow } from "./conversations";

export type { ChannelStoredConfig, InstagramStoredConfig, TelegramStoredConfig, UazapiStoredConfig, WhatsAppCloudStoredConfig } from "../../db/schema";
export type { ConversationRow } from "./conversations";
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type NewConversation = typeof conversations.$inferInsert;
export type ConversationPatch = Partial<NewConversation>;
export type ConnectionRow = typeof channelConnections.$inferSelect;

export async function conversationById(db: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

/** Unscoped: the pipeline reaches the agent through its own conversation, never a client-sent id. */
export async function agentById(db: DbOrTx, id: string): Promise<Agent | null> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
  return row ?? null;
}

/** The newest conversation of this customer on this connection (open or closed). */
export async function latestConversationOf(db: DbOrTx, connectionId: string, contactKey: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.connectionId, connectionId), eq(conversations.contactKey, contactKey)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertConversation(db: DbOrTx, values: NewConversation): Promise<ConversationRow> {
  const [created] = await db.insert(conversations).values(values).returning();
  if (!created) throw new Error("conversation insert returned nothing");
  return created;
}

export async function updateConversation(db: DbOrTx, id: string, patch: ConversationPatch): Promise<void> {
  await db.update(conversations).set(patch).where(eq(conversations.id, id));
}

/** A new customer message: one more unread, the follow-up chain restarts, a closed service reopens. */
export async function recordCustomerMessage(db: DbOrTx, id: string, at: { now: number; lastCustomerMessageAt: number; reopened: boolean }): Promise<void> {
  await db
    .update(conversations)
    .set({
      lastMessageAt: at.now,
      lastCustomerMessageAt: at.lastCustomerMessageAt,
      unreadCount: sql`${conversations.unreadCount} + 1`,
      waitingForUser: false,
      executedFollowUpSteps: 0,
      updatedAt: at.now,
      ...(at.reopened ? { finishedAt: null, status: "active", interactionCount: 0 } : {}),
    })
    .where(eq(conversations.id, id));
}

/** Who handles the conversation now ('ai' | 'human'), read fresh: a person may have taken over meanwhile. */
export async function conversationHandler(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ handledBy: conversations.handledBy }).from(conversations).where(eq(conversations.id, id)).limit(1);
  return row?.handledBy ?? null;
}

/** The stored message with this provider id in this conversation (a re-run job finds what it stored). */
export async function messageByProviderId(db: DbOrTx, conversationId: string, providerMessageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.providerMessageId, providerMessageId)))
    .limit(1);
  return row ?? null;
}

export async function insertMessage(db: DbOrTx, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error("message insert returned nothing");
  return row;
}

/** Customer messages after the reply cursor, oldest first: what the next reply answers. */
export async function unansweredMessages(db: DbOrTx, conv: Pick<ConversationRow, "id" | "replyCursor">): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conv.id),
        eq(messages.senderType, "customer"),
        conv.replyCursor ? gt(messages.id, conv.replyCursor) : undefined,
      ),
    )
    .orderBy(asc(messages.id));
}

/** The last `limit` messages the model may see before `beforeId`, newest first (failed and skipped sends left out). */
export async function historyRows(db: DbOrTx, conversationId: string, beforeId: string, limit: number) {
  return db
    .select({ senderType: messages.senderType, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`${messages.id} < ${beforeId}`,
        inArray(messages.senderType, ["customer", "agent", "human"]),
        or(isNull(messages.deliveryStatus), inArray(messages.deliveryStatus, ["pending", "sent", "delivered", "read"])),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** Outbound messages not yet handed to the provider, oldest first. */
export async function outboxOf(db: DbOrTx, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.deliveryStatus, "pending")))
    .orderBy(asc(messages.id));
}

export type DeliveryPatch = Pick<NewMessage, "deliveryStatus" | "deliveryError" | "providerMessageId">;

/** Records one outbound message's fate as soon as it is known (sent with its provider id, failed, skipped). */
export async function setDelivery(db: DbOrTx, messageId: string, patch: DeliveryPatch): Promise<void> {
  await db.update(messages).set(patch).where(eq(messages.id, messageId));
}

/** Whether the customer wrote after `messageId` (ids are time-ordered UUIDv7). */
export async function customerWroteAfter(db: DbOrTx, conversationId: string, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "customer"), gt(messages.id, messageId)))
    .limit(1);
  return Boolean(row);
}

/** The AI's unsent parts, not sent after all (a person took over): kept, marked skipped with the reason. */
export async function skipPendingAgentMessages(db: DbOrTx, conversationId: string, reason: string): Promise<void> {
  await db
    .update(messages)
    .set({ deliveryStatus: "skipped", deliveryError: reason })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "agent"), eq(messages.deliveryStatus, "pending")));
}
