/**
 * A loopback UAZAPI (uazapiGO v2, protocols.md §2) server: admin instance creation, QR/pair-code
 * connect with a test hook that "scans" it, status, disconnect, delete, webhook config, sends,
 * presence and media download. Records every call with its headers and can inject failures
 * (429 with Retry-After, 5xx) into sends. Also builds webhook bodies shaped like real captures.
 */
export type RecordedCall = { method: string; path: string; headers: Record<string, string>; body: Record<string, unknown> | null };
export type InjectedFailure = { status: number; retryAfter?: string };
export type FakeInstance = {
  id: string;
  name: string;
  token: string;
  status: "disconnected" | "connecting" | "connected";
  phone: string | null;
  profileName: string | null;
  qrcode: string;
  paircode: string;
  webhook: Record<string, unknown> | null;
};

/** A real (1×1) PNG, so a test can check the QR is an image the browser would show. */
const QR_PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const OWNER = "5511900000001";

const hexId = () => crypto.randomUUID().replace(/-/g, "").toUpperCase();

export async function startFakeUazapi(opts: { adminToken: string }) {
  const instances = new Map<string, FakeInstance>();
  const calls: RecordedCall[] = [];
  /** Consumed one per /send/text or /send/media, in order. */
  const failures: InjectedFailure[] = [];
  /** answerDelayMs: a text send is recorded at once but answered this much later (crash tests). */
  const control = { answerDelayMs: 0 };
  const media = new Map<string, { mimetype: string; data: Uint8Array<ArrayBuffer> }>();
  /** /chat/check: digits that "have WhatsApp", the most numbers one call takes, failures consumed one per call. */
  const whatsappNumbers = new Set<string>();
  const check = { maxBatch: 50, failures: [] as InjectedFailure[] };
  let url = "";

  const fail = (status: number, error: string, headers: Record<string, string> = {}) => Response.json({ error }, { status, headers });
  const view = (i: FakeInstance) => ({
    id: i.id,
    name: i.name,
    token: i.token,
    status: i.status,
    qrcode: i.status === "connecting" ? i.qrcode : "",
    paircode: i.status === "connecting" ? i.paircode : "",
    profileName: i.profileName ?? "",
    owner: i.phone ?? "",
    systemName: "atenda",
  });
  const jid = (i: FakeInstance) => (i.phone ? { user: i.phone, agent: 0, device: 0, server: "s.whatsapp.net" } : null);
  /** Every message sent, with its tracking fields (POST /message/find filters by them). */
  const outbox: { messageid: string; number: string; text: string; track_source: string | null; track_id: string | null }[] = [];
  const sent = (i: FakeInstance, number: string, messageType: string, text: string, body: Record<string, unknown> = {}) => {
    const messageid = hexId();
    const track = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : null);
    outbox.push({ messageid, number, text, track_source: track("track_source"), track_id: track("track_id") });
    return Response.json({
      id: `${i.phone ?? OWNER}:${messageid}`,
      messageid,
      chatid: `${number}@s.whatsapp.net`,
      fromMe: true,
      isGroup: false,
      messageType,
      messageTimestamp: Date.now(),
      status: "Pending",
      text,
      wasSentByApi: true,
      response: { status: "success", message: "Message sent successfully" },
    });
  };

  async function route(req: Request, path: string, body: Record<string, unknown>): Promise<Response> {
    if (path === "/instance/init" && req.method === "POST") {
      if (req.headers.get("admintoken") !== opts.adminToken) return fail(403, "Invalid AdminToken Header");
      if (typeof body.name !== "string" || !body.name) return fail(400, "Missing name");
      const i: FakeInstance = {
        id: `r${hexId().slice(0, 14).toLowerCase()}`,
        name: body.name,
        token: crypto.randomUUID(),
        status: "disconnected",
        phone: null,
        profileName: null,
        qrcode: QR_PNG,
        paircode: "",
        webhook: null,
      };
      instances.set(i.token, i);
      return Response.json({ response: "Instance created successfully", instance: view(i), connected: false, loggedIn: false, name: i.name, token: i.token, info: "fake" });
    }
    if (path === "/instance/all" && req.method === "GET") {
      if (req.headers.get("admintoken") !== opts.adminToken) return fail(403, "Invalid AdminToken Header");
      return Response.json([...instances.values()].map((x) => ({ id: x.id, name: x.name, token: x.token, status: x.status, profileName: x.profileName ?? "", owner: x.phone ?? "" })));
    }
    const i = instances.get(req.headers.get("token") ?? "");
    if (!i) return fail(401, "Invalid token");
    const number = typeof body.number === "string" ? body.number : "";
    switch (`${req.method} ${path}`) {
      case "POST /instance/connect": {
        if (i.status !== "connected") {
          i.status = "connecting";
          i.paircode = typeof body.phone === "string" && body.phone ? "ABCD-EFGH" : "";
        }
        const on = i.status === "connected";
        return Response.json({ connected: on, loggedIn: on, jid: jid(i), instance: view(i), response: "Connecting" });
      }
      case "GET /instance/status": {
        const on = i.status === "connected";
        return Response.json({ instance: view(i), status: { connected: on, loggedIn: on, jid: jid(i) } });
      }
      case "POST /instance/disconnect":
        Object.assign(i, { status: "disconnected", phone: null, profileName: null });
        return Response.json({ response: "Disconnected", instance: view(i) });
      case "DELETE /instance":
        instances.delete(i.token);
        return Response.json({ response: "Instance Deleted", instance: view(i) });
      case "POST /webhook":
        i.webhook = { id: "wh1", ...body };
        return Response.json([i.webhook]);
      case "GET /webhook":
        return Response.json(i.webhook ? [i.webhook] : []);
      case "POST /send/text":
      case "POST /send/media": {
        const failure = failures.shift();
        if (failure) {
          const headers: Record<string, string> = failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {};
          return fail(failure.status, failure.status === 429 ? "Rate limit exceeded" : "Internal server error", headers);
        }
        if (!/^\d{8,15}$/.test(number)) return fail(400, "Invalid number");
        // The message is out before the answer: a crash while waiting leaves a send we cannot see answered.
        if (control.answerDelayMs > 0 && path === "/send/text" && typeof body.text === "string" && body.text) {
          const res = sent(i, number, "ExtendedTextMessage", body.text, body);
          await Bun.sleep(control.answerDelayMs);
          return res;
        }
        if (path === "/send/text") return typeof body.text === "string" && body.text ? sent(i, number, "ExtendedTextMessage", body.text, body) : fail(400, "Missing number or text");
        if (typeof body.type !== "string" || typeof body.file !== "string") return fail(400, "Missing type or file");
        return sent(i, number, `${body.type[0]?.toUpperCase()}${body.type.slice(1)}Message`, typeof body.text === "string" ? body.text : "", body);
      }
      case "POST /chat/check": {
        const failure = check.failures.shift();
        if (failure) {
          const headers: Record<string, string> = failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {};
          return fail(failure.status, failure.status === 429 ? "Rate limit exceeded" : "Internal server error", headers);
        }
        if (i.status !== "connected") return fail(500, "WhatsApp client is not connected");
        const numbers = Array.isArray(body.numbers) ? body.numbers.map(String) : [];
        if (!numbers.length) return fail(400, "Missing numbers in payload");
        if (numbers.length > check.maxBatch) return fail(400, `Too many numbers (max ${check.maxBatch})`);
        return Response.json(
          numbers.map((query) => {
            const digits = query.replace(/\D/g, "");
            const on = whatsappNumbers.has(digits);
            return { query, jid: on ? `${digits}@s.whatsapp.net` : "", lid: "", isInWhatsapp: on, verifiedName: "" };
          }),
        );
      }
      case "POST /message/find": {
        const found = outbox.filter(
          (m) => (body.track_id === undefined || m.track_id === body.track_id) && (body.track_source === undefined || m.track_source === body.track_source),
        );
        return Response.json({ messages: found.map((m) => ({ messageid: m.messageid, chatid: `${m.number}@s.whatsapp.net`, fromMe: true, text: m.text, track_source: m.track_source, track_id: m.track_id })), hasMore: false });
      }
      case "POST /message/presence":
        if (!/^\d{8,15}$/.test(number)) return fail(400, "Invalid number");
        return Response.json({ response: "Chat presence sent successfully" });
      case "POST /message/download": {
        const m = media.get(String(body.id ?? ""));
        if (!m) return fail(404, "message not found");
        const id = String(body.id);
        return Response.json({
          fileURL: body.return_link === false ? "" : `${url}/files/${encodeURIComponent(id)}`,
          mimetype: m.mimetype,
          ...(body.return_base64 === true ? { base64Data: Buffer.from(m.data).toString("base64") } : {}),
        });
      }
      default:
        return fail(404, "Not found");
    }
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      // Downloaded files are served without a token, like UAZAPI's public /files links.
      const file = path.match(/^\/files\/(.+)$/);
      if (file && req.method === "GET") {
        const m = media.get(decodeURIComponent(file[1] ?? ""));
        return m ? new Response(m.data, { headers: { "content-type": m.mimetype } }) : new Response("not found", { status: 404 });
      }
      const text = req.method === "GET" ? "" : await req.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        return Response.json({ error: "Invalid JSON" }, { status: 400 });
      }
      calls.push({ method: req.method, path, headers: Object.fromEntries(req.headers), body });
      return route(req, path, body ?? {});
    },
  });
  url = `http://127.0.0.1:${server.port}`;

  return {
    url,
    calls,
    failures,
    instances,
    outbox,
    control,
    /** The next send answers `status` (429 → "Rate limit exceeded"), with Retry-After if given. */
    failNext: (status: number, o: { retryAfter?: string } = {}) => failures.push({ status, ...o }),
    /** /chat/check: these numbers (digits) answer isInWhatsapp; the others do not. */
    whatsappNumbers,
    /** /chat/check's batch limit and failure queue (e.g. `check.failures.push({ status: 429, retryAfter: "1" })`). */
    check,
    /** What scanning the QR on a phone does: the instance is connected as `phone`. */
    pair(instanceToken: string, phone: string, profileName = "Loja Teste") {
      const i = instances.get(instanceToken);
      if (!i) throw new Error(`fake uazapi: no instance ${instanceToken}`);
      Object.assign(i, { status: "connected", phone, profileName });
    },
    /** Media a received message carries, for /message/download. */
    addMedia: (messageId: string, mimetype: string, data: Uint8Array) => media.set(messageId, { mimetype, data: new Uint8Array(data) }),
    /** POSTs a webhook body to the URL the instance configured (as UAZAPI would). */
    async deliver(instanceToken: string, payload: unknown): Promise<Response> {
      const target = instances.get(instanceToken)?.webhook?.url;
      if (typeof target !== "string") throw new Error("fake uazapi: instance has no webhook");
      return fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
    },
    stop: () => server.stop(true),
  };
}

