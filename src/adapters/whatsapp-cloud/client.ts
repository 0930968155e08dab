/** WhatsApp Business Cloud API client (protocols.md §1): plain inputs and outputs, base URL from config. */

export type GraphTarget = { baseUrl: string; version: string; phoneNumberId: string; accessToken: string };
export type SendTextInput = GraphTarget & { to: string; body: string; replyTo?: string | null };

/** Graph error codes worth retrying: throughput (130429), pair rate limit (131056), app call limit (4), WABA limit (80007). */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056, 131057]);

export class WhatsAppApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly retryable: boolean,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "WhatsAppApiError";
  }
}

type GraphErrorBody = { error?: { message?: string; code?: number } };

function retryAfterMs(header: string | null): number | null {
  if (header === null) return null;
  const secs = Number(header);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

async function graphCall(target: GraphTarget, path: string, init: { method: "GET" | "POST"; body?: unknown }, timeoutMs = 15_000): Promise<unknown> {
  const url = `${target.baseUrl.replace(/\/$/, "")}/${target.version}/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { authorization: `Bearer ${target.accessToken}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new WhatsAppApiError(`WhatsApp inacessível: ${err instanceof Error ? err.message : String(err)}`, null, null, true);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // non-JSON error page
  }
  if (!res.ok) {
    const err = (body as GraphErrorBody | null)?.error;
    const code = typeof err?.code === "number" ? err.code : null;
    const retryable = res.status === 429 || res.status >= 500 || (code !== null && RETRYABLE_CODES.has(code));
    throw new WhatsAppApiError(err?.message ?? `WhatsApp respondeu ${res.status}`, res.status, code, retryable, retryAfterMs(res.headers.get("retry-after")));
  }
  return body;
}

function sentId(body: unknown): string {
  const id = (body as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id;
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
  const meta = (await graphCall(target, encodeURIComponent(mediaId), { method: "GET" })) as { url?: string; mime_type?: string } | null;
  if (!meta?.url) throw new WhatsAppApiError("Mídia sem URL de download", 200, null, false);
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
  const body = (await graphCall(target, `${encodeURIComponent(target.phoneNumberId)}?fields=display_phone_number,verified_name`, { method: "GET" })) as Record<
    string,
    unknown
  > | null;
  if (typeof body?.id !== "string") throw new WhatsAppApiError("Resposta do WhatsApp sem id do número", 200, null, false);
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return { id: body.id, displayPhoneNumber: str(body.display_phone_number), verifiedName: str(body.verified_name) };
}
