/**
 * A loopback n8n (protocols §7): POST /webhook/:path and /webhook-test/:path of the workflows it
 * knows, checking one Header Auth header (403 text/plain "Authorization data is wrong!"), 404 JSON
 * for an unknown/inactive path, each workflow answering with JSON, text or "Workflow was started".
 * Records every request and can inject a status or a delay.
 */
export type N8nRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };
export type FakeWorkflow = { respond: (body: unknown) => Response };

export async function startFakeN8n() {
  const requests: N8nRequest[] = [];
  const settings: { auth: { header: string; value: string } | null; delayMs: number; failNext: number | null } = { auth: null, delayMs: 0, failNext: null };
  const workflows = new Map<string, FakeWorkflow>();

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        headers[k] = v;
      });
      const raw = await req.text();
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // keep the text
      }
      requests.push({ method: req.method, path: url.pathname, headers, body });
      if (settings.delayMs) await Bun.sleep(settings.delayMs);
      const m = /^\/webhook(?:-test)?\/(.+)$/.exec(url.pathname);
      const wf = m?.[1] ? workflows.get(m[1]) : undefined;
      if (!m || req.method !== "POST" || !wf) {
        return Response.json(
          { code: 404, message: `The requested webhook "${req.method} ${m?.[1] ?? url.pathname}" is not registered.`, hint: "Click the 'Execute workflow' button on the canvas, then try again." },
          { status: 404 },
        );
      }
      if (settings.auth && headers[settings.auth.header.toLowerCase()] !== settings.auth.value) {
        return new Response("Authorization data is wrong!", { status: 403, headers: { "content-type": "text/plain" } });
      }
      if (settings.failNext) {
        const status = settings.failNext;
        settings.failNext = null;
        return Response.json({ message: "Error in workflow" }, { status });
      }
      return wf.respond(body);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    host: `127.0.0.1:${server.port}`,
    requests,
    settings,
    /** Registers an active workflow at /webhook/<path>. */
    workflow(path: string, respond: FakeWorkflow["respond"]) {
      workflows.set(path, { respond });
    },
    stop: () => server.stop(true),
  };
}
