/**
 * A fetch-shaped wrapper over safeFetch for API clients whose base URL a tenant typed in (an own
 * UAZAPI server): every call, redirects included, is vetted against private/loopback addresses,
 * while the client still sees the provider's status, headers and error body.
 */
import { SafeFetchError, type SafeFetchErrorCode, safeFetch } from "./safe-fetch";

/** Refusals a retry cannot fix: the address itself is not allowed. */
const FINAL: SafeFetchErrorCode[] = ["BLOCKED_ADDRESS", "BAD_URL", "BAD_SCHEME", "TOO_LARGE"];

export type VettedFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Bodies these clients send are JSON strings; anything else is a programming error, not input. */
function bodyOf(body: RequestInit["body"]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  throw new TypeError("vettedFetch only sends string bodies");
}

export function vettedFetch(opts: { maxBytes?: number; timeoutMs?: number } = {}): VettedFetch {
  return async (url, init) => {
    const res = await safeFetch(url, {
      method: init.method ?? "GET",
      headers: init.headers,
      body: bodyOf(init.body),
      signal: init.signal ?? undefined,
      // The caller's signal carries the real per-call timeout; this is only a ceiling.
      timeoutMs: opts.timeoutMs ?? 120_000,
      maxBytes: opts.maxBytes ?? 32 * 1024 * 1024,
      acceptHttpErrors: true,
    }).catch((err: unknown) => {
      // Clients read `retryable` off what fetch threw: a job must not retry a refused address forever.
      if (err instanceof SafeFetchError && FINAL.includes(err.code)) Object.assign(err, { retryable: false });
      throw err;
    });
    return new Response(res.body as Uint8Array<ArrayBuffer>, { status: res.status, headers: res.headers });
  };
}
