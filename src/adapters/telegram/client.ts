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
