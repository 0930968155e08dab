/**
 * A tiny browser stand-in: a cookie jar over fetch that sends x-csrf-token from the atenda_csrf
 * cookie on writes (like the SPA does), plus a raw tRPC caller (superjson) that keeps HTTP status.
 */
import superjson from "superjson";
import { type SettledClient, createSettledClient } from "./trpc-proxy";

export type Cookie = { value: string; expires: Date | null; raw: string };

export type ApiResponse<T = unknown> = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted structurally
  body: any;
  headers: Headers;
  setCookies: string[];
  data: T;
};

export type TrpcResult<T = unknown> = {
  status: number;
  ok: boolean;
  data: T;
  error: { message: string; code: string; httpStatus: number; appCode?: string } | null;
};

export type RequestOptions = {
  /** JSON-encoded unless `raw` is given. */
  body?: unknown;
  /** Sent as-is (for malformed JSON tests). */
  raw?: string;
  /** false: do not send x-csrf-token; a string: send that value instead of the cookie's. */
  csrf?: boolean | string;
  headers?: Record<string, string>;
};

let ipCounter = 0;
/** A distinct client IP per Client (the test server trusts X-Forwarded-For). */
const nextIp = () => {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export class Client {
  readonly jar = new Map<string, Cookie>();
  readonly ip: string;

  constructor(
    readonly base: string,
    opts: { ip?: string } = {},
  ) {
    this.ip = opts.ip ?? nextIp();
  }

  cookie(name: string): Cookie | undefined {
    return this.jar.get(name);
  }

  private store(setCookies: string[]) {
    for (const raw of setCookies) {
      const [pair = "", ...attrs] = raw.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      let expires: Date | null = null;
      let dead = value === "";
      for (const a of attrs) {
        const [k = "", v = ""] = a.split("=");
        if (k.toLowerCase() === "max-age") {
          if (Number(v) <= 0) dead = true;
          else expires = new Date(Date.now() + Number(v) * 1000);
        } else if (k.toLowerCase() === "expires" && !expires) {
          expires = new Date(a.slice(a.indexOf("=") + 1));
          if (expires.getTime() <= Date.now()) dead = true;
        }
      }
      if (dead) this.jar.delete(name);
      else this.jar.set(name, { value, expires, raw });
    }
  }

  private cookieHeader() {
    return [...this.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { "x-forwarded-for": this.ip, ...opts.headers };
    const cookies = this.cookieHeader();
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    if (method !== "GET" && method !== "HEAD" && opts.csrf !== false) {
      const token = typeof opts.csrf === "string" ? opts.csrf : this.jar.get("atenda_csrf")?.value;
      if (token) headers["x-csrf-token"] = token;
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body, redirect: "manual" });
    const setCookies = res.headers.getSetCookie();
    this.store(setCookies);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // non-JSON answers stay as text so a test can show what came back
    }
    const data = (parsed as { data?: T } | null)?.data as T;
    return { status: res.status, body: parsed, headers: res.headers, setCookies, data };
  }

  get<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>("GET", path, opts);
  }

  post<T = unknown>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.request<T>("POST", path, { body, ...opts });
  }

  /**
   * fetch through this browser: its cookies, its IP, and x-csrf-token on writes (what the SPA's
   * fetch does). The typed tRPC client below runs on it.
   */
  readonly fetchWithJar: typeof fetch = Object.assign(
    async (input: string | URL | Request, init: RequestInit = {}) => {
      const method = (init.method ?? "GET").toUpperCase();
      const headers = new Headers(init.headers);
      headers.set("x-forwarded-for", this.ip);
      const cookies = this.cookieHeader();
      if (cookies) headers.set("cookie", cookies);
      const csrf = this.jar.get("atenda_csrf")?.value;
      if (method !== "GET" && method !== "HEAD" && csrf) headers.set("x-csrf-token", csrf);
      const res = await fetch(input, { ...init, headers, redirect: "manual" });
      this.store(res.headers.getSetCookie());
      return res;
    },
    { preconnect: fetch.preconnect },
  );

  private settled: SettledClient | null = null;
  /** The typed tRPC client: `await client.trpc.agents.create.mutate(input)` settles to a TrpcResult. */
  get trpc(): SettledClient {
    this.settled ??= createSettledClient(this.base, this.fetchWithJar);
    return this.settled;
  }

  /** Obtains the CSRF cookie the way the SPA does: any /api answer issues it. */
  async warmUp() {
    if (!this.jar.has("atenda_csrf")) await this.get("/api/v1/health");
    return this;
  }

  private async settleRaw<T>(res: ApiResponse): Promise<TrpcResult<T>> {
    const b = res.body as {
      result?: { data: { json: unknown; meta?: unknown } };
      error?: { json: { message: string; data: { code: string; httpStatus: number; appCode?: string } } };
    };
    if (b?.result) {
      return { status: res.status, ok: true, data: superjson.deserialize(b.result.data as never) as T, error: null };
    }
    const e = b?.error?.json;
    return {
      status: res.status,
      ok: false,
      data: undefined as T,
      error: e
        ? { message: e.message, code: e.data.code, httpStatus: e.data.httpStatus, appCode: e.data.appCode }
        : { message: String(res.body), code: "UNKNOWN", httpStatus: res.status },
    };
  }

  /** Raw tRPC by path, for what the typed client cannot send: malformed input, missing CSRF. */
  async query<T = unknown>(path: string, input?: unknown): Promise<TrpcResult<T>> {
    const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return this.settleRaw<T>(await this.get(`/trpc/${path}${qs}`));
  }

  /** Raw tRPC by path, for what the typed client cannot send: malformed input, missing CSRF. */
  async mutate<T = unknown>(path: string, input?: unknown, opts: RequestOptions = {}): Promise<TrpcResult<T>> {
    return this.settleRaw<T>(await this.post(`/trpc/${path}`, superjson.serialize(input), opts));
  }
}

/** The value a test needs to go on, or a failure that says what was missing (instead of `!`). */
export function must<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${value}`);
  return value;
}
