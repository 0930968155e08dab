/**
 * The channel pipeline's reads and writes of conversations and messages (src/channels holds the
 * rules; this file holds the queries). Every lookup is by primary key or an indexed
 * (conversation_id, …) prefix, and the rows the pipeline carries around are typed here.
 */
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { agents, type channelConnections, conversationContacts, conversations, messages } from "../../db/schema";
import type { Agent } from "./agents";
import type { RawTx } from "./credit-debit";
import { groupCommit } from "./group-commit";
import type { ConversationRow } from "./conversations";

export type { ChannelStoredConfig, InstagramStoredConfig, TelegramStoredConfig, UazapiStoredConfig, WhatsAppCloudStoredConfig } from "../../db/schema";
export type { ConversationRow } from "./conversations";
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type NewConversation = typeof conversations.$inferInsert;
export type ConversationPatch = Partial<NewConversation>;
export type ConnectionRow = typeof channelConnections.$inferSelect;

/** The reads below run once or more per channel message: prepared once per database (db/prepared.ts). */
const ph = (name: string) => sql.placeholder(name);

export async function conversationById(db: Db, id: string): Promise<ConversationRow | null> {
  const q = prepared(db, "channel:conversation", (d) => d.select().from(conversations).where(eq(conversations.id, ph("id"))).limit(1).prepare());
  return (await q.all({ id }))[0] ?? null;
}

/** Unscoped: the pipeline reaches the agent through its own conversation, never a client-sent id. */
export async function agentById(db: Db, id: string): Promise<Agent | null> {
  const q = prepared(db, "channel:agent", (d) => d.select().from(agents).where(eq(agents.id, ph("id"))).limit(1).prepare());
  return (await q.all({ id }))[0] ?? null;
}

/**
 * The newest conversation of this customer on this connection (open or closed), with its CRM
 * contact link (a primary-key join): the pipeline links a contact only where it is missing.
 */
export async function latestConversationOf(db: Db, connectionId: string, contactKey: string): Promise<{ conv: ConversationRow; contactId: string | null } | null> {
  const q = prepared(db, "channel:latest-conversation", (d) =>
    d
      .select({ conv: conversations, contactId: conversationContacts.contactId })
      .from(conversations)
      .leftJoin(conversationContacts, eq(conversationContacts.conversationId, conversations.id))
      .where(and(eq(conversations.connectionId, ph("connectionId")), eq(conversations.contactKey, ph("contactKey"))))
      .orderBy(desc(conversations.createdAt))
      .limit(1)
      .prepare(),
  );
  return (await q.all({ connectionId, contactKey }))[0] ?? null;
}

export async function updateConversation(db: DbOrTx, id: string, patch: ConversationPatch): Promise<void> {
  await db.update(conversations).set(patch).where(eq(conversations.id, id));
}

/** Who handles the conversation now ('ai' | 'human'), read fresh: a person may have taken over meanwhile. */
export async function conversationHandler(db: Db, id: string): Promise<string | null> {
  const q = prepared(db, "channel:handler", (d) => d.select({ handledBy: conversations.handledBy }).from(conversations).where(eq(conversations.id, ph("id"))).limit(1).prepare());
  return (await q.all({ id }))[0]?.handledBy ?? null;
}

/** The stored message with this provider id in this conversation (a re-run job finds what it stored). */
export async function messageByProviderId(db: Db, conversationId: string, providerMessageId: string): Promise<Pick<MessageRow, "id" | "senderType"> | null> {
  const q = prepared(db, "channel:message-by-provider-id", (d) =>
    d
      .select({ id: messages.id, senderType: messages.senderType })
      .from(messages)
      .where(and(eq(messages.conversationId, ph("conversationId")), eq(messages.providerMessageId, ph("providerMessageId"))))
      .limit(1)
      .prepare(),
  );
  return (await q.all({ conversationId, providerMessageId }))[0] ?? null;
}

