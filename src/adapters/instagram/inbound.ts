/**
 * An Instagram webhook body (protocols.md §4) reduced to InboundEvents, each tagged with the
 * Instagram account (entry.id) it arrived for. Verify the signature (../meta-graph/signature.ts) before
 * calling this. Nothing here throws: unreadable entries are left out.
 */
import { z } from "zod";
import type { InboundEvent, InboundMedia, InboundMessage, InboundStatus } from "../../channels/types";

export type InstagramEvent = InboundEvent & { accountId: string };
export type InstagramWebhook = { accounts: string[]; events: InstagramEvent[] };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Instagram timestamps are ms; a seconds value (some test tools send them) is scaled. */
function epochMs(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  return n < 1e12 ? n * 1000 : n;
}

/** Shares, story mentions, reels and the like have a URL but nothing the agent can read or hear. */
const KIND: Record<string, InboundMedia["kind"]> = { image: "image", audio: "audio", video: "video", file: "document" };

function toMessage(item: Json, accountId: string): InboundMessage | null {
  const message = obj(item.message);
  const providerMessageId = str(message.mid);
  if (!providerMessageId || message.is_deleted === true) return null;
  const echo = message.is_echo === true;
  // An echo goes from the account to the customer, so the customer is the recipient.
  const contactKey = str(obj(echo ? item.recipient : item.sender).id);
  if (!contactKey || contactKey === accountId) return null;
  const text = str(message.text);
  const first = obj(list(message.attachments)[0]);
  const kind = KIND[str(first.type)];
  const url = str(obj(first.payload).url);
  const media: InboundMedia | null = kind && url ? { kind, ref: url, mime: null, caption: null, fileName: null } : null;
  if (!text && !media) return null;
  return {
    type: "message",
    providerMessageId,
    contactKey,
    // Webhooks carry no names; the profile API would need another permission and a call.
    contactName: null,
    text,
    media,
    timestamp: epochMs(item.timestamp),
    // Echoes cover every message the account sent, the product's own included, and nothing in the
    // payload tells them apart reliably. The parser marks all echoes as not sent by the product;
    // the pipeline recognises its own by the mid it stored when sending (and dedups on it), so
    // only what a person typed in the Instagram app remains as a human reply.
    fromBusiness: echo ? { sentByProduct: false } : null,
  };
}

/**
 * messaging_seen: Instagram names the last message the customer saw (read.mid). Only that one is
 * marked read; earlier sends keep their status, which is enough for the inbox's ticks.
 */
function toSeen(item: Json): InboundStatus | null {
  const mid = str(obj(item.read).mid);
  return mid ? { type: "status", providerMessageId: mid, status: "read", timestamp: epochMs(item.timestamp) } : null;
}

function eventsOf(item: Json, accountId: string): InstagramEvent[] {
  const event = item.message ? toMessage(item, accountId) : item.read ? toSeen(item) : null;
  return event ? [{ ...event, accountId }] : [];
}

export function parseInstagramWebhook(body: unknown): InstagramWebhook {
  const out: InstagramWebhook = { accounts: [], events: [] };
  const b = obj(body);
  if (b.object !== "instagram") return out;
  for (const rawEntry of list(b.entry)) {
    try {
      const entry = obj(rawEntry);
      const accountId = str(entry.id);
      if (!accountId) continue;
      if (!out.accounts.includes(accountId)) out.accounts.push(accountId);
      // `standby` (another app owns the thread) is deliberately not read: not ours to answer.
      for (const item of list(entry.messaging)) out.events.push(...eventsOf(obj(item), accountId));
      // Instagram-Login apps and the dashboard's test button deliver the same item as a change.
      for (const change of list(entry.changes)) {
        const c = obj(change);
        if (c.field === "messages" || c.field === "messaging_seen") out.events.push(...eventsOf(obj(c.value), accountId));
      }
    } catch {
      // A shape no documentation showed: skip the entry rather than fail the delivery.
    }
  }
  return out;
}

/**
 * The delivery's shape as a zod schema, checked before routing: the entry list, each entry's id
 * (the route) and its lists of items must be what Meta sends, or the delivery is refused (400).
 * Unknown fields and change kinds pass (Meta adds them freely); the items are read by the parser.
 */
const itemList = z.array(z.looseObject({})).optional();
export const instagramWebhookBody = z.looseObject({
  object: z.literal("instagram"),
  entry: z.array(
    z.looseObject({
      id: z.union([z.string().trim().min(1), z.number()]),
      messaging: itemList,
      standby: itemList,
      changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })).optional(),
    }),
  ),
});

/** A JSON body → its events, or null when its shape is malformed (the receiver answers 400). */
export function readInstagramWebhook(body: unknown): InstagramWebhook | null {
  return instagramWebhookBody.safeParse(body).success ? parseInstagramWebhook(body) : null;
}
