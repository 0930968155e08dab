/**
 * A loopback Tavily (protocols §11): POST /search with `Authorization: Bearer <key>` (or the legacy
 * "api_key" in the body); 401 for another key; results built from the query. Records every
 * request and can inject a status (429, 432...) or a delay.
 */
export type TavilyRequest = { path: string; headers: Record<string, string>; body: Record<string, unknown> };

export async function startFakeTavily(opts: { apiKey?: string } = {}) {
  const requests: TavilyRequest[] = [];
  const settings: { apiKey: string; failNext: number | null; delayMs: number; empty: boolean } = { apiKey: opts.apiKey ?? "tvly-teste", failNext: null, delayMs: 0, empty: false };

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        headers[k] = v;
      });
      let body: Record<string, unknown> = {};
      try {
        body = (await req.json()) as Record<string, unknown>;
      } catch {
        // empty or not JSON
      }
      requests.push({ path: url.pathname, headers, body });
      if (settings.delayMs) await Bun.sleep(settings.delayMs);
      if (url.pathname !== "/search" || req.method !== "POST") return Response.json({ detail: { error: "Not Found" } }, { status: 404 });
      const key = headers.authorization?.replace(/^Bearer\s+/i, "") ?? String(body.api_key ?? "");
      if (key !== settings.apiKey) return Response.json({ detail: { error: "Unauthorized: missing or invalid API key." } }, { status: 401 });
      if (settings.failNext) {
        const status = settings.failNext;
        settings.failNext = null;
        return Response.json({ detail: { error: "limite" } }, { status });
      }
      const query = String(body.query ?? "");
      const max = Number(body.max_results ?? 5);
      const results = settings.empty
        ? []
        : Array.from({ length: Math.min(max, 3) }, (_, i) => ({
            title: `Resultado ${i + 1} sobre ${query}`,
            url: `https://exemplo.com.br/${i + 1}`,
            content: `Trecho ${i + 1}: informação atual sobre ${query}.`,
            score: 0.9 - i * 0.1,
            raw_content: null,
            published_date: "2026-11-01",
          }));
      return Response.json({ query, answer: settings.empty ? null : `Resumo: ${query}`, images: [], results, follow_up_questions: null, response_time: 0.12 });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    host: `127.0.0.1:${server.port}`,
    requests,
    settings,
    stop: () => server.stop(true),
  };
}
