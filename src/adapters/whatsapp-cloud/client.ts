/** WhatsApp Business Cloud API client (protocols.md §1): plain inputs and outputs, base URL from config. */

import { type GraphConn, GraphApiError, type GraphService, graphRequest } from "../meta-graph/client";

export type GraphTarget = GraphConn & { phoneNumberId: string };
export type SendTextInput = GraphTarget & { to: string; body: string; replyTo?: string | null };

export class WhatsAppApiError extends GraphApiError {
  override name = "WhatsAppApiError";
}

/** WhatsApp's own codes worth retrying: WABA limit (80007), throughput (130429), pair rate (131056), maintenance (131057). */
export const WHATSAPP: GraphService = { name: "WhatsApp", retryableCodes: new Set([80007, 130429, 131056, 131057]), error: WhatsAppApiError };

const graphCall = (target: GraphTarget, path: string, init: { method: "GET" | "POST"; body?: unknown }, timeoutMs?: number) =>
  graphRequest(WHATSAPP, target, path, { ...init, timeoutMs });

export function sentId(body: Record<string, unknown>): string {
  const id = (body as { messages?: { id?: string }[] }).messages?.[0]?.id;
  if (!id) throw new WhatsAppApiError("Resposta do WhatsApp sem id de mensagem", 200, null, false);
  return id;
}

const messagesPath = (t: GraphTarget) => `${encodeURIComponent(t.phoneNumberId)}/messages`;

/** POST /{version}/{phone_number_id}/messages with a text body → the sent message's wamid. */
export async function sendText(input: SendTextInput, opts: { timeoutMs?: number } = {}): Promise<string> {
  const payload = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: input.to,
    type: "text",
    text: { preview_url: false, body: input.body },
    ...(input.replyTo ? { context: { message_id: input.replyTo } } : {}),
  };
  return sentId(await graphCall(input, messagesPath(input), { method: "POST", body: payload }, opts.timeoutMs));
}

export type MediaKind = "image" | "audio" | "video" | "document";

/** Media by link (the Graph fetches it): image/video/document take a caption, audio does not. */
export async function sendMedia(target: GraphTarget, to: string, media: { kind: MediaKind; url: string; caption?: string | null }): Promise<string> {
  const object: Record<string, unknown> = { link: media.url };
  if (media.caption && media.kind !== "audio") object.caption = media.caption;
  const payload = { messaging_product: "whatsapp", recipient_type: "individual", to, type: media.kind, [media.kind]: object };
  return sentId(await graphCall(target, messagesPath(target), { method: "POST", body: payload }));
}

/** An approved template: the only thing a business may send outside the 24-hour window. */
export async function sendTemplate(target: GraphTarget, to: string, template: { name: string; language: string }): Promise<string> {
  const payload = { messaging_product: "whatsapp", to, type: "template", template: { name: template.name, language: { code: template.language } } };
  return sentId(await graphCall(target, messagesPath(target), { method: "POST", body: payload }));
}

/** Marks the customer's message read and shows "digitando…" until the reply (or ~25 s). */
export async function markReadWithTyping(target: GraphTarget, messageId: string): Promise<void> {
  await graphCall(target, messagesPath(target), {
    method: "POST",
    body: { messaging_product: "whatsapp", status: "read", message_id: messageId, typing_indicator: { type: "text" } },
  });
}

/** Media download, two steps (protocols.md §1.2): the id's short-lived URL, then the bytes with the same bearer. */
export async function downloadMedia(target: GraphTarget, mediaId: string, maxBytes = 16 * 1024 * 1024): Promise<{ data: Uint8Array; mime: string }> {
  const meta = (await graphCall(target, encodeURIComponent(mediaId), { method: "GET" })) as { url?: string; mime_type?: string };
  if (!meta.url) throw new WhatsAppApiError("Mídia sem URL de download", 200, null, false);
  let res: Response;
  try {
    res = await fetch(meta.url, { headers: { authorization: `Bearer ${target.accessToken}` }, signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new WhatsAppApiError(`Download da mídia falhou: ${err instanceof Error ? err.message : String(err)}`, null, null, true);
  }
  if (!res.ok) throw new WhatsAppApiError(`Download da mídia respondeu ${res.status}`, res.status, null, res.status >= 500);
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.byteLength > maxBytes) throw new WhatsAppApiError("Mídia grande demais", 200, null, false);
  return { data, mime: (meta.mime_type ?? res.headers.get("content-type") ?? "application/octet-stream").split(";")[0]?.trim() ?? "application/octet-stream" };
}

/** GET /{version}/{phone_number_id}: proves the token reaches the number ("Testar conexão"). */
export async function getPhoneNumber(target: GraphTarget): Promise<{ id: string; displayPhoneNumber: string | null; verifiedName: string | null }> {
  const body = await graphCall(target, `${encodeURIComponent(target.phoneNumberId)}?fields=display_phone_number,verified_name`, { method: "GET" });
  if (typeof body.id !== "string") throw new WhatsAppApiError("Resposta do WhatsApp sem id do número", 200, null, false);
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return { id: body.id, displayPhoneNumber: str(body.display_phone_number), verifiedName: str(body.verified_name) };
}
