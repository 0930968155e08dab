import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { conversations, messages } from "../../db/schema";
import type { HistoryItem } from "../runtime/turn";
import type { AppDeps } from "../services/context";
import type { ConnectionRow } from "./drivers";
import { CONVERSATION_CHANNEL, type ChannelKind, type InboundMessage } from "./types";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The customer's open conversation on this connection, created on first contact (or after the last was closed). */
export async function conversationFor(deps: AppDeps, conn: ConnectionRow, contactKey: string, name: string | null): Promise<ConversationRow> {
  const [existing] = await deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.connectionId, conn.id), eq(conversations.contactKey, contactKey)))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  if (existing) {
    if (name && !existing.clientName) await deps.db.update(conversations).set({ clientName: name }).where(eq(conversations.id, existing.id));
    return existing;
  }
  const isPhone = conn.channel === "whatsapp_cloud" || conn.channel === "whatsapp_uaz";
  const [created] = await deps.db
    .insert(conversations)
    .values({
      workspaceId: conn.workspaceId,
      agentId: conn.agentId,
      connectionId: conn.id,
      channel: CONVERSATION_CHANNEL[conn.channel as ChannelKind] ?? conn.channel,
      contactKey,
      clientName: name,
      clientPhone: isPhone ? contactKey : null,
    })
    .returning();
  if (!created) throw new Error("conversation insert returned nothing");
  return created;
}

/**
 * Stores an inbound message once (a job re-run after a crash finds it by provider id). A message a
 * person sent from the business phone is stored as 'human'; one the product itself sent is not
 * stored again (the outbox already has it).
 */
export async function storeInbound(deps: AppDeps, conv: ConversationRow, m: InboundMessage): Promise<{ row: MessageRow; created: boolean } | null> {
  const [existing] = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conv.id), eq(messages.providerMessageId, m.providerMessageId)))
    .limit(1);
  if (existing) return { row: existing, created: false };
  if (m.fromBusiness?.sentByProduct) return null;
  const senderType = m.fromBusiness ? "human" : "customer";
  const attachments = m.media ? [{ type: m.media.kind, mime: m.media.mime ?? undefined, ref: m.media.ref, fileName: m.media.fileName ?? undefined }] : null;
  const [row] = await deps.db
    .insert(messages)
    .values({
      conversationId: conv.id,
      workspaceId: conv.workspaceId,
      senderType,
      senderName: m.fromBusiness ? "Atendente (celular)" : m.contactName,
      content: m.text || m.media?.caption || "",
      messageType: m.media?.kind ?? "text",
      attachments,
      metadata: { providerMessageId: m.providerMessageId },
      providerMessageId: m.providerMessageId,
      deliveryStatus: m.fromBusiness ? "sent" : null,
      sentAt: m.timestamp ?? deps.now(),
    })
    .returning();
  if (!row) throw new Error("message insert returned nothing");
  return { row, created: true };
}

/** Customer messages after the reply cursor, oldest first: what the next reply answers. */
export async function unansweredMessages(deps: AppDeps, conv: ConversationRow): Promise<MessageRow[]> {
  return deps.db
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

/** The conversation so far for the model, up to (not including) the messages being answered. */
export async function historyBefore(deps: AppDeps, conversationId: string, firstPendingId: string, limit = 20): Promise<HistoryItem[]> {
  const rows = await deps.db
    .select({ senderType: messages.senderType, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`${messages.id} < ${firstPendingId}`,
        inArray(messages.senderType, ["customer", "agent", "human"]),
        or(isNull(messages.deliveryStatus), inArray(messages.deliveryStatus, ["pending", "sent", "delivered", "read"])),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse().map((r) => ({ role: r.senderType === "customer" ? "user" : "assistant", content: r.content }));
}

/** Outbound messages not yet handed to the provider, oldest first. */
export async function outboxOf(deps: AppDeps, conversationId: string): Promise<MessageRow[]> {
  return deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.deliveryStatus, "pending")))
    .orderBy(asc(messages.id));
}
