/**
 * The only way the server fetches a user-supplied URL (DESIGN §6, decision 003). Every hop is
 * parsed, its host resolved once and every address vetted; the request then goes to the vetted IP
 * literal (Host header and TLS serverName carry the name), so no second DNS lookup can rebind it.
 * Redirects are followed by hand and re-vetted; size, time and content type are capped.
 */
import { promises as dns } from "node:dns";
import { blockedAddressReason, blockedNameReason, isIpLiteral } from "./net/ip";
import { ALLOW_ALL, parseRobots, type RobotsRules, robotsAllows } from "./net/robots";
import { blocked, httpError, isTlsError, networkError, SafeFetchError, tooLarge } from "./net/safe-fetch-error";
import { isTestAllowed, type ResolvedAddress, type Resolver, testCa, testResolver } from "./net/test-hooks";
import { readWithin } from "./read-capped";
import { TtlCache } from "./ttl-cache";

export { SafeFetchError, type SafeFetchErrorCode } from "./net/safe-fetch-error";

export type { ResolvedAddress, Resolver } from "./net/test-hooks";
export { setSafeFetchTestAllowlist, setSafeFetchTestHooks } from "./net/test-hooks";

export type SafeFetchOptions = {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Default 10 MB; enforced on Content-Length and while streaming. */
  maxBytes?: number;
  /** Total budget for DNS, every hop and the body. Default 15 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Prefixes of the accepted MIME types, e.g. ["text/html", "application/pdf"]. */
  allowedContentTypes?: string[];
  userAgent?: string;
  /** Replaces DNS for this call (tests prove rebinding with it). */
  resolver?: Resolver;
  /** The caller's own cancellation (e.g. an API client's per-call timeout), on top of timeoutMs. */
  signal?: AbortSignal;
  /**
   * Return non-2xx responses (body read, size-capped) instead of throwing HTTP: API clients need
   * the status, headers and error body to tell a bad token from a rate limit.
   */
  acceptHttpErrors?: boolean;
};

export type SafeFetchResponse = {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** MIME type without parameters, lower-case ("" when the server sent none). */
  contentType: string;
  body: Uint8Array;
  /** The body decoded with the charset of the Content-Type (or an HTML meta tag), UTF-8 by default. */
  text(): string;
};

export const DEFAULT_USER_AGENT = "Mozilla/5.0 (compatible; AtendaBot/1.0)";
const MB = 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Addresses tried per hop when a connection fails (e.g. an AAAA record on a host with no IPv6 route). */
const MAX_ADDRESSES_TRIED = 3;

