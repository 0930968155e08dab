/** What the inbox may see of a connection and a message: labels and the AI's trail, never tokens or provider handles. */
import type { messages } from "../../db/schema";
import { uazapiConfig } from "./channel-view";
import { connectionById, telegramConfig } from "./channels";
import type { AppDeps } from "./context";

type MessageRow = typeof messages.$inferSelect;

const KIND_LABEL = {
  whatsapp_cloud: "WhatsApp (API oficial)",
  whatsapp_uaz: "WhatsApp (servidor próprio)",
  telegram: "Telegram",
  instagram: "Instagram",
} as const;

/** The connection a conversation's replies go out on, for the thread header (null when it was removed). */
export async function connectionSummary(deps: AppDeps, connectionId: string) {
  const row = await connectionById(deps, connectionId);
  if (!row) return null;
  let account: string | null = row.externalId;
  if (row.channel === "telegram") account = telegramConfig(row).botUsername ? `@${telegramConfig(row).botUsername}` : row.externalId;
  else if (row.channel === "whatsapp_uaz") account = uazapiConfig(row).phoneNumber ?? row.externalId;
  return { id: row.id, kind: row.channel, label: KIND_LABEL[row.channel], account };
}

type Source = { source: string; sourceType: string; score: number | null };
type Tool = { name: string; reason: string | null };

const str = (v: unknown) => (typeof v === "string" ? v : null);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === "object") : []);

/** The parts of an AI reply's metadata a person reviewing the answer needs. */
function publicMeta(meta: Record<string, unknown> | null) {
  if (!meta) return null;
  const sources: Source[] = list(meta.sources).map((s) => ({
    source: str(s.source) ?? "",
    sourceType: str(s.sourceType) ?? "",
    score: typeof s.score === "number" ? s.score : null,
  }));
  const tools: Tool[] = list(meta.tools).map((t) => ({ name: str(t.name) ?? "", reason: str(t.reason) }));
  const out = {
    outcome: str(meta.outcome),
    model: str(meta.model),
    transcript: str(meta.transcript),
    creditsMilli: typeof meta.creditsMilli === "number" ? meta.creditsMilli : null,
    sources,
    tools,
  };
  return out.outcome || out.model || out.transcript || sources.length || tools.length ? out : null;
}

/** Our own protected file path (issue 19): served only to the workspace's members, so it may be shown. */
const isStoredFileUrl = (url: string) => /^\/api\/v1\/files\/[0-9a-f-]{36}$/i.test(url);

/** A message for the thread: inbound files keep only their kind and name (their ref is a provider handle). */
export function publicMessage(m: MessageRow) {
  return {
    id: m.id,
    senderType: m.senderType,
    senderId: m.senderId,
    senderName: m.senderName,
    content: m.content,
    messageType: m.messageType,
    attachments: (m.attachments ?? []).map((a) => ({
      type: a.type,
      mime: a.mime ?? null,
      size: a.size ?? null,
      fileName: a.fileName ?? null,
      url: a.url && (/^https?:\/\//i.test(a.url) || isStoredFileUrl(a.url)) ? a.url : null,
    })),
    isRead: m.isRead,
    sentAt: m.sentAt,
    deliveryStatus: m.deliveryStatus,
    deliveryError: m.deliveryError,
    meta: publicMeta(m.metadata),
  };
}
export type PublicMessage = ReturnType<typeof publicMessage>;
