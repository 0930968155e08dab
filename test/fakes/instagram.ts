/**
 * A loopback Graph server for Instagram Messaging (protocols.md §4): POST /{version}/{pageId}/messages
 * (text, attachment, sender_action), GET /{version}/{id}?fields=… for known accounts, and
 * GET /{version}/{page-id}?fields=instagram_business_account for known pages. Records
 * every call, can inject Graph errors (429, throttling codes, 5xx), and signs webhook deliveries the
 * way Meta does (X-Hub-Signature-256).
 */
import { createHmac } from "node:crypto";

export type RecordedCall = { method: string; version: string; path: string; authorization: string; body: Record<string, unknown> | null };
export type InjectedFailure = { status: number; code?: number; subcode?: number; retryAfter?: string };

const graphError = (status: number, message: string, code: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  Response.json({ error: { message, type: "OAuthException", code, fbtrace_id: "AfakeTrace", ...extra } }, { status, headers });

/** `pages`: Facebook Page id → the Instagram business account linked to it (null: none linked). */
export async function startFakeInstagram(opts: { accessToken: string; accounts?: Record<string, string>; pages?: Record<string, string | null> }) {
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  const pages = new Map(Object.entries(opts.pages ?? {}));
  const calls: RecordedCall[] = [];
  /** Consumed one per POST …/messages, in order. */
  const failures: InjectedFailure[] = [];
  let seq = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const m = url.pathname.match(/^\/(v\d+\.\d+)\/([^/]+)(\/messages)?$/);
      if (!m) return graphError(400, "Unknown path components", 2500, {}, {});
      const authorization = req.headers.get("authorization") ?? "";
      const body = req.method === "POST" ? ((await req.json().catch(() => null)) as Record<string, unknown> | null) : null;
      calls.push({ method: req.method, version: m[1] ?? "", path: url.pathname + url.search, authorization, body });
      if (authorization !== `Bearer ${opts.accessToken}`) return graphError(401, "Invalid OAuth access token - Cannot parse access token", 190);
      const id = decodeURIComponent(m[2] ?? "");

      if (req.method === "GET" && !m[3] && pages.has(id)) {
        const linked = pages.get(id);
        const fields = (url.searchParams.get("fields") ?? "id").split(",");
        const account = fields.includes("instagram_business_account") && linked ? { instagram_business_account: { id: linked } } : {};
        return Response.json({ id, ...account });
      }
      if (req.method === "GET" && !m[3]) {
        const username = accounts.get(id);
        if (!username) return graphError(400, `Unsupported get request. Object with ID '${id}' does not exist`, 100, { type: "GraphMethodException", error_subcode: 33 });
        const fields = (url.searchParams.get("fields") ?? "id").split(",");
        return Response.json({ id, ...(fields.includes("username") ? { username } : {}) });
      }
      if (req.method !== "POST" || !m[3]) return graphError(400, "Unsupported method", 100);

      const failure = failures.shift();
      if (failure) {
        const code = failure.code ?? (failure.status === 429 ? 613 : 2);
        const headers: Record<string, string> = failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {};
        return graphError(failure.status, `(#${code}) injected`, code, failure.subcode ? { error_subcode: failure.subcode } : {}, headers);
      }
      const recipient = (body?.recipient as { id?: unknown } | undefined)?.id;
      if (typeof recipient !== "string" || !recipient) return graphError(400, "(#100) The parameter recipient is required", 100);
      if (body?.sender_action) return Response.json({ recipient_id: recipient });
      const message = body?.message as { text?: unknown; attachment?: unknown } | undefined;
      if (!message || (message.text === undefined && message.attachment === undefined)) return graphError(400, "(#100) The parameter message is required", 100);
      if (typeof message.text === "string" && new TextEncoder().encode(message.text).byteLength > 1000) {
        return graphError(400, "(#100) Length of param message[text] must be less than or equal to 1000", 100);
      }
      const mid = `aWdfZAG1faWQ${Buffer.from(`fake-${++seq}`).toString("base64url")}`;
      return Response.json({ recipient_id: recipient, message_id: mid });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    calls,
    failures,
    sends: () => calls.filter((c) => c.method === "POST" && c.path.endsWith("/messages")),
    /** The next send fails with `status` (429 → code 613 unless given), with Retry-After if given. */
    failNext: (status: number, o: { code?: number; subcode?: number; retryAfter?: string } = {}) => failures.push({ status, ...o }),
    addAccount: (id: string, username: string) => accounts.set(id, username),
    /** A Page the token reaches, linked to that Instagram business account (null: none). */
    addPage: (pageId: string, businessId: string | null) => pages.set(pageId, businessId),
    stop: () => server.stop(true),
  };
}

/** A delivery as Meta sends it: the exact body bytes and their X-Hub-Signature-256. */
export function signedDelivery(appSecret: string, payload: unknown): { body: string; signature: string } {
  const body = JSON.stringify(payload);
  return { body, signature: `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}` };
}

export type InstagramMessageOptions = {
  accountId: string;
  /** The customer's Instagram-scoped id. */
  userId: string;
  mid?: string;
  text?: string;
  attachments?: Array<{ type: string; url: string }>;
  echo?: boolean;
  timestamp?: number;
};

/** A messaging webhook body shaped like Meta's documentation (protocols.md §4). */
export function messagingPayload(o: InstagramMessageOptions) {
  const ts = o.timestamp ?? Date.now();
  const message: Record<string, unknown> = { mid: o.mid ?? `aWdf${crypto.randomUUID().replace(/-/g, "")}` };
  if (o.text !== undefined) message.text = o.text;
  if (o.attachments) message.attachments = o.attachments.map((a) => ({ type: a.type, payload: { url: a.url } }));
  if (o.echo) message.is_echo = true;
  const [sender, recipient] = o.echo ? [o.accountId, o.userId] : [o.userId, o.accountId];
  return { object: "instagram", entry: [{ id: o.accountId, time: ts, messaging: [{ sender: { id: sender }, recipient: { id: recipient }, timestamp: ts, message }] }] };
}
