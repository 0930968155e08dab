/**
 * Instagram Messaging client, Messenger API for Instagram flavour (protocols.md §4): sends go to
 * POST {baseUrl}/{version}/{pageId}/messages with the page token as Bearer. Plain inputs and
 * outputs, base URL from config (the same Graph request as WhatsApp Cloud, ../meta-graph/client.ts).
 */
import { GraphApiError, type GraphService, graphRequest } from "../meta-graph/client";

export type InstagramTarget = {
  baseUrl: string;
  version: string;
  /** The Facebook Page linked to the Instagram account: sends go through it. */
  pageId: string;
  accessToken: string;
  /** The Instagram professional account id (webhook entry.id); getAccount reads it. Defaults to pageId. */
  businessId?: string | null;
};

/** Instagram refuses longer texts; measured in UTF-8 bytes, so "ã" counts 2 and an emoji 4. */
export const TEXT_LIMIT_BYTES = 1000;

export class InstagramApiError extends GraphApiError {
  override name = "InstagramApiError";
}

/** The Graph-wide throttling codes are enough for Instagram: no codes of its own to add. */
const INSTAGRAM: GraphService = { name: "Instagram", retryableCodes: new Set(), error: InstagramApiError };

const graphCall = (target: InstagramTarget, path: string, init: { method: "GET" | "POST"; body?: unknown }, timeoutMs?: number) =>
  graphRequest(INSTAGRAM, target, path, { ...init, timeoutMs });

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

/**
 * GET /{pageId}?fields=instagram_business_account: the Instagram account the page is linked to,
 * as the token sees it (null when none is linked). Proves the page and the account belong together.
 */
export async function getPageInstagramAccount(target: InstagramTarget): Promise<string | null> {
  const body = await graphCall(target, `${encodeURIComponent(target.pageId)}?fields=instagram_business_account`, { method: "GET" });
  const linked = body.instagram_business_account;
  const id = linked && typeof linked === "object" ? (linked as { id?: unknown }).id : null;
  return typeof id === "string" && id ? id : null;
}
