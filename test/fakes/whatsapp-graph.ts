/**
 * A loopback server of the WhatsApp Cloud API (protocols.md §1): records every
 * POST /{version}/{phone_number_id}/messages (sends; "read + typing" marks apart), serves media
 * (GET /{version}/{media_id} → a URL on this host, bytes only with the bearer) and can inject
 * Graph errors (429, 5xx) into sends. Outside-window refusals (131047) can be switched on per number.
 * Registered phone numbers answer GET /{version}/{phone_number_id} with their own token only.
 */
export type RecordedSend = { version: string; phoneNumberId: string; authorization: string; body: { to: string; type: string; text?: { body: string } } & Record<string, unknown> };
export type InjectedFailure = { status: number; code?: number; retryAfter?: string };

export async function startFakeGraph() {
  const sends: RecordedSend[] = [];
  /** status:"read" marks (with the typing indicator), by inbound message id. */
  const reads: string[] = [];
  /** Consumed one per send, in order. */
  const failures: InjectedFailure[] = [];
  const media = new Map<string, { data: Uint8Array; mime: string }>();
  const phones = new Map<string, { accessToken: string; displayPhoneNumber?: string; verifiedName?: string }>();
  let seq = 0;
  const graphError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    Response.json({ error: { message, type: "OAuthException", code, fbtrace_id: "fake" } }, { status, headers });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const auth = req.headers.get("authorization") ?? "";
      if (!auth.startsWith("Bearer ")) return graphError(401, 190, "Invalid OAuth access token");
      const file = url.pathname.match(/^\/media-bytes\/(.+)$/);
      if (req.method === "GET" && file) {
        const m = media.get(decodeURIComponent(file[1] ?? ""));
        return m ? new Response(new Blob([m.data as Uint8Array<ArrayBuffer>]), { headers: { "content-type": m.mime } }) : new Response("not found", { status: 404 });
      }
      const mediaMeta = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)$/);
      if (req.method === "GET" && mediaMeta) {
        const id = decodeURIComponent(mediaMeta[2] ?? "");
        const phone = phones.get(id);
        if (phone) {
          if (auth !== `Bearer ${phone.accessToken}`) return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
          return Response.json({ id, display_phone_number: phone.displayPhoneNumber ?? "+55 11 3000-0000", verified_name: phone.verifiedName ?? "Loja Teste", quality_rating: "GREEN" });
        }
        const m = media.get(id);
        if (!m) return graphError(400, 100, "Unsupported get request");
        return Response.json({ messaging_product: "whatsapp", url: `${url.origin}/media-bytes/${encodeURIComponent(id)}`, mime_type: m.mime, file_size: String(m.data.byteLength), id });
      }
      const m = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
      if (req.method !== "POST" || !m) return graphError(400, 100, "Unknown path");
      const body = (await req.json()) as RecordedSend["body"] & { status?: string; message_id?: string };
      if (body.status === "read") {
        reads.push(String(body.message_id));
        return Response.json({ success: true });
      }
      const failure = failures.shift();
      if (failure) {
        const code = failure.code ?? (failure.status === 429 ? 130429 : 1);
        return graphError(failure.status, code, `(#${code}) injected`, failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {});
      }
      sends.push({ version: m[1] ?? "", phoneNumberId: decodeURIComponent(m[2] ?? ""), authorization: auth, body });
      const id = `wamid.FAKE${++seq}`;
      return Response.json({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    sends,
    reads,
    failures,
    addMedia: (id: string, data: Uint8Array, mime: string) => media.set(id, { data, mime }),
    /** A phone number GET /{version}/{id} describes, to a caller with this token only (connect verifies it). */
    addPhoneNumber: (id: string, p: { accessToken: string; displayPhoneNumber?: string; verifiedName?: string }) => phones.set(id, p),
    stop: () => server.stop(true),
  };
}
