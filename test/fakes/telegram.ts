/**
 * A loopback server of the Telegram Bot API (protocols.md §3): /bot<TOKEN>/<method> for getMe,
 * setWebhook, sendMessage and sendChatAction; records every call and can inject failures
 * (429 with parameters.retry_after, 5xx) into sendMessage.
 */
export type RecordedCall = { token: string; method: string; body: Record<string, unknown> };
export type InjectedFailure = { status: number; retryAfter?: number };

export async function startFakeTelegram(opts: { tokens?: Record<string, { id: number; username: string }> } = {}) {
  const tokens = new Map(Object.entries(opts.tokens ?? {}));
  const calls: RecordedCall[] = [];
  /** Consumed one per sendMessage, in order. */
  const failures: InjectedFailure[] = [];
  let seq = 0;
  const fail = (status: number, description: string, parameters?: Record<string, unknown>) =>
    Response.json({ ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) }, { status });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const m = new URL(req.url).pathname.match(/^\/bot([^/]+)\/(\w+)$/);
      if (!m) return fail(404, "Not Found");
      const token = decodeURIComponent(m[1] ?? "");
      const method = m[2] ?? "";
      const bot = tokens.get(token);
      if (!bot) return fail(401, "Unauthorized");
      const body = req.method === "POST" ? ((await req.json().catch(() => ({}))) as Record<string, unknown>) : {};
      if (method === "sendMessage") {
        const failure = failures.shift();
        if (failure) {
          calls.push({ token, method: `${method}:failed`, body });
          return failure.status === 429
            ? fail(429, `Too Many Requests: retry after ${failure.retryAfter ?? 0}`, { retry_after: failure.retryAfter ?? 0 })
            : fail(failure.status, "Internal Server Error", failure.retryAfter !== undefined ? { retry_after: failure.retryAfter } : undefined);
        }
      }
      calls.push({ token, method, body });
      switch (method) {
        case "getMe":
          return Response.json({ ok: true, result: { id: bot.id, is_bot: true, first_name: "Bot", username: bot.username, can_join_groups: true } });
        case "setWebhook":
          return Response.json({ ok: true, result: true, description: "Webhook was set" });
        case "sendChatAction":
          return Response.json({ ok: true, result: true });
        case "sendMessage":
          return Response.json({
            ok: true,
            result: { message_id: ++seq, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: "private" }, text: body.text },
          });
        default:
          return fail(404, "Not Found: method not found");
      }
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    calls,
    failures,
    addBot: (token: string, id: number, username: string) => tokens.set(token, { id, username }),
    stop: () => server.stop(true),
  };
}