/** Customer messages after the reply cursor, oldest first: what the next reply answers. */
export async function unansweredMessages(db: Db, conv: Pick<ConversationRow, "id" | "replyCursor">): Promise<MessageRow[]> {
  // No cursor yet: every id is greater than the empty string.
  const q = prepared(db, "channel:unanswered", (d) =>
    d
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, ph("conversationId")), eq(messages.senderType, "customer"), gt(messages.id, ph("cursor"))))
      .orderBy(asc(messages.id))
      .prepare(),
  );
  return q.all({ conversationId: conv.id, cursor: conv.replyCursor ?? "" });
}

/** The last `limit` messages the model may see before `beforeId`, newest first (failed and skipped sends left out). */
export async function historyRows(db: Db, conversationId: string, beforeId: string, limit: number) {
  const q = prepared(db, "channel:history", (d) =>
    d
      .select({ senderType: messages.senderType, content: messages.content })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, ph("conversationId")),
          sql`${messages.id} < ${ph("beforeId")}`,
          inArray(messages.senderType, ["customer", "agent", "human"]),
          or(isNull(messages.deliveryStatus), inArray(messages.deliveryStatus, ["pending", "sent", "delivered", "read"])),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(ph("limit"))
      .prepare(),
  );
  return q.all({ conversationId, beforeId, limit });
}

export type OutboxRow = Pick<MessageRow, "id" | "senderType" | "content" | "attachments" | "sentAt">;

/**
 * Outbound messages not yet handed to the provider, oldest first. Through messages_outbox_idx: the
 * conversation's pending rows only (left to itself the planner walked the whole thread by id).
 */
export async function outboxOf(db: Db, conversationId: string): Promise<OutboxRow[]> {
  const rs = await db.$client.execute({
    sql: `SELECT id, sender_type, content, attachments, sent_at FROM messages INDEXED BY messages_outbox_idx
      WHERE conversation_id = ? AND delivery_status = 'pending' ORDER BY id`,
    args: [conversationId],
  });
  return rs.rows.map((r) => ({
    id: String(r.id),
    senderType: String(r.sender_type) as MessageRow["senderType"],
    content: String(r.content),
    attachments: r.attachments === null ? null : (JSON.parse(String(r.attachments)) as MessageRow["attachments"]),
    sentAt: Number(r.sent_at),
  }));
}

export type DeliveryPatch = { deliveryStatus: "sent" | "failed" | "skipped"; deliveryError: string | null; providerMessageId?: string };

/**
 * Records one outbound message's fate as soon as it is known (sent with its provider id, failed,
 * skipped), durably before the next part is sent: through the group commit, shared with the other
 * lanes' writes, and returning only once committed.
 */
export async function setDelivery(db: Db, messageId: string, patch: DeliveryPatch): Promise<void> {
  await groupCommit(db, deliveryWrite(messageId, patch));
}

const deliveryWrite = (messageId: string, patch: DeliveryPatch) => (tx: RawTx) =>
  tx.execute({
    sql: "UPDATE messages SET delivery_status = ?, delivery_error = ?, provider_message_id = coalesce(?, provider_message_id) WHERE id = ?",
    args: [patch.deliveryStatus, patch.deliveryError, patch.providerMessageId ?? null, messageId],
  });

/**
 * Records that a part went out the moment the provider answered: its own small commit, run at once
 * when the connection is free, instead of waiting for the lanes' next group commit. A crash between
 * the send and this commit resends the part (no provider takes an idempotency key), so under load
 * this gap decides how many customers a crash answers twice.
 */
export async function recordSent(db: Db, messageId: string, providerMessageId: string): Promise<void> {
  await deliveryWrite(messageId, { deliveryStatus: "sent", providerMessageId, deliveryError: null })(db.$client);
}

/** The reply went out: the conversation waits for the customer (written with the job's completion). */
export const waitingForUserWrite = (conversationId: string, now: number) => (tx: RawTx) =>
  tx.execute({ sql: "UPDATE conversations SET waiting_for_user = 1, updated_at = ? WHERE id = ?", args: [now, conversationId] });

/** Whether the customer wrote after `messageId` (ids are time-ordered UUIDv7). */
export async function customerWroteAfter(db: Db, conversationId: string, messageId: string): Promise<boolean> {
  const q = prepared(db, "channel:customer-wrote-after", (d) =>
    d
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, ph("conversationId")), eq(messages.senderType, "customer"), gt(messages.id, ph("messageId"))))
      .limit(1)
      .prepare(),
  );
  return (await q.all({ conversationId, messageId })).length > 0;
}

