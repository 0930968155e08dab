/**
 * A loopback HTTP receiver standing in for the owner's webhook endpoints: records every request
 * (method, path, query, headers, JSON or text body, arrival time) and answers per path, from a
 * queue of scripted replies first (to inject 500s, 4xx, delays) and then the path's default.
 */
export type HookReply = { status?: number; json?: unknown; text?: string; delayMs?: number };
export type HookRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  at: number;
};

export async function startWebhookReceiver() {
  const requests: HookRequest[] = [];
  const queues = new Map<string, HookReply[]>();
  const defaults = new Map<string, HookReply>();

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(req) {
      const url = new URL(req.url);
      const raw = await req.text();
      let body: unknown = raw || null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // keep the text
      }
      requests.push({
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        headers: Object.fromEntries(req.headers.entries()),
        body,
        at: Date.now(),
      });
      const reply = queues.get(url.pathname)?.shift() ?? defaults.get(url.pathname) ?? { json: { ok: true } };
      if (reply.delayMs) await Bun.sleep(reply.delayMs);
      const status = reply.status ?? 200;
      if (reply.text !== undefined) return new Response(reply.text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
      return Response.json(reply.json ?? { ok: status < 400 }, { status });
    },
  });

  const hits = (path: string) => requests.filter((r) => r.path === path);
  return {
    host: `127.0.0.1:${server.port}`,
    url: (path: string) => `http://127.0.0.1:${server.port}${path}`,
    requests,
    hits,
    /** The default answer of a path. */
    on(path: string, reply: HookReply) {
      defaults.set(path, reply);
    },
    /** Answers for the next requests of a path, in order, before its default. */
    queue(path: string, ...replies: HookReply[]) {
      queues.set(path, [...(queues.get(path) ?? []), ...replies]);
    },
    /** Resolves once `path` has received `count` requests (rejects after timeoutMs). */
    async waitFor(path: string, count = 1, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (hits(path).length < count) {
        if (Date.now() > until) throw new Error(`${path} received ${hits(path).length} of ${count} requests`);
        await Bun.sleep(10);
      }
      return hits(path);
    },
    stop: () => server.stop(true),
  };
}
