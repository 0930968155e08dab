/**
 * A UAZAPI webhook body (protocols.md §2, real captures) reduced to InboundEvents. The body is
 * unsigned and loosely typed, so every field is checked and nothing here throws: anything
 * unreadable is simply left out.
 */
import { z } from "zod";
import type { InboundEvent, InboundMedia, InboundMessage, InboundStatus } from "../../channels/types";
import { bareMessageId, phoneOfJid } from "./jid";

export type UazapiWebhook = {
  /** The instance token the body carries: how the receiver finds the connection. */
  instanceToken: string | null;
  instanceName: string | null;
  events: InboundEvent[];
  /** Set for EventType "connection": "connected" | "connecting" | "disconnected" as UAZAPI says it. */
  connection: { status: string } | null;
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
/** Booleans arrive as true or as "True"/"true" depending on the event. */
const yes = (v: unknown): boolean => v === true || (typeof v === "string" && v.toLowerCase() === "true");

/** messageTimestamp is ms; receipts carry seconds (number or string) or an RFC 3339 time. */
function epochMs(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN;
  if (Number.isFinite(n)) return n <= 0 ? null : n < 1e12 ? Math.round(n * 1000) : Math.round(n);
  if (typeof v === "string" && v.trim()) {
    const at = Date.parse(v);
    return Number.isNaN(at) ? null : at;
  }
  return null;
}

const KIND_BY_MEDIA_TYPE: Record<string, InboundMedia["kind"]> = {
  image: "image",
  ptt: "audio",
  audio: "audio",
  myaudio: "audio",
  video: "video",
  ptv: "video",
  document: "document",
  sticker: "sticker",
};
const KIND_BY_MESSAGE_TYPE: Record<string, InboundMedia["kind"]> = {
  ImageMessage: "image",
  AudioMessage: "audio",
  VideoMessage: "video",
  PtvMessage: "video",
  DocumentMessage: "document",
  DocumentWithCaptionMessage: "document",
  StickerMessage: "sticker",
};

function mediaKind(message: Json): InboundMedia["kind"] | null {
  const mediaType = str(message.mediaType).toLowerCase();
  // Stickers made on the phone come as "user_created_sticker".
  if (mediaType.includes("sticker")) return "sticker";
  return KIND_BY_MEDIA_TYPE[mediaType] ?? KIND_BY_MESSAGE_TYPE[str(message.messageType)] ?? null;
}

const isGroupChat = (jid: string) => jid.endsWith("@g.us");
/** status@broadcast (stories) and channels are not conversations. */
const isBroadcast = (jid: string) => jid.endsWith("@broadcast") || jid.endsWith("@newsletter");

function toMessage(body: Json): InboundMessage | null {
  const message = obj(body.message);
  const chat = obj(body.chat);
  const chatid = str(message.chatid) || str(chat.wa_chatid);
  if (yes(message.isGroup) || yes(chat.wa_isGroup) || isGroupChat(chatid) || isBroadcast(chatid)) return null;
  // A reaction is not something to answer; an edit re-sends text the agent already answered.
  if (str(message.type) === "reaction" || str(message.messageType) === "ReactionMessage" || str(message.edited)) return null;

  const providerMessageId = bareMessageId(str(message.messageid), str(message.id));
  if (!providerMessageId) return null;
  const fromMe = yes(message.fromMe);
  // On fromMe, sender_pn is the business's own phone: the customer is the chat. Otherwise the
  // sender may be an opaque @lid, so sender_pn (its phone) comes first.
  const contactKey = fromMe
    ? (phoneOfJid(message.chatid) ?? phoneOfJid(chat.wa_chatid) ?? phoneOfJid(chat.phone))
    : (phoneOfJid(message.sender_pn) ?? phoneOfJid(message.chatid) ?? phoneOfJid(chat.wa_chatid) ?? phoneOfJid(message.sender) ?? phoneOfJid(chat.phone));
  if (!contactKey) return null;
  // senderName on fromMe is the business's profile name, not the customer's.
  const contactName = (fromMe ? "" : str(message.senderName)) || str(chat.name) || str(chat.wa_name) || str(chat.wa_contactName) || null;

  const content = message.content;
  const contentObj = obj(content);
  const text = str(message.text) || (typeof content === "string" ? content.trim() : "") || str(contentObj.text) || str(contentObj.caption);
  const kind = mediaKind(message);
  const media: InboundMedia | null = kind
    ? {
        kind,
        // /message/download takes the message id; the content URL is encrypted and useless alone.
        ref: providerMessageId,
        mime: str(contentObj.mimetype) || null,
        caption: kind === "audio" ? null : text || null,
        fileName: str(contentObj.fileName) || null,
      }
    : null;
  // Locations, contacts, polls and protocol messages carry neither: nothing to store or answer.
  if (!text && !media) return null;
  return {
    type: "message",
    providerMessageId,
    contactKey,
    contactName,
    text,
    media,
    timestamp: epochMs(message.messageTimestamp),
    fromBusiness: fromMe ? { sentByProduct: message.wasSentByApi === true } : null,
  };
}

/** Receipt names (whatsmeow's, capitalised by UAZAPI) → our statuses; the "…Self" ones are the business reading. */
const RECEIPT_STATUS: Record<string, InboundStatus["status"]> = {
  sent: "sent",
  serverack: "sent",
  delivered: "delivered",
  deliveryack: "delivered",
  read: "read",
  played: "read",
  failed: "failed",
  error: "failed",
};

function toStatuses(body: Json): InboundStatus[] {
  // Seen in the field: {event:{MessageIDs[],Type,Timestamp,IsFromMe,...}, state, type:"ReadReceipt"};
  // documented elsewhere as a flat {messageid, status}. Both are read.
  const event = obj(body.event);
  const flat = Object.keys(obj(body.message)).length ? obj(body.message) : body;
  // IsFromMe on a receipt means the business's own device read a customer's message.
  if (yes(event.IsFromMe) || yes(event.IsGroup) || isGroupChat(str(event.Chat))) return [];
  const status = RECEIPT_STATUS[(str(event.Type) || str(body.state) || str(flat.status)).toLowerCase().replace(/[^a-z]/g, "")];
  if (!status) return [];
  const ids = Array.isArray(event.MessageIDs) ? event.MessageIDs.map(str).filter(Boolean) : [];
  if (!ids.length) {
    const one = bareMessageId(str(event.MessageID) || str(flat.messageid), str(flat.id));
    if (one) ids.push(one);
  }
  const timestamp = epochMs(event.Timestamp) ?? epochMs(flat.messageTimestamp);
  return ids.map((providerMessageId) => ({ type: "status", providerMessageId, status, timestamp }));
}

export function parseUazapiWebhook(body: unknown): UazapiWebhook {
  const b = obj(body);
  const instance = obj(b.instance);
  const out: UazapiWebhook = {
    instanceToken: str(b.token) || null,
    instanceName: str(b.instanceName) || str(instance.name) || null,
    events: [],
    connection: null,
  };
  const eventType = str(b.EventType) || (typeof b.event === "string" ? b.event.trim() : "");
  try {
    if (eventType === "messages") {
      const m = toMessage(b);
      if (m) out.events.push(m);
    } else if (eventType === "messages_update") {
      out.events.push(...toStatuses(b));
    } else if (eventType === "connection") {
      const status = str(instance.status) || str(b.status) || str(b.state);
      if (status) out.connection = { status };
    }
  } catch {
    // A shape no capture showed: acknowledge it and store nothing rather than fail the delivery.
  }
  return out;
}

/**
 * The envelope's shape as a zod schema, checked by the receiver before the body's token: the
 * token and event names must be strings, message/chat/instance objects. Anything else passes
 * (captures vary by version); the fields inside are read by the parser, which never throws.
 */
const objectOrNull = z.looseObject({}).nullable().optional();
export const uazapiWebhookBody = z.looseObject({
  token: z.string().optional(),
  EventType: z.string().optional(),
  event: z.union([z.string(), z.looseObject({})]).optional(),
  instance: objectOrNull,
  message: objectOrNull,
  chat: objectOrNull,
});

/** A JSON body → the parsed webhook, or null when its shape is malformed (the receiver answers 400). */
export function readUazapiWebhook(body: unknown): UazapiWebhook | null {
  return uazapiWebhookBody.safeParse(body).success ? parseUazapiWebhook(body) : null;
}