export type WebhookMessageOptions = {
  token: string;
  instanceName?: string;
  /** The business's phone (owner). */
  owner?: string;
  /** The customer's phone, digits. */
  phone: string;
  name?: string;
  text?: string;
  messageId?: string;
  fromMe?: boolean;
  wasSentByApi?: boolean;
  isGroup?: boolean;
  /** Send the customer as an opaque @lid sender, as newer WhatsApp versions do. */
  lid?: boolean;
  media?: { mediaType: "image" | "ptt" | "audio" | "video" | "document" | "user_created_sticker"; mimetype: string; fileName?: string };
  timestamp?: number;
};

const MESSAGE_TYPE: Record<string, string> = {
  image: "ImageMessage",
  ptt: "AudioMessage",
  audio: "AudioMessage",
  video: "VideoMessage",
  document: "DocumentMessage",
  user_created_sticker: "StickerMessage",
};

/** An EventType "messages" body shaped like the captures in protocols.md §2. */
export function webhookPayload(o: WebhookMessageOptions) {
  const owner = o.owner ?? OWNER;
  const messageid = o.messageId ?? hexId();
  const lid = "123456789012345@lid";
  const customerJid = `${o.phone}@s.whatsapp.net`;
  const chatid = o.isGroup ? "120363040000000000@g.us" : customerJid;
  const fromMe = o.fromMe ?? false;
  const text = o.text ?? "";
  const ts = o.timestamp ?? Date.now();
  // Media content carries the encrypted CDN link and keys; only /message/download yields the bytes.
  const content = o.media
    ? {
        URL: "https://mmg.whatsapp.net/v/t62/enc",
        mimetype: o.media.mimetype,
        fileLength: 7107,
        mediaKey: "a2V5",
        directPath: "/v/t62/enc",
        ...(o.media.fileName ? { fileName: o.media.fileName } : {}),
        ...(o.media.mediaType === "ptt" ? { PTT: true, seconds: 3 } : {}),
      }
    : { text, previewType: 0 };
  return {
    BaseUrl: "https://fake.uazapi.com",
    EventType: "messages",
    instanceName: o.instanceName ?? "atenda-teste",
    owner,
    token: o.token,
    chatSource: "updated",
    chat: {
      id: "re7c9bb3d4d4378",
      name: fromMe ? "" : (o.name ?? ""),
      phone: `+${o.phone}`,
      wa_chatid: chatid,
      wa_chatlid: lid,
      wa_isGroup: o.isGroup ?? false,
      wa_name: o.name ?? "",
      wa_unreadCount: 1,
    },
    message: {
      id: `${owner}:${messageid}`,
      messageid,
      chatid,
      // On fromMe the sender is the business; sender_pn then is the owner's phone, not the customer's.
      sender: fromMe ? `${owner}@s.whatsapp.net` : o.lid ? lid : customerJid,
      sender_pn: fromMe ? `${owner}@s.whatsapp.net` : customerJid,
      sender_lid: lid,
      senderName: fromMe ? "Loja Teste" : (o.name ?? ""),
      fromMe,
      isGroup: o.isGroup ?? false,
      wasSentByApi: o.wasSentByApi ?? false,
      messageType: o.media ? (MESSAGE_TYPE[o.media.mediaType] ?? "DocumentMessage") : "ExtendedTextMessage",
      type: o.media ? "media" : "text",
      mediaType: o.media?.mediaType ?? "",
      text,
      content,
      edited: "",
      reaction: "",
      quoted: "",
      messageTimestamp: ts,
      source: "android",
    },
  };
}

/** An EventType "messages_update" receipt as seen in the field: ids in event.MessageIDs, seconds as a string. */
export function statusPayload(o: { token: string; messageIds: string[]; state: "Delivered" | "Read" | "Played" | "Sent"; chatPhone?: string; timestampSec?: number }) {
  return {
    BaseUrl: "https://fake.uazapi.com",
    EventType: "messages_update",
    instanceName: "atenda-teste",
    owner: OWNER,
    token: o.token,
    type: "ReadReceipt",
    state: o.state,
    event: {
      MessageIDs: o.messageIds,
      Chat: `${o.chatPhone ?? "5511988887777"}@s.whatsapp.net`,
      IsFromMe: "False",
      IsGroup: "False",
      Timestamp: String(o.timestampSec ?? Math.floor(Date.now() / 1000)),
      Type: o.state,
    },
  };
}

/** An EventType "connection" body. */
export function connectionPayload(o: { token: string; status: "connected" | "connecting" | "disconnected"; instanceName?: string }) {
  const instanceName = o.instanceName ?? "atenda-teste";
  return { BaseUrl: "https://fake.uazapi.com", EventType: "connection", instance: { name: instanceName, status: o.status }, instanceName, owner: OWNER, token: o.token };
}
