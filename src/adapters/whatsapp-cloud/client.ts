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

/** POST /{version}/{phone_number_id}/messages with a text body → the sent message's wamid. */
export async function sendText(input: SendTextInput, opts: { timeoutMs?: number } = {}): Promise<string> {
  const url = `${input.baseUrl.replace(/\/$/, "")}/${input.version}/${encodeURIComponent(input.phoneNumberId)}/messages`;
  const payload = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: input.to,
    type: "text",
    text: { preview_url: false, body: input.body },
    ...(input.replyTo ? { context: { message_id: input.replyTo } } : {}),
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${input.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
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
  const id = (body as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id;
  if (!id) throw new WhatsAppApiError("Resposta do WhatsApp sem id de mensagem", res.status, null, false);
  return id;
}
