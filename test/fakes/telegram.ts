/**
 * A loopback server of the Telegram Bot API (protocols.md §3): /bot<TOKEN>/<method> for getMe,
 * setWebhook, deleteWebhook, getUpdates (long poll over a queue the test fills), sendMessage,
 * sendPhoto/sendDocument/sendAudio, sendChatAction, getFile and /file/bot<TOKEN>/<path>; records
 * every call and can inject failures (429 with parameters.retry_after, 5xx) into sendMessage.
 */
export type RecordedCall = { token: string; method: string; body: Record<string, unknown> };
export type InjectedFailure = { status: number; retryAfter?: number };

export async function startFakeTelegram(opts: { tokens?: Record<string, { id: number; username: string }> } = {}) {
  const tokens = new Map(Object.entries(opts.tokens ?? {}));
  const calls: RecordedCall[] = [];
  /** Consumed one per sendMessage, in order. */
  const failures: InjectedFailure[] = [];
  let seq = 0;
  /** Updates waiting for getUpdates, per token; a long poll waits for one to be pushed. */
  const queues = new Map<string, Record<string, unknown>[]>();
  const waiters = new Map<string, () => void>();
  const files = new Map<string, { path: string; data: Uint8Array; mime: string }>();
  let webhookSet = new Set<string>();
  const fail = (status: number, description: string, parameters?: Record<string, unknown>) =>
    Response.json({ ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) }, { status });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const fileMatch = path.match(/^\/file\/bot([^/]+)\/(.+)$/);
      if (fileMatch) {
        const file = [...files.values()].find((f) => f.path === fileMatch[2]);
        return file && tokens.has(decodeURIComponent(fileMatch[1] ?? "")) ? new Response(new Blob([file.data as Uint8Array<ArrayBuffer>]), { headers: { "content-type": file.mime } }) : fail(404, "Not Found");
      }
      const m = path.match(/^\/bot([^/]+)\/(\w+)$/);
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
          webhookSet.add(token);
          return Response.json({ ok: true, result: true, description: "Webhook was set" });
        case "deleteWebhook":
          webhookSet.delete(token);
          return Response.json({ ok: true, result: true, description: "Webhook was deleted" });
        case "getUpdates": {
          if (webhookSet.has(token)) return fail(409, "Conflict: can't use getUpdates method while webhook is active");
          const offset = typeof body.offset === "number" ? body.offset : 0;
          const pending = () => (queues.get(token) ?? []).filter((u) => Number(u.update_id) >= offset);
          // Confirmed updates (below offset) are forgotten, as Telegram does.
          queues.set(token, pending());
          if (!pending().length) {
            const waitMs = Math.min(Number(body.timeout ?? 0), 2) * 1000;
            await new Promise<void>((r) => {
              waiters.set(token, r);
              setTimeout(r, waitMs);
            });
          }
          return Response.json({ ok: true, result: pending().slice(0, Number(body.limit ?? 100)) });
        }
        case "getFile": {
          const file = files.get(String(body.file_id));
          return file ? Response.json({ ok: true, result: { file_id: body.file_id, file_path: file.path, file_size: file.data.byteLength } }) : fail(400, "Bad Request: invalid file_id");
        }
        case "sendPhoto":
        case "sendDocument":
        case "sendAudio":
        case "sendVideo":
          return Response.json({ ok: true, result: { message_id: ++seq, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: "private" } } });
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
    /** The token is revoked (as @BotFather's /revoke does): every call answers 401. */
    removeBot: (token: string) => tokens.delete(token),
    /** Queues an update for getUpdates (and wakes a waiting long poll). */
    pushUpdate(token: string, update: Record<string, unknown>) {
      queues.set(token, [...(queues.get(token) ?? []), update]);
      waiters.get(token)?.();
    },
    /** Makes a file downloadable through getFile. */
    addFile(fileId: string, data: Uint8Array, mime: string) {
      files.set(fileId, { path: `files/${fileId}`, data, mime });
    },
    resetWebhooks: () => {
      webhookSet = new Set();
    },
    stop: () => server.stop(true),
  };
}
