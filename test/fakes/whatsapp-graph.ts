/**
 * A loopback server of the WhatsApp Cloud API send endpoint (protocols.md §1.1, §1.6): records
 * every POST /{version}/{phone_number_id}/messages and can inject Graph errors (429, 5xx).
 */
export type RecordedSend = { version: string; phoneNumberId: string; authorization: string; body: { to: string; type: string; text?: { body: string } } & Record<string, unknown> };
export type InjectedFailure = { status: number; code?: number; retryAfter?: string };

export async function startFakeGraph() {
  const sends: RecordedSend[] = [];
  /** Consumed one per send, in order. */
  const failures: InjectedFailure[] = [];
  let seq = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const m = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
      if (req.method !== "POST" || !m) return Response.json({ error: { message: "Unknown path", type: "GraphMethodException", code: 100 } }, { status: 400 });
      const auth = req.headers.get("authorization") ?? "";
      if (!auth.startsWith("Bearer ")) {
        return Response.json({ error: { message: "Invalid OAuth access token", type: "OAuthException", code: 190 } }, { status: 401 });
      }
      const failure = failures.shift();
      if (failure) {
        const code = failure.code ?? (failure.status === 429 ? 130429 : 1);
        return Response.json(
          { error: { message: `(#${code}) injected`, type: "OAuthException", code, fbtrace_id: "fake" } },
          { status: failure.status, headers: failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {} },
        );
      }
      const body = (await req.json()) as RecordedSend["body"];
      sends.push({ version: m[1] ?? "", phoneNumberId: decodeURIComponent(m[2] ?? ""), authorization: auth, body });
      const id = `wamid.FAKE${++seq}`;
      return Response.json({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, sends, failures, stop: () => server.stop(true) };
}
