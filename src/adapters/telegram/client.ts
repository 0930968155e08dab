/** Telegram Bot API client (protocols.md §3): plain inputs and outputs, base URL from config. */

export type BotTarget = { baseUrl: string; botToken: string };
export type TelegramBot = { id: number; isBot: boolean; firstName: string; username: string | null };

export class TelegramApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when Telegram could not be reached. */
    readonly status: number | null,
    readonly retryable: boolean,
    /** From `parameters.retry_after` (seconds → ms), when Telegram sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "TelegramApiError";
  }
}

type Envelope<T> = { ok?: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } };

/** POST https://api.telegram.org/bot<TOKEN>/<method> with a JSON body; unwraps the {ok,result} envelope. */
async function call<T>(target: BotTarget, method: string, params: Record<string, unknown>, timeoutMs = 15_000): Promise<T> {
  const url = `${target.baseUrl.replace(/\/$/, "")}/bot${target.botToken}/${method}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new TelegramApiError(`Telegram inacessível: ${err instanceof Error ? err.message : String(err)}`, null, true);
  }
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    // non-JSON error page
  }
  if (!res.ok || !body?.ok) {
    const status = body?.error_code ?? res.status;
    const retryAfter = body?.parameters?.retry_after;
    const retryable = status === 429 || status >= 500;
    throw new TelegramApiError(
      body?.description ?? `Telegram respondeu ${res.status}`,
      status,
      retryable,
      typeof retryAfter === "number" && retryAfter >= 0 ? retryAfter * 1000 : null,
    );
  }
  return body.result as T;
}

/** getMe: validates the token and names the bot. */
export async function getMe(target: BotTarget): Promise<TelegramBot> {
  const r = await call<{ id: number; is_bot: boolean; first_name: string; username?: string }>(target, "getMe", {});
  return { id: r.id, isBot: r.is_bot, firstName: r.first_name, username: r.username ?? null };
}

/** setWebhook: Telegram will POST updates to `url` with the secret in X-Telegram-Bot-Api-Secret-Token. */
export async function setWebhook(target: BotTarget, url: string, secretToken: string): Promise<void> {
  await call<boolean>(target, "setWebhook", { url, secret_token: secretToken, allowed_updates: ["message"] });
}

export async function sendChatAction(target: BotTarget, chatId: string | number, action = "typing"): Promise<void> {
  await call<boolean>(target, "sendChatAction", { chat_id: chatId, action });
}

/** sendMessage → the sent message's message_id. */
export async function sendMessage(target: BotTarget, chatId: string | number, text: string): Promise<number> {
  const r = await call<{ message_id?: number }>(target, "sendMessage", { chat_id: chatId, text });
  if (typeof r?.message_id !== "number") throw new TelegramApiError("Resposta do Telegram sem message_id", 200, false);
  return r.message_id;
}

/** deleteWebhook: needed before getUpdates works (a set webhook makes getUpdates fail with 409). */
export async function deleteWebhook(target: BotTarget): Promise<void> {
  await call<boolean>(target, "deleteWebhook", { drop_pending_updates: false });
}

/**
 * getUpdates long poll: waits up to `timeoutSec` for updates after `offset` (offset = last
 * update_id + 1 confirms everything before it). The HTTP timeout exceeds the poll's.
 */
export async function getUpdates(target: BotTarget, offset: number | null, timeoutSec = 25, signal?: AbortSignal): Promise<unknown[]> {
  const url = `${target.baseUrl.replace(/\/$/, "")}/bot${target.botToken}/getUpdates`;
  const params = { ...(offset !== null ? { offset } : {}), timeout: timeoutSec, limit: 100, allowed_updates: ["message"] };
  const timeout = AbortSignal.timeout((timeoutSec + 10) * 1000);
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    throw new TelegramApiError(`Telegram inacessível: ${err instanceof Error ? err.message : String(err)}`, null, true);
  }
  const body = (await res.json().catch(() => null)) as Envelope<unknown[]> | null;
  if (!res.ok || !body?.ok) {
    const status = body?.error_code ?? res.status;
    const retryAfter = body?.parameters?.retry_after;
    throw new TelegramApiError(body?.description ?? `Telegram respondeu ${res.status}`, status, status === 429 || status >= 500 || status === 409, typeof retryAfter === "number" ? retryAfter * 1000 : null);
  }
  return Array.isArray(body.result) ? body.result : [];
}

/** A file the customer sent (voice, photo, document): getFile, then the bytes from /file/bot<TOKEN>/<path>. */
export async function downloadFile(target: BotTarget, fileId: string, maxBytes = 20 * 1024 * 1024): Promise<{ data: Uint8Array; mime: string | null }> {
  const file = await call<{ file_path?: string; file_size?: number }>(target, "getFile", { file_id: fileId });
  if (!file.file_path) throw new TelegramApiError("Arquivo sem caminho de download", 200, false);
  if ((file.file_size ?? 0) > maxBytes) throw new TelegramApiError("Arquivo grande demais", 200, false);
  const url = `${target.baseUrl.replace(/\/$/, "")}/file/bot${target.botToken}/${file.file_path}`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new TelegramApiError(`Download falhou: ${err instanceof Error ? err.message : String(err)}`, null, true);
  }
  if (!res.ok) throw new TelegramApiError(`Download respondeu ${res.status}`, res.status, res.status >= 500);
  return { data: new Uint8Array(await res.arrayBuffer()), mime: res.headers.get("content-type") };
}

const MEDIA_METHOD = { image: ["sendPhoto", "photo"], audio: ["sendAudio", "audio"], video: ["sendVideo", "video"], document: ["sendDocument", "document"] } as const;

/** Media by URL (Telegram fetches it) with an optional caption → message_id. */
export async function sendMedia(target: BotTarget, chatId: string | number, media: { kind: keyof typeof MEDIA_METHOD; url: string; caption?: string | null }): Promise<number> {
  const [method, field] = MEDIA_METHOD[media.kind];
  const r = await call<{ message_id?: number }>(target, method, { chat_id: chatId, [field]: media.url, ...(media.caption ? { caption: media.caption } : {}) });
  if (typeof r?.message_id !== "number") throw new TelegramApiError("Resposta do Telegram sem message_id", 200, false);
  return r.message_id;
}