/** The AI's unsent parts, not sent after all (a person took over): kept, marked skipped with the reason. */
export async function skipPendingAgentMessages(db: DbOrTx, conversationId: string, reason: string): Promise<void> {
  await db
    .update(messages)
    .set({ deliveryStatus: "skipped", deliveryError: reason })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "agent"), eq(messages.deliveryStatus, "pending")));
}

/** A new channel conversation's row (the columns without a database default). */
export type NewChannelConversation = Pick<NewConversation, "workspaceId" | "agentId" | "connectionId" | "channel" | "contactKey" | "clientName" | "clientPhone">;

/** How a stored inbound message moves its conversation on (decided by src/channels/pipeline.ts). */
export type InboundTouch = { kind: "customer"; now: number; lastCustomerMessageAt: number; reopened: boolean } | { kind: "human"; now: number; aiPausedUntil: number | null } | null;

/**
 * One inbound message's writes, on the group-commit handle (src/services/group-commit.ts): the
 * conversation when it is new, the message, and the conversation's bookkeeping, committed together
 * and shared with the other lanes' writes. Raw SQL: no query building per message.
 */
export async function writeInbound(
  tx: RawTx,
  w: {
    newConversation: (NewChannelConversation & { id: string }) | null;
    conversationId: string;
    /** The customer's name, for a conversation that did not have it yet. */
    setClientName: string | null;
    message: (NewMessage & { id: string; sentAt: number }) | null;
    touch: InboundTouch;
    now: number;
  },
): Promise<void> {
  const c = w.newConversation;
  if (c) {
    await tx.execute({
      sql: `INSERT INTO conversations (id, workspace_id, agent_id, connection_id, channel, contact_key, client_name, client_phone, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [c.id, c.workspaceId, c.agentId ?? null, c.connectionId ?? null, c.channel, c.contactKey, c.clientName ?? null, c.clientPhone ?? null, w.now, w.now],
    });
  }
  const m = w.message;
  if (m) {
    await tx.execute({
      sql: `INSERT INTO messages (id, conversation_id, workspace_id, sender_type, sender_name, content, message_type, attachments, metadata, is_read, sent_at, provider_message_id, delivery_status)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      args: [
        m.id,
        m.conversationId,
        m.workspaceId,
        m.senderType,
        m.senderName ?? null,
        m.content,
        m.messageType ?? "text",
        m.attachments ? JSON.stringify(m.attachments) : null,
        m.metadata ? JSON.stringify(m.metadata) : null,
        m.sentAt,
        m.providerMessageId ?? null,
        m.deliveryStatus ?? null,
      ],
    });
  }
  const t = w.touch;
  if (t?.kind === "customer") {
    // A new customer message: one more unread, the follow-up chain restarts, a closed service reopens.
    await tx.execute({
      sql: `UPDATE conversations SET last_message_at = ?, last_customer_message_at = ?, unread_count = unread_count + 1, waiting_for_user = 0,
        executed_follow_up_steps = 0, updated_at = ?, finished_at = CASE WHEN ? THEN NULL ELSE finished_at END,
        status = CASE WHEN ? THEN 'active' ELSE status END, interaction_count = CASE WHEN ? THEN 0 ELSE interaction_count END WHERE id = ?`,
      args: [t.now, t.lastCustomerMessageAt, t.now, t.reopened ? 1 : 0, t.reopened ? 1 : 0, t.reopened ? 1 : 0, w.conversationId],
    });
  } else if (t?.kind === "human") {
    await tx.execute({
      sql: "UPDATE conversations SET handled_by = 'human', ai_paused_until = ?, last_message_at = ?, waiting_for_user = 0, updated_at = ? WHERE id = ?",
      args: [t.aiPausedUntil, t.now, t.now, w.conversationId],
    });
  }
  if (w.setClientName) await tx.execute({ sql: "UPDATE conversations SET client_name = ? WHERE id = ?", args: [w.setClientName, w.conversationId] });
}
