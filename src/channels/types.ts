/**
 * The shapes every channel is reduced to. A webhook (or the Telegram poller) turns a provider's
 * payload into InboundEvents; the pipeline (src/channels/pipeline.ts) never looks at a provider's
 * wire format, and an outbound adapter only ever gets OutboundParts.
 */

export type ChannelKind = "whatsapp_cloud" | "whatsapp_uaz" | "telegram" | "instagram";

/** The conversation.channel value a connection's conversations carry (what the inbox shows). */
export const CONVERSATION_CHANNEL: Record<ChannelKind, string> = {
  whatsapp_cloud: "whatsapp",
  whatsapp_uaz: "whatsapp",
  telegram: "telegram",
  instagram: "instagram",
};

export type InboundMedia = {
  kind: "image" | "audio" | "video" | "document" | "sticker";
  /** Provider handle to download it later (WhatsApp media id, Telegram file_id, a URL for UAZAPI/Instagram). */
  ref: string;
  mime?: string | null;
  caption?: string | null;
  fileName?: string | null;
};

/** One thing a customer (or the business's own phone) did on a channel. */
export type InboundMessage = {
  type: "message";
  /** The provider's message id: idempotency key across redeliveries (unique per provider). */
  providerMessageId: string;
  /** The channel's id of the customer: phone (digits), chat id, Instagram-scoped user id. */
  contactKey: string;
  contactName: string | null;
  text: string;
  media?: InboundMedia | null;
  /** Epoch ms the provider says the message was sent. */
  timestamp: number | null;
  /**
   * Sent from the business's side (UAZAPI fromMe, Instagram echo). When it was NOT sent by the
   * product itself it is a person answering from the phone: stored as a human message and the AI
   * pauses. Messages the product sent are never answered.
   */
  fromBusiness?: { sentByProduct: boolean } | null;
};

/** A delivery/read receipt for a message the product sent. */
export type InboundStatus = {
  type: "status";
  providerMessageId: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: number | null;
  error?: string | null;
};

export type InboundEvent = InboundMessage | InboundStatus;

/** One piece of a reply, sent in order. */
export type OutboundPart = { text: string; media?: { kind: "image" | "audio" | "video" | "document"; url: string; caption?: string | null } | null };

/** Longest text one message may carry, per channel (providers' documented limits, with margin). */
export const MESSAGE_LIMIT: Record<ChannelKind | "web", number> = {
  whatsapp_cloud: 4096,
  whatsapp_uaz: 4096,
  telegram: 4096,
  instagram: 1000,
  web: 8000,
};