// ---- URL and address vetting ------------------------------------------------------------------
function parseTarget(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SafeFetchError("BAD_URL", { reason: "unparseable" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError("BAD_SCHEME", { reason: url.protocol });
  if (url.username || url.password) {
    throw new SafeFetchError("BAD_URL", { message: "Endereço inválido: o link não pode conter usuário e senha.", reason: "credentials" });
  }
  if (!url.hostname) throw new SafeFetchError("BAD_URL", { reason: "no-host" });
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");
const hostPort = (host: string, port: string) => (host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`);

async function defaultResolver(hostname: string): Promise<ResolvedAddress[]> {
  const all = await dns.lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Rejects when `signal` aborts, so a hanging DNS lookup still honours the time cap. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Resolves the hop's host once and returns its addresses, all of them vetted. */
async function vet(url: URL, resolver: Resolver, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  const port = portOf(url);
  let addresses: ResolvedAddress[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    const name = host.replace(/\.+$/, "");
    const nameReason = blockedNameReason(name);
    if (nameReason && !isTestAllowed(hostPort(name, port))) throw blocked(nameReason);
    try {
      addresses = await untilAborted(resolver(host), signal);
    } catch (e) {
      if (signal.aborted) throw e;
      throw new SafeFetchError("DNS", { reason: e instanceof Error ? e.message : String(e), cause: e });
    }
    if (addresses.length === 0) throw new SafeFetchError("DNS", { reason: "no-address" });
  }
  // ANY bad address refuses the host: we must not depend on which record the connection would pick.
  for (const a of addresses) {
    const ip = a.address.replace(/%.*$/, "").toLowerCase();
    const reason = blockedAddressReason(ip);
    if (reason && !isTestAllowed(hostPort(ip, port))) throw blocked(`${reason} (${ip})`);
  }
  return addresses;
}

// ---- one hop, pinned to a vetted IP -----------------------------------------------------------
type HopInit = { method: string; headers: Headers; body?: string | Uint8Array<ArrayBuffer>; signal: AbortSignal };

async function pinnedFetch(url: URL, addr: ResolvedAddress, init: HopInit): Promise<Response> {
  const target = new URL(url.href);
  target.hostname = addr.family === 6 ? `[${addr.address}]` : addr.address;
  const headers = new Headers(init.headers);
  headers.set("host", url.host);
  const host = bareHost(url);
  const ca = testCa();
  const tls =
    url.protocol === "https:"
      ? { ...(isIpLiteral(host) ? {} : { serverName: host.replace(/\.+$/, "") }), ...(ca ? { ca } : {}) }
      : undefined;
  return fetch(target, { method: init.method, headers, body: init.body, redirect: "manual", signal: init.signal, tls });
}

async function fetchHop(url: URL, addresses: ResolvedAddress[], init: HopInit): Promise<Response> {
  const retryable = init.method === "GET" || init.method === "HEAD";
  const candidates = retryable ? addresses.slice(0, MAX_ADDRESSES_TRIED) : addresses.slice(0, 1);
  let last: unknown;
  for (const addr of candidates) {
    try {
      return await pinnedFetch(url, addr, init);
    } catch (e) {
      if (init.signal.aborted) throw e;
      last = e;
      if (isTlsError(e)) break; // a bad certificate is not fixed by another IP
    }
  }
  throw networkError(last);
}

// ---- body ---------------------------------------------------------------------------------------
async function readCapped(res: Response, maxBytes: number, abort: (e: SafeFetchError) => void): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const body = await readWithin(res.body, maxBytes);
  if (body) return body;
  const err = tooLarge(maxBytes);
  abort(err); // stop the download at once instead of draining it
  throw err;
}

function decode(body: Uint8Array, contentTypeHeader: string, mime: string): string {
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentTypeHeader)?.[1];
  if (!charset && mime === "text/html") {
    const head = new TextDecoder("latin1").decode(body.subarray(0, 1024));
    charset = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

const cancelBody = (res: Response) => res.body?.cancel().catch(() => {});

// ---- the public API -----------------------------------------------------------------------------
export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = opts.maxBytes ?? 10 * MB;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new SafeFetchError("TIMEOUT")), opts.timeoutMs ?? 15_000);
  const onCallerAbort = () => controller.abort(new SafeFetchError("TIMEOUT"));
  if (opts.signal?.aborted) onCallerAbort();
  else opts.signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    return await run(url, opts, maxBytes, controller);
  } catch (e) {
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof SafeFetchError) throw reason;
    throw networkError(e);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
  }
}

async function run(input: string, opts: SafeFetchOptions, maxBytes: number, controller: AbortController): Promise<SafeFetchResponse> {
  const signal = controller.signal;
  const resolver = opts.resolver ?? testResolver() ?? defaultResolver;
  const maxRedirects = opts.maxRedirects ?? 5;
  let url = parseTarget(input);
  let method = (opts.method ?? "GET").toUpperCase();
  let body = opts.body;
  const headers = new Headers(opts.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", opts.userAgent ?? DEFAULT_USER_AGENT);

  for (let hop = 0; ; hop++) {
    const addresses = await vet(url, resolver, signal);
    const res = await fetchHop(url, addresses, { method, headers, body, signal });

    if (REDIRECTS.has(res.status)) {
      const location = res.headers.get("location");
      await cancelBody(res);
      if (!location) throw httpError(res.status);
      if (hop >= maxRedirects) throw new SafeFetchError("TOO_MANY_REDIRECTS", { reason: `${maxRedirects} hops` });
      const next = parseTarget(location, url);
      // 303 always, and 301/302 after a POST (as browsers do), continue as a GET without body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
        if (method !== "HEAD") method = "GET";
        body = undefined;
        headers.delete("content-type");
      }
      if (next.origin !== url.origin) for (const h of ["authorization", "cookie", "proxy-authorization"]) headers.delete(h);
      url = next;
      continue;
    }

    if ((res.status < 200 || res.status > 299) && !opts.acceptHttpErrors) {
      await cancelBody(res);
      throw httpError(res.status);
    }
    const contentTypeHeader = res.headers.get("content-type") ?? "";
    const mime = (contentTypeHeader.split(";")[0] ?? "").trim().toLowerCase();
    if (opts.allowedContentTypes && !opts.allowedContentTypes.some((p) => mime !== "" && mime.startsWith(p.toLowerCase()))) {
      await cancelBody(res);
      throw new SafeFetchError("BAD_CONTENT_TYPE", {
        message: mime ? `Tipo de conteúdo não suportado: ${mime}.` : "Tipo de conteúdo não suportado.",
        reason: mime || "none",
      });
    }
    const declared = Number(res.headers.get("content-length") ?? Number.NaN);
    if (method !== "HEAD" && Number.isFinite(declared) && declared > maxBytes) {
      const err = tooLarge(maxBytes);
      controller.abort(err);
      throw err;
    }
    const bytes = await readCapped(res, maxBytes, (e) => controller.abort(e));
    return {
      url: url.href,
      status: res.status,
      headers: res.headers,
      contentType: mime,
      body: bytes,
      text: () => decode(bytes, contentTypeHeader, mime),
    };
  }
}

// ---- robots.txt ---------------------------------------------------------------------------------
const robotsCache = new TtlCache<RobotsRules>(10 * 60_000, 1_000);

async function loadRobots(origin: string, userAgent: string): Promise<RobotsRules> {
  try {
    const res = await safeFetch(`${origin}/robots.txt`, { maxBytes: 512 * 1024, timeoutMs: 10_000, userAgent });
    return parseRobots(res.text());
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    // The URL itself is refused: the caller must say so, not report "blocked by robots".
    if (e.code === "BAD_URL" || e.code === "BAD_SCHEME" || e.code === "BLOCKED_ADDRESS") throw e;
    // RFC 9309: an unavailable robots.txt (4xx) allows everything. An unreachable one (5xx, 429,
    // network) allows nothing now: its error is raised (and not cached), so the crawler reports what
    // really happened and retries later, instead of a lasting "robots.txt forbids".
    if (e.code === "HTTP" && e.status && e.status >= 400 && e.status < 500 && e.status !== 429) return ALLOW_ALL;
    throw e;
  }
}

/** Whether the crawler may fetch `url`: the origin's robots.txt, fetched through safeFetch and cached 10 minutes. */
export async function isAllowedByRobots(url: string, userAgent = "AtendaBot"): Promise<boolean> {
  const u = parseTarget(url);
  const rules = await robotsCache.get(u.origin, () => loadRobots(u.origin, userAgent));
  return robotsAllows(rules, userAgent, u.pathname + u.search);
}

/** Tests: forget cached robots.txt files. */
export function clearRobotsCache(): void {
  robotsCache.clear();
}
