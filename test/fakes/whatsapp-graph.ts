/**
 * A loopback server of the WhatsApp Cloud API (protocols.md §1): records every
 * POST /{version}/{phone_number_id}/messages (sends; "read + typing" marks apart), serves media
 * (GET /{version}/{media_id} → a URL on this host, bytes only with the bearer) and can inject
 * Graph errors (429, 5xx) into sends. Outside-window refusals (131047) can be switched on per number.
 * Registered phone numbers answer GET /{version}/{phone_number_id} with their own token only.
 */
export type RecordedSend = { version: string; phoneNumberId: string; authorization: string; body: { to: string; type: string; text?: { body: string } } & Record<string, unknown> };
export type InjectedFailure = { status: number; code?: number; retryAfter?: string };
/** A message template as GET /{waba_id}/message_templates lists it (status PENDING/REJECTED are listed too). */
export type FakeTemplate = {
  name: string;
  language: string;
  status: "APPROVED" | "PENDING" | "REJECTED";
  category?: string;
  components: { type: string; format?: string; text?: string }[];
};

/** {{1}}, {{2}}… of a template's BODY text: how many body parameters a send must carry. */
const bodyParamCount = (t: FakeTemplate) => new Set(t.components.find((c) => c.type.toUpperCase() === "BODY")?.text?.match(/\{\{\s*\d+\s*\}\}/g) ?? []).size;

export async function startFakeGraph() {
  const sends: RecordedSend[] = [];
  /** status:"read" marks (with the typing indicator), by inbound message id. */
  const reads: string[] = [];
  /** Consumed one per send, in order. */
  const failures: InjectedFailure[] = [];
  const media = new Map<string, { data: Uint8Array; mime: string }>();
  const phones = new Map<string, { accessToken: string; displayPhoneNumber?: string; verifiedName?: string }>();
  /** Meta apps GET /{version}/{app_id} describes, to a caller with that app's access token. */
  const apps = new Map<string, { secret: string; name: string }>();
  /** Templates per WABA id, and the page size GET message_templates answers with (paging is exercised). */
  const templates = new Map<string, FakeTemplate[]>();
  const templateLists: { wabaId: string; after: string | null; fields: string | null }[] = [];
  let templatePageSize = 2;
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
        // An app read with its app access token ("{app-id}|{app-secret}"): the admin's Graph test.
        const app = apps.get(id);
        if (app) {
          if (auth !== `Bearer ${id}|${app.secret}`) return graphError(400, 190, "Invalid OAuth access token signature.");
          return Response.json({ id, name: app.name, link: `https://www.facebook.com/games/?app_id=${id}` });
        }
        const phone = phones.get(id);
        if (phone) {
          if (auth !== `Bearer ${phone.accessToken}`) return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
          return Response.json({ id, display_phone_number: phone.displayPhoneNumber ?? "+55 11 3000-0000", verified_name: phone.verifiedName ?? "Loja Teste", quality_rating: "GREEN" });
        }
        const m = media.get(id);
        if (!m) return graphError(400, 100, "Unsupported get request");
        return Response.json({ messaging_product: "whatsapp", url: `${url.origin}/media-bytes/${encodeURIComponent(id)}`, mime_type: m.mime, file_size: String(m.data.byteLength), id });
      }
      const list = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/message_templates$/);
      if (req.method === "GET" && list) {
        const wabaId = decodeURIComponent(list[2] ?? "");
        const after = url.searchParams.get("after");
        templateLists.push({ wabaId, after, fields: url.searchParams.get("fields") });
        const all = templates.get(wabaId);
        if (!all) return graphError(400, 100, "Unsupported get request. Object with ID does not exist");
        const start = after ? Number(Buffer.from(after, "base64").toString()) : 0;
        const data = all.slice(start, start + templatePageSize);
        const end = start + data.length;
        const cursor = (n: number) => Buffer.from(String(n)).toString("base64");
        const next = new URL(url);
        next.searchParams.set("after", cursor(end));
        return Response.json({
          data: data.map((t, i) => ({ id: `tpl-${start + i}`, category: "MARKETING", ...t })),
          paging: { cursors: { before: cursor(start), after: cursor(end) }, ...(end < all.length ? { next: next.toString() } : {}) },
        });
      }
      const m = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)\/messages$/);
      if (req.method !== "POST" || !m) return graphError(400, 100, "Unknown path");
      const body = (await req.json()) as RecordedSend["body"] & { status?: string; message_id?: string };
      if (body.status === "read") {
        reads.push(String(body.message_id));
        return Response.json({ success: true });
      }
      if (body.type === "template") {
        // A template send must name a known template and carry one body parameter per {{n}} (132000 otherwise).
        const t = body.template as { name?: string; language?: { code?: string }; components?: { type: string; parameters?: unknown[] }[] } | undefined;
        const known = [...templates.values()].flat().find((x) => x.name === t?.name && x.language === t?.language?.code);
        if (!known) return graphError(404, 132001, "(#132001) Template name does not exist in the translation");
        const given = t?.components?.find((c) => c.type === "body")?.parameters?.length ?? 0;
        if (given !== bodyParamCount(known)) return graphError(400, 132000, "(#132000) Number of parameters does not match the expected number of params");
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
    /** A Meta app GET /{version}/{id} describes to its own app access token (the admin's Graph test). */
    addApp: (id: string, a: { secret: string; name: string }) => apps.set(id, a),
    /** Template sends only (type "template"), in order. */
    templateSends: () => sends.filter((x) => x.body.type === "template"),
    /** Adds a template to a WABA's list (any status: the product must keep APPROVED only). */
    addTemplate: (wabaId: string, t: FakeTemplate) => templates.set(wabaId, [...(templates.get(wabaId) ?? []), t]),
    /** Each GET message_templates: which WABA, which cursor. */
    templateLists,
    setTemplatePageSize: (n: number) => {
      templatePageSize = n;
    },
    stop: () => server.stop(true),
  };
}
