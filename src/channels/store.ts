import type { HistoryItem } from "../runtime/turn";
import { type ConnectionRow, type ConversationRow, type MessageRow, historyRows, insertConversation, insertMessage, latestConversationOf, messageByProviderId, updateConversation } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import { CONVERSATION_CHANNEL, type ChannelKind, type InboundMessage } from "./types";

export type { ConversationRow, MessageRow } from "../services/channel-store";

/** The customer's open conversation on this connection, created on first contact (or after the last was closed). */
export async function conversationFor(deps: AppDeps, conn: ConnectionRow, contactKey: string, name: string | null): Promise<ConversationRow> {
  const existing = await latestConversationOf(deps.db, conn.id, contactKey);
  if (existing) {
    if (name && !existing.clientName) await updateConversation(deps.db, existing.id, { clientName: name });
    return existing;
  }
  const isPhone = conn.channel === "whatsapp_cloud" || conn.channel === "whatsapp_uaz";
  return insertConversation(deps.db, {
    workspaceId: conn.workspaceId,
    agentId: conn.agentId,
    connectionId: conn.id,
    channel: CONVERSATION_CHANNEL[conn.channel as ChannelKind] ?? conn.channel,
    contactKey,
    clientName: name,
    clientPhone: isPhone ? contactKey : null,
  });
}

/**
 * Stores an inbound message once (a job re-run after a crash finds it by provider id). A message a
 * person sent from the business phone is stored as 'human'; one the product itself sent is not
 * stored again (the outbox already has it).
 */
export async function storeInbound(deps: AppDeps, conv: ConversationRow, m: InboundMessage): Promise<{ row: MessageRow; created: boolean } | null> {
  const existing = await messageByProviderId(deps.db, conv.id, m.providerMessageId);
  if (existing) return { row: existing, created: false };
  if (m.fromBusiness?.sentByProduct) return null;
  const senderType = m.fromBusiness ? "human" : "customer";
  const attachments = m.media ? [{ type: m.media.kind, mime: m.media.mime ?? undefined, ref: m.media.ref, fileName: m.media.fileName ?? undefined }] : null;
  const row = await insertMessage(deps.db, {
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
  });
  return { row, created: true };
}

/** The conversation so far for the model, up to (not including) the messages being answered. */
export async function historyBefore(deps: AppDeps, conversationId: string, firstPendingId: string, limit = 20): Promise<HistoryItem[]> {
  const rows = await historyRows(deps.db, conversationId, firstPendingId, limit);
  return rows.reverse().map((r) => ({ role: r.senderType === "customer" ? "user" : "assistant", content: r.content }));
}
