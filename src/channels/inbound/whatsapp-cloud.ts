import { validMetaSignature } from "../../adapters/meta-graph/signature";
import { z } from "zod";
import { platformMetaApp } from "../../services/admin/platform/whatsapp";
import { whatsappConnectionByPhoneId } from "../../services/channels";
import type { AppDeps } from "../../services/context";
import type { TtlCache } from "../../lib/ttl-cache";
import { acceptInbound } from "../accept";
import { signerCache, signerKey } from "./signer-cache";
import type { InboundEvent, InboundMedia } from "../types";

/*
 * The webhook body (protocols.md §1.4) as zod schemas. Containers must have the right shape (else
 * the delivery is refused with 400); extra fields pass through, because Meta adds them freely. Each
 * message, status and contact is read on its own: one odd item is left out, not the delivery.
 */
const optStr = z.string().optional();
const waMedia = z.looseObject({ id: optStr, mime_type: optStr, caption: optStr, filename: optStr });
const waReply = z.looseObject({ title: optStr }).optional();
const waMessage = z.looseObject({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: z.union([z.string(), z.number()]).optional(),
  type: optStr,
  text: z.looseObject({ body: optStr }).optional(),
  image: waMedia.optional(),
  audio: waMedia.optional(),
  video: waMedia.optional(),
  document: waMedia.optional(),
  sticker: waMedia.optional(),
  interactive: z.looseObject({ button_reply: waReply, list_reply: waReply }).optional(),
  button: z.looseObject({ text: optStr }).optional(),
  location: z.looseObject({ latitude: z.number().optional(), longitude: z.number().optional(), name: optStr, address: optStr }).optional(),
});
const waStatus = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  errors: z.array(z.looseObject({ code: z.number().optional(), title: optStr, message: optStr })).optional(),
});
const waContact = z.looseObject({ wa_id: optStr, profile: z.looseObject({ name: optStr }).optional() });
const items = z.array(z.unknown()).optional();
/** A "messages" change: the only field routed; the phone number id, when present, must be a string. */
const waMessagesValue = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().min(1).optional() }).optional(),
  contacts: items,
  messages: items,
  statuses: items,
});
const waPayload = z.looseObject({
  entry: z.array(z.looseObject({ changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })).optional() })),
});

type WaMessage = z.infer<typeof waMessage>;
/** One routable change: its phone number id and the items that parsed. */
export type WaValue = { phoneId: string; contacts: z.infer<typeof waContact>[]; messages: WaMessage[]; statuses: z.infer<typeof waStatus>[] };

const each = <T>(schema: z.ZodType<T>, list: unknown[] | undefined): T[] =>
  (list ?? []).flatMap((item) => {
    const r = schema.safeParse(item);
    return r.success ? [r.data] : [];
  });

/**
 * Pure: a parsed JSON body → its routable "messages" changes, or null when the shape is wrong
 * (not an object, entry/changes not lists, a value that is not an object, a non-string phone id).
 * Changes of other fields (template updates, account alerts…) and values naming no number are left out.
 */
export function parseWhatsAppWebhook(body: unknown): WaValue[] | null {
  const payload = waPayload.safeParse(body);
  if (!payload.success) return null;
  const out: WaValue[] = [];
  for (const change of payload.data.entry.flatMap((e) => e.changes ?? [])) {
    if (change.field !== undefined && change.field !== "messages") continue;
    const value = waMessagesValue.safeParse(change.value);
    if (!value.success) return null;
    const phoneId = value.data.metadata?.phone_number_id;
    if (!phoneId) continue;
    out.push({ phoneId, contacts: each(waContact, value.data.contacts), messages: each(waMessage, value.data.messages), statuses: each(waStatus, value.data.statuses) });
  }
  return out;
}

const MEDIA_KINDS = ["image", "audio", "video", "document", "sticker"] as const;

/** What a message says, as text the agent can read (buttons and locations included). */
function textOf(m: WaMessage): string {
  if (m.text?.body) return m.text.body;
  if (m.interactive) return m.interactive.button_reply?.title ?? m.interactive.list_reply?.title ?? "";
  if (m.button?.text) return m.button.text;
  if (m.location) return `[Localização] ${[m.location.name, m.location.address].filter(Boolean).join(", ")} (${m.location.latitude}, ${m.location.longitude})`.trim();
  for (const k of MEDIA_KINDS) if (m[k]?.caption) return m[k]?.caption ?? "";
  return "";
}

