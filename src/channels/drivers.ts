import * as telegram from "../adapters/telegram/client";
import * as whatsapp from "../adapters/whatsapp-cloud/client";
import type { ChannelStoredConfig, ConnectionRow, TelegramStoredConfig, WhatsAppCloudStoredConfig } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import { instagramDriver } from "./driver-instagram";
import { uazapiDriver } from "./driver-uazapi";
import type { Measure } from "./split";
import { type ChannelKind, type InboundMedia, MESSAGE_LIMIT, type OutboundPart } from "./types";

export type { ConnectionRow } from "../services/channel-store";

/**
 * What the pipeline needs from a channel, bound to one connection: the provider's wire format and
 * credentials stay behind it. Every method throws the adapter's error (with `retryable` and
 * `retryAfterMs`), which the job runner turns into a retry or a dead letter.
 */
export type ChannelDriver = {
  kind: ChannelKind;
  /** Longest text of one message, counted with `measure`. */
  limit: number;
  /** How the provider counts a text's length when not in characters (Instagram: UTF-8 bytes); splitReply takes it. */
  measure?: Measure;
  /** Free-form messages only within this long after the customer's last message (WhatsApp Cloud, Instagram: 24 h). */
  replyWindowMs: number | null;
  /** "digitando…" while the agent thinks; best effort. `lastInbound` is the provider id of the customer's last message. */
  typing(contactKey: string, lastInbound: string | null): Promise<void>;
  /** Sends one part → the provider's id of the sent message. */
  send(contactKey: string, part: OutboundPart, opts?: { human?: boolean }): Promise<string>;
  /** A person's reply may go out this long after the customer's last message (Instagram HUMAN_AGENT: 7 days). */
  humanWindowMs?: number;
  /** Bytes of a customer's image or audio, for vision and transcription. */
  fetchMedia(media: InboundMedia): Promise<{ data: Uint8Array; mime: string }>;
};

const DAY_MS = 24 * 60 * 60_000;

export const configOf = <T extends ChannelStoredConfig>(row: ConnectionRow) => row.config as unknown as T;

function whatsappCloudDriver(deps: AppDeps, row: ConnectionRow): ChannelDriver {
  const c = configOf<WhatsAppCloudStoredConfig>(row);
  const target = {
    baseUrl: deps.env.WHATSAPP_GRAPH_BASE,
    version: deps.env.WHATSAPP_GRAPH_VERSION,
    phoneNumberId: c.phoneNumberId,
    accessToken: deps.secrets.decrypt(c.accessToken),
  };
  return {
    kind: "whatsapp_cloud",
    limit: MESSAGE_LIMIT.whatsapp_cloud,
    replyWindowMs: DAY_MS,
    async typing(_to, lastInbound) {
      if (lastInbound) await whatsapp.markReadWithTyping(target, lastInbound);
    },
    send: (to, part) =>
      part.media ? whatsapp.sendMedia(target, to, { kind: part.media.kind, url: part.media.url, caption: part.media.caption ?? part.text }) : whatsapp.sendText({ ...target, to, body: part.text }),
    fetchMedia: (media) => whatsapp.downloadMedia(target, media.ref),
  };
}

function telegramDriver(deps: AppDeps, row: ConnectionRow): ChannelDriver {
  const c = configOf<TelegramStoredConfig>(row);
  const target = { baseUrl: deps.env.TELEGRAM_API_BASE, botToken: deps.secrets.decrypt(c.botToken) };
  return {
    kind: "telegram",
    limit: MESSAGE_LIMIT.telegram,
    replyWindowMs: null,
    typing: (chatId) => telegram.sendChatAction(target, chatId, "typing"),
    send: async (chatId, part) =>
      String(
        part.media
          ? await telegram.sendMedia(target, chatId, { kind: part.media.kind, url: part.media.url, caption: part.media.caption ?? part.text })
          : await telegram.sendMessage(target, chatId, part.text),
      ),
    async fetchMedia(media) {
      const file = await telegram.downloadFile(target, media.ref);
      return { data: file.data, mime: media.mime ?? file.mime ?? "application/octet-stream" };
    },
  };
}

const factories: Record<ChannelKind, (deps: AppDeps, row: ConnectionRow) => ChannelDriver> = {
  whatsapp_cloud: whatsappCloudDriver,
  telegram: telegramDriver,
  whatsapp_uaz: uazapiDriver,
  instagram: instagramDriver,
};

export function driverFor(deps: AppDeps, row: ConnectionRow): ChannelDriver {
  const factory = factories[row.channel as ChannelKind];
  if (!factory) throw new Error(`canal sem driver: ${row.channel}`);
  return factory(deps, row);
}
