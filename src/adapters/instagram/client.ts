/**
 * Instagram Messaging client, Messenger API for Instagram flavour (protocols.md §4): sends go to
 * POST {baseUrl}/{version}/{pageId}/messages with the page token as Bearer. Plain inputs and
 * outputs, base URL from config (same Graph host as WhatsApp Cloud).
 */
import { retryAfterMs } from "../retry-after";

export type InstagramTarget = {
  baseUrl: string;
  version: string;
  /** The Facebook Page linked to the Instagram account: sends go through it. */
  pageId: string;
  accessToken: string;
  /** The Instagram professional account id (webhook entry.id); getAccount reads it. Defaults to pageId. */
  businessId?: string | null;
};

/** Graph throttling codes (app 4, user 17, page 32, per-API 613) and 2, "service temporarily unavailable". */
const RETRYABLE_CODES = new Set([2, 4, 17, 32, 613]);
/** Instagram refuses longer texts; measured in UTF-8 bytes, so "ã" counts 2 and an emoji 4. */
export const TEXT_LIMIT_BYTES = 1000;

export class InstagramApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when the Graph could not be reached (or the client refused to send). */
    readonly status: number | null,
    /** Graph error code (e.g. 10 / subcode 2018278: outside the 24 h window). */
    readonly code: number | null,
    readonly retryable: boolean,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null = null,
    readonly subcode: number | null = null,
  ) {
    super(message);
    this.name = "InstagramApiError";
  }
}

type GraphError = { message?: unknown; code?: unknown; error_subcode?: unknown; is_transient?: unknown };
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

async function graphCall(target: InstagramTarget, path: string, init: { method: "GET" | "POST"; body?: unknown }, timeoutMs = 15_000): Promise<Record<string, unknown>> {
  const url = `${target.baseUrl.replace(/\/+$/, "")}/${target.version}/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { authorization: `Bearer ${target.accessToken}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new InstagramApiError(`Instagram inacessível: ${err instanceof Error ? err.message : String(err)}`, null, null, true);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // non-JSON error page
  }
  if (!res.ok) {
    const err = ((body as { error?: GraphError } | null)?.error ?? {}) as GraphError;
    const code = num(err.code);
    const retryable = res.status === 429 || res.status >= 500 || (code !== null && RETRYABLE_CODES.has(code)) || err.is_transient === true;
    const message = typeof err.message === "string" && err.message ? err.message : `Instagram respondeu ${res.status}`;
    throw new InstagramApiError(message, res.status, code, retryable, retryAfterMs(res.headers.get("retry-after")), num(err.error_subcode));
  }
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

const messagesPath = (t: InstagramTarget) => `${encodeURIComponent(t.pageId)}/messages`;

function sentId(body: Record<string, unknown>): string {
  if (typeof body.message_id !== "string" || !body.message_id) throw new InstagramApiError("Resposta do Instagram sem message_id", 200, null, false);
  return body.message_id;
}

/**
 * A text → its mid. Texts over 1000 UTF-8 bytes are refused here, before the Graph does it less
 * clearly: the pipeline splits replies first, this only guards against a split that counted chars.
 * `humanAgent` tags a person's reply so it may go out up to 7 days after the customer's last message.
 */
export async function sendText(target: InstagramTarget, recipientId: string, text: string, opts: { humanAgent?: boolean } = {}): Promise<string> {
  const bytes = new TextEncoder().encode(text).byteLength;
  if (!text.trim()) throw new InstagramApiError("Mensagem vazia não pode ser enviada ao Instagram", null, null, false);
  if (bytes > TEXT_LIMIT_BYTES) {
    throw new InstagramApiError(`Texto longo demais para o Instagram: ${bytes} bytes (máximo ${TEXT_LIMIT_BYTES})`, null, null, false);
  }
  const payload = {
    recipient: { id: recipientId },
    message: { text },
    ...(opts.humanAgent ? { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" } : {}),
  };
  return sentId(await graphCall(target, messagesPath(target), { method: "POST", body: payload }));
}

export type InstagramAttachmentType = "image" | "audio" | "video" | "file";

/** Media by URL (Instagram fetches it; image ≤ 8 MB, audio/video ≤ 25 MB) → its mid. No captions on Instagram. */
export async function sendAttachment(target: InstagramTarget, recipientId: string, attachment: { type: InstagramAttachmentType; url: string }): Promise<string> {
  const payload = { recipient: { id: recipientId }, message: { attachment: { type: attachment.type, payload: { url: attachment.url } } } };
  // Instagram downloads the file before answering.
  return sentId(await graphCall(target, messagesPath(target), { method: "POST", body: payload }, 60_000));
}

/** "digitando…" until the next message (or ~20 s). */
export async function sendTypingOn(target: InstagramTarget, recipientId: string): Promise<void> {
  await graphCall(target, messagesPath(target), { method: "POST", body: { recipient: { id: recipientId }, sender_action: "typing_on" } });
}

/** GET /{businessId}?fields=id,username: proves the token reaches the account ("testar conexão"). */
export async function getAccount(target: InstagramTarget): Promise<{ id: string; username: string | null }> {
  const id = target.businessId || target.pageId;
  const body = await graphCall(target, `${encodeURIComponent(id)}?fields=id,username`, { method: "GET" });
  if (typeof body.id !== "string" || !body.id) throw new InstagramApiError("Resposta do Instagram sem id da conta", 200, null, false);
  return { id: body.id, username: typeof body.username === "string" ? body.username : null };
}