function mediaOf(m: WaMessage): InboundMedia | null {
  for (const kind of MEDIA_KINDS) {
    const media = m[kind];
    if (media?.id) return { kind, ref: media.id, mime: media.mime_type ?? null, caption: media.caption ?? null, fileName: media.filename ?? null };
  }
  return null;
}

/** Graph timestamps are epoch seconds as strings; anything else is no timestamp. */
function epochMs(t: string | number | undefined): number | null {
  const n = Number(t);
  return t !== undefined && Number.isFinite(n) && n > 0 ? n * 1000 : null;
}

/** One change value → normalized events (reactions, system and unsupported messages are left out). */
export function whatsappEvents(v: WaValue): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const m of v.messages) {
    const text = textOf(m);
    const media = mediaOf(m);
    if (!text && !media) continue;
    const contact = v.contacts.find((c) => c.wa_id === m.from) ?? v.contacts[0];
    events.push({
      type: "message",
      providerMessageId: m.id,
      contactKey: m.from,
      contactName: contact?.profile?.name ?? null,
      text,
      media,
      timestamp: epochMs(m.timestamp),
    });
  }
  for (const s of v.statuses) {
    if (!["sent", "delivered", "read", "failed"].includes(s.status)) continue;
    const err = s.errors?.[0];
    events.push({
      type: "status",
      providerMessageId: s.id,
      status: s.status as "sent" | "delivered" | "read" | "failed",
      timestamp: epochMs(s.timestamp),
      error: err ? `${err.code ?? ""} ${err.title ?? err.message ?? ""}`.trim() : null,
    });
  }
  return events;
}

type Signer = { conn: NonNullable<Awaited<ReturnType<typeof whatsappConnectionByPhoneId>>>; appSecret: string };
/** The connection and decrypted app secret of a number (signer-cache.ts: no database read per webhook). */
async function signerFor(deps: AppDeps, phoneId: string): Promise<Signer | null> {
  return (signerCache as TtlCache<Signer | null>).get(
    signerKey(deps.db, "whatsapp_cloud", phoneId),
    async () => {
      const conn = await whatsappConnectionByPhoneId(deps, phoneId);
      return conn ? { conn, appSecret: deps.secrets.decrypt(conn.config.appSecret) } : null;
    },
    deps.now(),
  );
}

/** A number connected under the platform's Meta app (/admin/whatsapp-config) is signed with that app's secret. */
async function signedByPlatformApp(deps: AppDeps, raw: Uint8Array, signature: string | null) {
  const app = await platformMetaApp(deps);
  return Boolean(app?.appSecret && validMetaSignature(raw, signature, app.appSecret));
}

export type DeliveryOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/whatsapp: the body's shape is checked first (its phone_number_id is the route; a
 * malformed body is 400 and stores nothing). Every change is routed by phone_number_id to its
 * connection, whose app secret must sign the raw body (any bad signature refuses the whole
 * delivery, storing nothing); then everything is written durably before the 200.
 */
export async function acceptWhatsAppDelivery(deps: AppDeps, raw: Uint8Array, signature: string | null): Promise<DeliveryOutcome> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const values = parseWhatsAppWebhook(body);
  if (!values) return { status: 400, accepted: 0, duplicates: 0 };
  const phoneIds = [...new Set(values.map((v) => v.phoneId))];
  // A delivery naming no phone number cannot be verified against any secret: refused.
  if (!phoneIds.length) return { status: 401, accepted: 0, duplicates: 0 };
  const connections = new Map<string, Signer["conn"]>();
  for (const phoneId of phoneIds) {
    const signer = await signerFor(deps, phoneId);
    if (!signer || !(validMetaSignature(raw, signature, signer.appSecret) || (await signedByPlatformApp(deps, raw, signature)))) {
      return { status: 401, accepted: 0, duplicates: 0 };
    }
    connections.set(phoneId, signer.conn);
  }
  const out: DeliveryOutcome = { status: 200, accepted: 0, duplicates: 0 };
  for (const [phoneId, conn] of connections) {
    const events = values.filter((v) => v.phoneId === phoneId).flatMap(whatsappEvents);
    const r = await acceptInbound(deps, conn, events);
    out.accepted += r.accepted;
    out.duplicates += r.duplicates;
  }
  return out;
}
