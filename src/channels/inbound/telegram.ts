import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { connectionById, telegramConfig } from "../../services/channels";
import type { AppDeps } from "../../services/context";
import { acceptInbound } from "../accept";
import type { InboundMessage } from "../types";

/*
 * An Update (protocols.md §3) as a zod schema: update_id and, when there is a message, its chat
 * must be there with the right types, or the webhook answers 400. Other update kinds (edits,
 * callbacks) and unknown fields pass and are simply not answered.
 */
const optStr = z.string().optional();
const tgUser = z.looseObject({ id: z.number().optional(), first_name: optStr, last_name: optStr, username: optStr });
const tgFile = z.looseObject({ file_id: z.string(), mime_type: optStr, file_name: optStr });
const tgMessage = z.looseObject({
  message_id: z.number().optional(),
  date: z.number().optional(),
  from: tgUser.optional(),
  chat: tgUser.extend({ id: z.number(), type: optStr }),
  text: optStr,
  caption: optStr,
  voice: tgFile.optional(),
  audio: tgFile.optional(),
  photo: z.array(tgFile).optional(),
  document: tgFile.optional(),
  video: tgFile.optional(),
});
const tgUpdate = z.looseObject({ update_id: z.number().int(), message: tgMessage.optional() });
export type TgUpdate = z.infer<typeof tgUpdate>;

/** A JSON body → the update, or null when its shape is malformed. */
export function parseTelegramUpdate(body: unknown): TgUpdate | null {
  const r = tgUpdate.safeParse(body);
  return r.success ? r.data : null;
}

/** Constant-time comparison of the X-Telegram-Bot-Api-Secret-Token header (hashed: equal lengths). */
export function validSecret(given: string | null, expected: string): boolean {
  if (!given || !expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * An update → a normalized message, or null (edits, callbacks, group chats, empty). The update id
 * is only unique per bot, so the connection id prefixes it.
 */
export function telegramMessage(connectionId: string, update: TgUpdate): InboundMessage | null {
  const m = update.message;
  if (typeof update.update_id !== "number" || !m || m.chat?.id === undefined) return null;
  if (m.chat.type && m.chat.type !== "private") return null;
  const photo = m.photo?.at(-1);
  const media = m.voice?.file_id
    ? { kind: "audio" as const, ref: m.voice.file_id, mime: m.voice.mime_type ?? "audio/ogg" }
    : m.audio?.file_id
      ? { kind: "audio" as const, ref: m.audio.file_id, mime: m.audio.mime_type ?? null }
      : photo?.file_id
        ? { kind: "image" as const, ref: photo.file_id, mime: "image/jpeg" }
        : m.document?.file_id
          ? { kind: "document" as const, ref: m.document.file_id, mime: m.document.mime_type ?? null, fileName: m.document.file_name ?? null }
          : null;
  const text = m.text ?? m.caption ?? "";
  if (!text && !media) return null;
  const who = m.from ?? m.chat;
  return {
    type: "message",
    providerMessageId: `${connectionId}:${update.update_id}`,
    contactKey: String(m.chat.id),
    contactName: [who.first_name, who.last_name].filter(Boolean).join(" ") || who.username || null,
    text,
    media,
    timestamp: m.date ? m.date * 1000 : null,
  };
}

export type TelegramOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/telegram/{connectionId}: the secret header must match the connection's webhook
 * secret (else nothing is stored), then a malformed update is 400; a message is written durably
 * before the 200.
 */
export async function acceptTelegramUpdate(deps: AppDeps, connectionId: string, raw: string, secret: string | null): Promise<TelegramOutcome> {
  const conn = /^[0-9a-f-]{36}$/i.test(connectionId) ? await connectionById(deps, connectionId) : null;
  if (conn?.channel !== "telegram" || !validSecret(secret, deps.secrets.decrypt(telegramConfig(conn).webhookSecret))) {
    return { status: 401, accepted: 0, duplicates: 0 };
  }
  let update: TgUpdate | null;
  try {
    update = parseTelegramUpdate(JSON.parse(raw));
  } catch {
    update = null;
  }
  if (!update) return { status: 400, accepted: 0, duplicates: 0 };
  const message = telegramMessage(conn.id, update);
  const r = await acceptInbound(deps, conn, message ? [message] : []);
  return { status: 200, accepted: r.accepted, duplicates: r.duplicates };
}
