import * as uazapi from "../adapters/uazapi/client";
import type { UazapiStoredConfig } from "../services/channel-store";
import type { AppDeps } from "../services/context";
import type { ChannelDriver, ConnectionRow } from "./drivers";
import { uazapiTarget } from "./targets";
import { MESSAGE_LIMIT } from "./types";

/**
 * WhatsApp through an own UAZAPI server. No reply window (it is WhatsApp Web, not the Cloud API).
 * The webhook excludes messages sent through the API, so our own sends never come back as echoes.
 */
export function uazapiDriver(deps: AppDeps, row: ConnectionRow): ChannelDriver {
  const target = uazapiTarget(deps, row.config as unknown as UazapiStoredConfig);
  return {
    kind: "whatsapp_uaz",
    limit: MESSAGE_LIMIT.whatsapp_uaz,
    replyWindowMs: null,
    typing: (to) => uazapi.sendPresence(target, to, "composing"),
    send: (to, part) =>
      part.media
        ? uazapi.sendMedia(target, to, { type: part.media.kind, file: part.media.url, caption: part.media.caption ?? (part.text || null) })
        : uazapi.sendText(target, to, part.text),
    fetchMedia: (media) => uazapi.fetchMediaBytes(target, media.ref),
  };
}
