import * as instagram from "../adapters/instagram/client";
import { safeFetch } from "../lib/safe-fetch";
import type { InstagramStoredConfig } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import type { ChannelDriver, ConnectionRow } from "./drivers";
import { utf8Bytes } from "./split";
import { instagramTarget } from "./targets";

const DAY_MS = 24 * 60 * 60_000;
const ATTACHMENT: Record<string, instagram.InstagramAttachmentType> = { image: "image", audio: "audio", video: "video", document: "file" };

/**
 * Instagram Direct: 24 h reply window, typing_on, text limited to 1000 UTF-8 bytes (so the split
 * measures bytes). Attachments carry no caption on Instagram, and a caption sent as a second
 * message would come back as an echo nobody recorded (taken for a person): it is left out.
 */
export function instagramDriver(deps: AppDeps, row: ConnectionRow): ChannelDriver {
  const target = instagramTarget(deps, row.config as unknown as InstagramStoredConfig);
  const limit = instagram.TEXT_LIMIT_BYTES;
  return {
    kind: "instagram",
    limit,
    measure: utf8Bytes,
    replyWindowMs: DAY_MS,
    typing: (to) => instagram.sendTypingOn(target, to),
    // A person answering from the inbox may reply up to 7 days later with the HUMAN_AGENT tag.
    humanWindowMs: 7 * DAY_MS,
    async send(to, part, opts) {
      if (part.media) return instagram.sendAttachment(target, to, { type: ATTACHMENT[part.media.kind] ?? "file", url: part.media.url });
      // The pipeline splits by bytes (measure above), so a longer text is a bug upstream: refused,
      // not sent as several messages whose echoes nobody recorded.
      return instagram.sendText(target, to, part.text, { humanAgent: opts?.human === true });
    },
    async fetchMedia(media) {
      // The lookaside URL comes in the (signed) webhook, but it is still fetched the safe way.
      const res = await safeFetch(media.ref, { maxBytes: 16 * 1024 * 1024, timeoutMs: 30_000 });
      return { data: res.body, mime: media.mime ?? (res.contentType || "application/octet-stream") };
    },
  };
}
