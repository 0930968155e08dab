/**
 * The Meta Graph API request shared by WhatsApp Cloud and Instagram (protocols.md §1, §4):
 * {baseUrl}/{version}/{path} with the access token as Bearer, JSON both ways, a timeout, and a
 * Graph error body ({ error: { message, code, error_subcode, is_transient } }) turned into a typed error.
 */
import { retryAfterMs } from "../retry-after";

export type GraphConn = { baseUrl: string; version: string; accessToken: string };

/** Graph-wide codes worth retrying: service unavailable (2), throttling of app (4), user (17), page (32), API (613). */
export const GRAPH_RETRYABLE_CODES: ReadonlySet<number> = new Set([2, 4, 17, 32, 613]);

export const GRAPH_TIMEOUT_MS = 15_000;

export class GraphApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when the Graph could not be reached (or the client refused to send). */
    readonly status: number | null,
    /** Graph error code (e.g. 10 / subcode 2018278: outside the 24 h window). */
    readonly code: number | null,
    readonly retryable: boolean,
    /** From Retry-After, when the server sent one. */
    readonly retryAfterMs: number | null = null,
    readonly subcode: number | null = null,
  ) {
    super(message);
    this.name = "GraphApiError";
  }
}

/** Who is calling: names the service in messages, adds its own retryable codes, throws its own error class. */
export type GraphService = {
  name: string;
  retryableCodes: ReadonlySet<number>;
  error: new (...args: ConstructorParameters<typeof GraphApiError>) => GraphApiError;
};

type GraphErrorBody = { message?: unknown; code?: unknown; error_subcode?: unknown; is_transient?: unknown };
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** One Graph call → its JSON object ({} when the body is not one); a non-2xx throws service.error. */
export async function graphRequest(
  service: GraphService,
  conn: GraphConn,
  path: string,
  init: { method: "GET" | "POST"; body?: unknown; timeoutMs?: number },
): Promise<Record<string, unknown>> {
  const url = `${conn.baseUrl.replace(/\/+$/, "")}/${conn.version}/${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: { authorization: `Bearer ${conn.accessToken}`, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs ?? GRAPH_TIMEOUT_MS),
    });
  } catch (err) {
    throw new service.error(`${service.name} inacessível: ${err instanceof Error ? err.message : String(err)}`, null, null, true);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // non-JSON error page
  }
  if (!res.ok) {
    const err = ((body as { error?: GraphErrorBody } | null)?.error ?? {}) as GraphErrorBody;
    const code = num(err.code);
    const retryable =
      res.status === 429 ||
      res.status >= 500 ||
      (code !== null && (GRAPH_RETRYABLE_CODES.has(code) || service.retryableCodes.has(code))) ||
      err.is_transient === true;
    const message = typeof err.message === "string" && err.message ? err.message : `${service.name} respondeu ${res.status}`;
    throw new service.error(message, res.status, code, retryable, retryAfterMs(res.headers.get("retry-after")), num(err.error_subcode));
  }
  return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
}
