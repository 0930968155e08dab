/**
 * UAZAPI (uazapiGO v2) client (protocols.md §2): plain inputs and outputs. The server URL is per
 * tenant; auth is a bare `token` header (instance) or `admintoken` header (admin), never Bearer.
 */
import { retryAfterMs } from "../retry-after";
import { bareMessageId, phoneOfJid } from "./jid";

/** Lets the caller route requests through a vetted fetch: the server URL is typed in by a tenant. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
export type UazapiTarget = { serverUrl: string; token: string; fetch?: FetchLike };
export type UazapiAdmin = { serverUrl: string; adminToken: string; fetch?: FetchLike };
export type InstanceState = "disconnected" | "connecting" | "connected";

export class UazapiApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when the server could not be reached. */
    readonly status: number | null,
    readonly retryable: boolean,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null = null,
    /** What the fetch threw (e.g. a vetted fetch refusing a private address). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "UazapiApiError";
  }
}

type Json = Record<string, unknown>;
type Base = { serverUrl: string; fetch?: FetchLike };
type Auth = { header: "token" | "admintoken"; value: string };

const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const tokenAuth = (t: UazapiTarget): Auth => ({ header: "token", value: t.token });

function failure(status: number, body: Json, retryAfter: string | null): UazapiApiError {
  const detail = str(body.error) ?? str(body.message);
  const suffix = detail ? `: ${detail}` : "";
  const message = status === 401 || status === 403 ? `UAZAPI recusou o token (${status})${suffix}` : `UAZAPI respondeu ${status}${suffix}`;
  return new UazapiApiError(message, status, status === 429 || status >= 500, retryAfterMs(retryAfter));
}

/** One JSON call; answers are objects except GET /webhook (an array), hence `unknown`. */
async function call(base: Base, auth: Auth, method: "GET" | "POST" | "DELETE", path: string, body?: Json, timeoutMs = 15_000): Promise<unknown> {
  const url = `${base.serverUrl.replace(/\/+$/, "")}${path}`;
  let res: Response;
  try {
    res = await (base.fetch ?? fetch)(url, {
      method,
      headers: { accept: "application/json", [auth.header]: auth.value, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    // A fetch that says its refusal is final (a vetted fetch refusing a private address) is not retried.
    const retryable = (err as { retryable?: unknown } | null)?.retryable !== false;
    throw new UazapiApiError(`UAZAPI inacessível: ${err instanceof Error ? err.message : String(err)}`, null, retryable, null, err);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // an HTML error page from a proxy in front of the server
  }
  if (!res.ok) throw failure(res.status, obj(parsed), res.headers.get("retry-after"));
  return parsed;
}

/** Digits only, as UAZAPI wants them; a @lid or group id is refused rather than sent to a wrong chat. */
export function toUazapiNumber(input: string): string {
  const phone = phoneOfJid(input);
  if (!phone) throw new UazapiApiError(`Número de WhatsApp inválido: ${input}`, null, false);
  return phone;
}

function stateOf(instanceStatus: unknown, connected: boolean, loggedIn: boolean): InstanceState {
  if (instanceStatus === "connected" || instanceStatus === "connecting" || instanceStatus === "disconnected") return instanceStatus;
  return connected && loggedIn ? "connected" : "disconnected";
}

/** Some builds send the QR as bare base64; the UI wants something an <img src> takes. */
function qrDataUrl(v: unknown): string | null {
  const qr = str(v);
  if (!qr) return null;
  return qr.startsWith("data:") ? qr : `data:image/png;base64,${qr}`;
}

/** POST /instance/init (admin): a new instance and its token. */
export async function createInstance(admin: UazapiAdmin, name: string): Promise<{ name: string; token: string }> {
  const body = obj(await call(admin, { header: "admintoken", value: admin.adminToken }, "POST", "/instance/init", { name, systemName: "atenda" }));
  const token = str(body.token) ?? str(obj(body.instance).token);
  if (!token) throw new UazapiApiError("Resposta do UAZAPI sem token da instância", 200, false);
  return { name: str(body.name) ?? str(obj(body.instance).name) ?? name, token };
}

/** GET /instance/all (admin): how many instances the server holds, and how many are connected (the admin's "test connection"). */
export async function listInstances(admin: UazapiAdmin): Promise<{ total: number; connected: number }> {
  const body = await call(admin, { header: "admintoken", value: admin.adminToken }, "GET", "/instance/all");
  const list = Array.isArray(body) ? body.map(obj) : [];
  return { total: list.length, connected: list.filter((i) => i.status === "connected").length };
}

export type ConnectResult = { status: InstanceState; qrcode: string | null; paircode: string | null; connected: boolean; loggedIn: boolean };

/** POST /instance/connect: without a phone a QR code (2 min), with one a pairing code (5 min). */
export async function connectInstance(target: UazapiTarget, phone?: string | null): Promise<ConnectResult> {
  const body = obj(await call(target, tokenAuth(target), "POST", "/instance/connect", phone ? { phone: toUazapiNumber(phone) } : {}));
  const instance = obj(body.instance);
  const connected = body.connected === true;
  const loggedIn = body.loggedIn === true;
  return { status: stateOf(instance.status, connected, loggedIn), qrcode: qrDataUrl(instance.qrcode), paircode: str(instance.paircode), connected, loggedIn };
}

export type InstanceStatus = {
  status: InstanceState;
  connected: boolean;
  loggedIn: boolean;
  phoneNumber: string | null;
  qrcode: string | null;
  profileName: string | null;
};

/** GET /instance/status: polled while the QR is on screen, and by "testar conexão". */
export async function instanceStatus(target: UazapiTarget): Promise<InstanceStatus> {
  const body = obj(await call(target, tokenAuth(target), "GET", "/instance/status"));
  const instance = obj(body.instance);
  const status = obj(body.status);
  const connected = status.connected === true;
  const loggedIn = status.loggedIn === true;
  // jid is an object {user, server} in v2; older builds sent the string form.
  const phoneNumber = phoneOfJid(typeof status.jid === "string" ? status.jid : obj(status.jid).user) ?? phoneOfJid(instance.owner);
  return {
    status: stateOf(instance.status, connected, loggedIn),
    connected,
    loggedIn,
    phoneNumber,
    qrcode: qrDataUrl(instance.qrcode),
    profileName: str(instance.profileName),
  };
}

/** POST /instance/disconnect: logs the phone out; the instance (and its token) stays for a new QR. */
export async function disconnectInstance(target: UazapiTarget): Promise<void> {
  await call(target, tokenAuth(target), "POST", "/instance/disconnect", {});
}

/** DELETE /instance: the instance and its token are gone for good. */
export async function deleteInstance(target: UazapiTarget): Promise<void> {
  await call(target, tokenAuth(target), "DELETE", "/instance");
}

/** Events the pipeline consumes: new messages, delivery/read receipts, connection changes. */
export const WEBHOOK_EVENTS = ["messages", "messages_update", "connection"] as const;

/**
 * POST /webhook (simple mode: replaces the instance's one webhook). Messages the product sent
 * through the API are excluded so its own replies never come back as input (bot loops); messages
 * typed on the phone still arrive, with fromMe, and pause the AI.
 */
export async function setWebhook(target: UazapiTarget, url: string): Promise<void> {
  await call(target, tokenAuth(target), "POST", "/webhook", {
    enabled: true,
    url,
    events: [...WEBHOOK_EVENTS],
    excludeMessages: ["wasSentByApi"],
    addUrlEvents: false,
    addUrlTypesMessages: false,
  });
}

function sentId(body: unknown): string {
  const b = obj(body);
  const id = bareMessageId(b.messageid, b.id);
  if (!id) throw new UazapiApiError("Resposta do UAZAPI sem id de mensagem", 200, false);
  return id;
}

/**
 * POST /send/text → the sent message's WhatsApp id (the one receipts carry). `delay` makes UAZAPI
 * show "digitando…" that long before sending, and the call only returns after it.
 */
export async function sendText(
  target: UazapiTarget,
  number: string,
  text: string,
  opts: { delay?: number; replyId?: string | null; track?: UazapiTrack } = {},
): Promise<string> {
  const delay = Math.max(0, Math.round(opts.delay ?? 0));
  const payload: Json = { number: toUazapiNumber(number), text, linkPreview: false, ...trackFields(opts.track) };
  if (delay) payload.delay = delay;
  if (opts.replyId) payload.replyid = opts.replyId;
  return sentId(await call(target, tokenAuth(target), "POST", "/send/text", payload, 15_000 + delay));
}

/**
 * track_source/track_id travel with a send and are stored on the message (duplicates allowed):
 * POST /message/find filters by them, so a send interrupted by a crash can be looked up.
 */
export type UazapiTrack = { source: string; id: string };
const trackFields = (t: UazapiTrack | undefined): Json => (t ? { track_source: t.source, track_id: t.id } : {});

/** POST /message/find by tracking id → the WhatsApp ids of the messages sent with it (none: never sent). */
export async function findTrackedMessages(target: UazapiTarget, track: UazapiTrack): Promise<string[]> {
  const body = obj(await call(target, tokenAuth(target), "POST", "/message/find", { track_source: track.source, track_id: track.id, limit: 10 }));
  const list = Array.isArray(body.messages) ? body.messages : [];
  return list.flatMap((m) => {
    const id = bareMessageId(obj(m).messageid, obj(m).id);
    return id ? [id] : [];
  });
}

export type UazapiMediaType = "image" | "video" | "document" | "audio" | "myaudio" | "ptt" | "sticker";

/** POST /send/media: `file` is a URL UAZAPI downloads (or base64); the caption travels as `text`. */
export async function sendMedia(
  target: UazapiTarget,
  number: string,
  media: { type: UazapiMediaType; file: string; caption?: string | null; docName?: string | null },
  opts: { track?: UazapiTrack } = {},
): Promise<string> {
  const payload: Json = { number: toUazapiNumber(number), type: media.type, file: media.file, ...trackFields(opts.track) };
  if (media.caption) payload.text = media.caption;
  if (media.docName) payload.docName = media.docName;
  // UAZAPI fetches the file before answering: allow more than a text send.
  return sentId(await call(target, tokenAuth(target), "POST", "/send/media", payload, 60_000));
}

/** POST /message/presence: "digitando…"/"gravando áudio…" for `delayMs` (UAZAPI caps it at 5 min). */
export async function sendPresence(target: UazapiTarget, number: string, presence: "composing" | "recording" | "paused", delayMs?: number): Promise<void> {
  const payload: Json = { number: toUazapiNumber(number), presence };
  if (delayMs !== undefined) payload.delay = Math.max(0, Math.round(delayMs));
  await call(target, tokenAuth(target), "POST", "/message/presence", payload);
}

export type DownloadedMedia = { fileURL: string | null; mimetype: string | null; base64Data?: string };

/**
 * POST /message/download for a received message: UAZAPI decrypts it and answers with a link on
 * its own server (and/or base64). Voice notes come converted to mp3, which every speech-to-text
 * server accepts (opus in ogg is not universal).
 */
export async function downloadMedia(target: UazapiTarget, messageId: string, opts: { base64?: boolean; mp3?: boolean } = {}): Promise<DownloadedMedia> {
  const body = obj(
    await call(
      target,
      tokenAuth(target),
      "POST",
      "/message/download",
      { id: messageId, return_base64: opts.base64 === true, return_link: true, generate_mp3: opts.mp3 ?? true, transcribe: false },
      60_000,
    ),
  );
  const fileURL = str(body.fileURL);
  const base64Data = str(body.base64Data);
  if (!fileURL && !base64Data) throw new UazapiApiError("UAZAPI não devolveu a mídia", 200, false);
  return { fileURL, mimetype: str(body.mimetype), ...(base64Data ? { base64Data } : {}) };
}

/** The bytes of a received message's media: base64 in the answer, so no second request to another host. */
export async function fetchMediaBytes(target: UazapiTarget, messageId: string, maxBytes = 16 * 1024 * 1024): Promise<{ data: Uint8Array; mime: string }> {
  const media = await downloadMedia(target, messageId, { base64: true });
  const mime = (media.mimetype ?? "application/octet-stream").split(";")[0]?.trim() || "application/octet-stream";
  if (media.base64Data) {
    const b64 = media.base64Data.replace(/^data:[^,]*,/, "");
    if (Math.floor((b64.length * 3) / 4) > maxBytes + 3) throw new UazapiApiError("Mídia grande demais", 200, false);
    const data = new Uint8Array(Buffer.from(b64, "base64"));
    if (data.byteLength > maxBytes) throw new UazapiApiError("Mídia grande demais", 200, false);
    return { data, mime };
  }
  // Only a link: it points at the tenant's own UAZAPI server, fetched the same way as the API.
  let res: Response;
  try {
    res = await (target.fetch ?? fetch)(media.fileURL ?? "", { method: "GET", signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new UazapiApiError(`Download da mídia falhou: ${err instanceof Error ? err.message : String(err)}`, null, true);
  }
  if (!res.ok) throw new UazapiApiError(`Download da mídia respondeu ${res.status}`, res.status, res.status === 429 || res.status >= 500);
  if (Number(res.headers.get("content-length") ?? 0) > maxBytes) throw new UazapiApiError("Mídia grande demais", 200, false);
  const data = new Uint8Array(await res.arrayBuffer());
  if (data.byteLength > maxBytes) throw new UazapiApiError("Mídia grande demais", 200, false);
  return { data, mime };
}

export type NumberCheck = { query: string; isInWhatsapp: boolean; jid: string | null; verifiedName: string | null };

/**
 * POST /chat/check {numbers} → one entry per number (query, jid, isInWhatsapp, verifiedName).
 * Numbers go as digits; a 429 is retryable with its Retry-After, like every call here.
 */
export async function checkNumbers(target: UazapiTarget, numbers: string[]): Promise<NumberCheck[]> {
  const body = await call(target, tokenAuth(target), "POST", "/chat/check", { numbers: numbers.map(toUazapiNumber) }, 30_000);
  if (!Array.isArray(body)) throw new UazapiApiError("Resposta do UAZAPI sem o resultado da verificação", 200, true);
  return body.map((item) => {
    const o = obj(item);
    return { query: str(o.query) ?? "", isInWhatsapp: o.isInWhatsapp === true, jid: str(o.jid), verifiedName: str(o.verifiedName) };
  });
}
