import { createHmac, timingSafeEqual } from "node:crypto";
import { whatsappConnectionByPhoneId } from "../../services/channels";
import type { AppDeps } from "../../services/context";
import type { TtlCache } from "../../lib/ttl-cache";
import { acceptInbound } from "../accept";
import { signerCache, signerKey } from "./signer-cache";
import type { InboundEvent, InboundMedia } from "../types";

type WaMedia = { id?: string; mime_type?: string; caption?: string; filename?: string };
type WaMessage = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: WaMedia;
  audio?: WaMedia;
  video?: WaMedia;
  document?: WaMedia;
  sticker?: WaMedia;
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  button?: { text?: string };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
};
type WaStatus = { id?: string; status?: string; timestamp?: string; errors?: { code?: number; title?: string; message?: string }[] };
type WaValue = {
  metadata?: { phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: WaMessage[];
  statuses?: WaStatus[];
};
type WaPayload = { object?: string; entry?: { changes?: { field?: string; value?: WaValue }[] }[] };

/** X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(app secret, raw body); compared in constant time. */
export function validSignature(raw: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice(7), "hex");
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
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

/** One change value → normalized events (reactions, system and unsupported messages are left out). */
export function whatsappEvents(v: WaValue): InboundEvent[] {
  const events: InboundEvent[] = [];
  for (const m of v.messages ?? []) {
    if (!m.id || !m.from) continue;
    const text = textOf(m);
    const media = mediaOf(m);
    if (!text && !media) continue;
    const contact = v.contacts?.find((c) => c.wa_id === m.from) ?? v.contacts?.[0];
    events.push({
      type: "message",
      providerMessageId: m.id,
      contactKey: m.from,
      contactName: contact?.profile?.name ?? null,
      text,
      media,
      timestamp: m.timestamp ? Number(m.timestamp) * 1000 : null,
    });
  }
  for (const s of v.statuses ?? []) {
    if (!s.id || !s.status || !["sent", "delivered", "read", "failed"].includes(s.status)) continue;
    const err = s.errors?.[0];
    events.push({
      type: "status",
      providerMessageId: s.id,
      status: s.status as "sent" | "delivered" | "read" | "failed",
      timestamp: s.timestamp ? Number(s.timestamp) * 1000 : null,
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

export type DeliveryOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/whatsapp: every change is routed by phone_number_id to its connection, whose app
 * secret must sign the raw body (any bad signature refuses the whole delivery, storing nothing);
 * then everything is written durably before the 200.
 */
export async function acceptWhatsAppDelivery(deps: AppDeps, raw: Uint8Array, signature: string | null): Promise<DeliveryOutcome> {
  let payload: WaPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(raw)) as WaPayload;
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const values = (payload.entry ?? []).flatMap((e) => (e.changes ?? []).map((c) => c.value)).filter((v): v is WaValue => Boolean(v));
  const phoneIds = [...new Set(values.map((v) => v.metadata?.phone_number_id).filter((p): p is string => Boolean(p)))];
  // A delivery naming no phone number cannot be verified against any secret: refused.
  if (!phoneIds.length) return { status: 401, accepted: 0, duplicates: 0 };
  const connections = new Map<string, Signer["conn"]>();
  for (const phoneId of phoneIds) {
    const signer = await signerFor(deps, phoneId);
    if (!signer || !validSignature(raw, signature, signer.appSecret)) return { status: 401, accepted: 0, duplicates: 0 };
    connections.set(phoneId, signer.conn);
  }
  const out: DeliveryOutcome = { status: 200, accepted: 0, duplicates: 0 };
  for (const [phoneId, conn] of connections) {
    const events = values.filter((v) => v.metadata?.phone_number_id === phoneId).flatMap(whatsappEvents);
    const r = await acceptInbound(deps, conn, events);
    out.accepted += r.accepted;
    out.duplicates += r.duplicates;
  }
  return out;
}
