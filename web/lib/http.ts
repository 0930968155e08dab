/**
 * The one REST client of SPEC §7/§8: cookies, CSRF header on writes, message extraction and retries.
 * tRPC goes through `fetchWithRetry` too (see trpc.ts), so the behaviour is implemented once.
 */

export const CSRF_COOKIE = "atenda_csrf";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_ATTEMPTS = 3;

/** A failed call. `status` is 0 when no response arrived (network failure). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;

export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Header for a write; the server refuses cookie-authenticated writes without it, we only warn (§7). */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie(CSRF_COOKIE);
  if (!token) {
    console.warn(`[http] cookie ${CSRF_COOKIE} ausente: enviando escrita sem x-csrf-token`);
    return {};
  }
  return { "x-csrf-token": token };
}

export const isWriteMethod = (method: string) => WRITE_METHODS.has(method.toUpperCase());

/** Exponential backoff from 1 s, capped at 10 s, plus up to 10% jitter (§8). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(1000 * 2 ** attempt, 10_000);
  return base + base * 0.1 * random();
}

/** Reads retry on no response, 401, 408 and 5xx; writes only on no response and 5xx. */
export function shouldRetry(method: string, status: number): boolean {
  if (status === 0 || status >= 500) return true;
  if (isWriteMethod(method)) return false;
  return status === 401 || status === 408;
}

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      resolve();
    });
  });

export type RetryOptions = {
  /** Statuses that must come back at once (e.g. 401 of GET /auth/user). */
  noRetryStatuses?: number[];
  attempts?: number;
};

/**
 * fetch with credentials, CSRF on writes and the §8 retry rules. Resolves with the last Response
 * (even a failed one); rejects only when no response ever arrived.
 */
export async function fetchWithRetry(
  input: string | URL | Request,
  init: RequestInit = {},
  opts: RetryOptions = {},
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  if (isWriteMethod(method)) {
    for (const [k, v] of Object.entries(csrfHeaders())) headers.set(k, v);
  }
  const attempts = opts.attempts ?? MAX_ATTEMPTS;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(backoffDelay(attempt - 1), init.signal);
    if (init.signal?.aborted) break;
    try {
      const res = await fetch(input, { ...init, method, headers, credentials: "include" });
      const last = attempt === attempts - 1;
      if (res.ok || last || opts.noRetryStatuses?.includes(res.status) || !shouldRetry(method, res.status)) {
        return res;
      }
      lastError = undefined;
    } catch (e) {
      if (init.signal?.aborted) throw e;
      lastError = e;
    }
  }
  throw new HttpError(lastError instanceof Error ? lastError.message : "Falha de rede", 0);
}

/** Order of §8: error.message → message → raw body text → status text. */
export function extractErrorMessage(raw: string, body: unknown, statusText: string): string {
  if (body && typeof body === "object") {
    const b = body as { error?: unknown; message?: unknown };
    if (b.error && typeof b.error === "object") {
      const m = (b.error as { message?: unknown }).message;
      if (typeof m === "string" && m) return m;
    }
    if (typeof b.message === "string" && b.message) return b.message;
  }
  if (raw.trim()) return raw;
  return statusText || "Erro desconhecido";
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Answers are `{ data }`; older shapes put the payload at the top level (§7 "read from data or the body"). */
export function unwrapData<T>(body: unknown): T {
  if (body && typeof body === "object" && "data" in body) return (body as { data: T }).data;
  return body as T;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `path?query`, skipping empty values (§7 generic reads). */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** "null": a 401 resolves to null without retrying (GET /auth/user, generic reads). */
  on401?: "null" | "throw";
};

/** JSON request returning the unwrapped `data`. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = (opts.method ?? "GET").toUpperCase();
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined || isWriteMethod(method)) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body ?? {});
  }
  const res = await fetchWithRetry(
    withQuery(path, opts.query),
    { method, headers, body, signal: opts.signal },
    { noRetryStatuses: opts.on401 === "null" ? [401] : [] },
  );
  const text = await res.text();
  const parsed = parseJson(text);
  if (!res.ok) {
    if (res.status === 401 && opts.on401 === "null") return null as T;
    throw new HttpError(extractErrorMessage(text, parsed, res.statusText), res.status, parsed);
  }
  return unwrapData<T>(parsed ?? null);
}

export const api = {
  get: <T>(path: string, query?: Query, opts: Omit<RequestOptions, "method" | "query"> = {}) =>
    request<T>(path, { ...opts, method: "GET", query }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: "POST", body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string) => request<T>(path, { method: "DELETE" }),
};
