import type { HistoryItem } from "../runtime/turn";
import {
  type ConnectionRow,
  type ConversationRow,
  type InboundTouch,
  type MessageRow,
  conversationById,
  historyRows,
  latestConversationOf,
  messageByProviderId,
  writeInbound,
} from "../services/channel-store";
import type { AppDeps } from "../services/context";
import { type ChannelContact, linkChannelContact } from "../services/crm/channel-contact";
import { groupCommit } from "../services/group-commit";
import { CONVERSATION_CHANNEL, type ChannelKind, type InboundMessage } from "./types";

export type { ConversationRow, MessageRow } from "../services/channel-store";

/** What the pipeline needs of the conversation to decide how a new message moves it on. */
export type ConversationState = Pick<ConversationRow, "handledBy" | "aiPausedUntil" | "finishedAt" | "lastCustomerMessageAt">;
const NEW_CONVERSATION: ConversationState = { handledBy: "ai", aiPausedUntil: null, finishedAt: null, lastCustomerMessageAt: null };

/** `fresh`: `conv` was read after this message's write (a new conversation, a name set), not before it. */
export type StoredInbound = { conv: ConversationRow; row: Pick<MessageRow, "id" | "senderType">; created: boolean; fresh: boolean };

/**
 * Stores an inbound message once, in the customer's conversation on this connection (created on
 * first contact). A job re-run after a crash finds it by provider id. A message a person sent from
 * the business phone is stored as 'human'; one the product itself sent is not stored again (the
 * outbox has it) → null. The conversation, the message and `touch` (how the message moves the
 * conversation on) are one write, shared with the other lanes' (group commit).
 */
export async function storeInbound(
  deps: AppDeps,
  conn: ConnectionRow,
  m: InboundMessage,
  touch: (conv: ConversationState, senderType: "customer" | "human") => InboundTouch,
): Promise<StoredInbound | null> {
  const found = await latestConversationOf(deps.db, conn.id, m.contactKey);
  const existing = found?.conv ?? null;
  if (existing) {
    const row = await messageByProviderId(deps.db, existing.id, m.providerMessageId);
    if (row) return { conv: existing, row, created: false, fresh: false };
  }
  const now = deps.now();
  const isPhone = conn.channel === "whatsapp_cloud" || conn.channel === "whatsapp_uaz";
  const conversationId = existing?.id ?? Bun.randomUUIDv7();
  const newConversation = existing
    ? null
    : {
        id: conversationId,
        workspaceId: conn.workspaceId,
        agentId: conn.agentId,
        connectionId: conn.id,
        channel: CONVERSATION_CHANNEL[conn.channel as ChannelKind] ?? conn.channel,
        contactKey: m.contactKey,
        clientName: m.contactName,
        clientPhone: isPhone ? m.contactKey : null,
      };
  const setClientName = existing && m.contactName && !existing.clientName ? m.contactName : null;
  const stores = !m.fromBusiness?.sentByProduct;
  const senderType: "customer" | "human" = m.fromBusiness ? "human" : "customer";
  const message = stores
    ? {
        id: Bun.randomUUIDv7(),
        conversationId,
        workspaceId: conn.workspaceId,
        senderType,
        senderName: m.fromBusiness ? "Atendente (celular)" : m.contactName,
        content: m.text || m.media?.caption || "",
        messageType: m.media?.kind ?? "text",
        attachments: m.media ? [{ type: m.media.kind, mime: m.media.mime ?? undefined, ref: m.media.ref, fileName: m.media.fileName ?? undefined }] : null,
        metadata: { providerMessageId: m.providerMessageId },
        providerMessageId: m.providerMessageId,
        deliveryStatus: m.fromBusiness ? ("sent" as const) : null,
        sentAt: m.timestamp ?? now,
      }
    : null;
  // The customer becomes (or is found as) the workspace's CRM contact once per conversation: when
  // it is created, or when its link is missing (older conversations, an erased contact).
  const contact: ChannelContact | null =
    found?.contactId
      ? null
      : {
          workspaceId: conn.workspaceId,
          conversationId,
          agentId: existing ? existing.agentId : conn.agentId,
          channel: conn.channel as ChannelKind,
          contactKey: m.contactKey,
          name: m.contactName,
          now,
        };
  await groupCommit(deps.db, async (tx) => {
    await writeInbound(tx, { newConversation, conversationId, setClientName, message, touch: message ? touch(existing ?? NEW_CONVERSATION, senderType) : null, now });
    if (contact) await linkChannelContact(tx, contact);
  });
  const fresh = !existing || setClientName !== null;
  const conv = fresh ? await conversationById(deps.db, conversationId) : existing;
  if (!conv) throw new Error("storeInbound: conversation not found after its write");
  return message ? { conv, row: message, created: true, fresh } : null;
}

/** The conversation so far for the model, up to (not including) the messages being answered. */
export async function historyBefore(deps: AppDeps, conversationId: string, firstPendingId: string, limit = 20): Promise<HistoryItem[]> {
  const rows = await historyRows(deps.db, conversationId, firstPendingId, limit);
  return rows.reverse().map((r) => ({ role: r.senderType === "customer" ? "user" : "assistant", content: r.content }));
}
