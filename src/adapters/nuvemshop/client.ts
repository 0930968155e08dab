/**
 * Nuvemshop (Tiendanube) REST client (protocols.md §10): `Authentication: bearer <token>` (the
 * header really is "Authentication"), the required User-Agent with a contact, base URL from
 * NUVEMSHOP_API_BASE (read at call time, so tests point it at a loopback fake), always through
 * safeFetch. Every failure becomes a NuvemshopError with a pt-BR sentence for the editor or the model.
 */
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";

export const NUVEMSHOP_DEFAULT_BASE = "https://api.nuvemshop.com.br/v1";
/** Nuvemshop refuses calls without an identifying User-Agent ("App (contact)"); NUVEMSHOP_USER_AGENT overrides it. */
export const NUVEMSHOP_USER_AGENT = "Atenda (suporte@atenda.com.br)";
const userAgent = () => process.env.NUVEMSHOP_USER_AGENT || NUVEMSHOP_USER_AGENT;

const CALL_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
/** A 429 that asks us to wait at most this long is retried once (interactive path: no long waits). */
const MAX_RETRY_WAIT_MS = 2_000;

export const nuvemshopBase = () => (process.env.NUVEMSHOP_API_BASE || NUVEMSHOP_DEFAULT_BASE).replace(/\/+$/, "");

export type NuvemshopCreds = { storeId: string; accessToken: string };

export type NuvemshopErrorKind = "unauthorized" | "forbidden" | "not_found" | "rate_limited" | "validation" | "unavailable" | "network";

export class NuvemshopError extends Error {
  constructor(
    message: string,
    readonly kind: NuvemshopErrorKind,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "NuvemshopError";
  }
}

export const NUVEMSHOP_MESSAGES = {
  unauthorized: "Token de acesso da Nuvemshop inválido ou revogado (erro 401). Gere um novo token no aplicativo da loja e salve de novo.",
  forbidden: "A Nuvemshop negou o acesso (erro 403): o aplicativo não tem permissão para ler produtos e pedidos desta loja.",
  storeNotFound: "Loja não encontrada na Nuvemshop (erro 404). Confira o ID da loja.",
  rateLimited: "A Nuvemshop limitou as consultas por excesso de requisições (erro 429). Tente de novo em alguns segundos.",
  timeout: "A Nuvemshop não respondeu a tempo. Tente de novo em instantes.",
  network: "Não foi possível conectar à Nuvemshop. Tente de novo em instantes.",
} as const;

type ErrorBody = { code?: unknown; message?: unknown; description?: unknown; error?: unknown; error_description?: unknown };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** How long a 429 asks us to wait: x-rate-limit-reset (ms, Nuvemshop) or Retry-After (s). */
function retryWaitMs(headers: Headers): number | null {
  const reset = Number(headers.get("x-rate-limit-reset") ?? Number.NaN);
  if (Number.isFinite(reset) && reset >= 0) return reset;
  const after = Number(headers.get("retry-after") ?? Number.NaN);
  if (Number.isFinite(after) && after >= 0) return after * 1000;
  return null;
}

function errorDetail(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  const b = body as ErrorBody;
  const text = [b.description, b.error_description, b.message, b.error].find((v) => typeof v === "string" && v.trim());
  if (typeof text === "string") return text.slice(0, 300);
  // 422: { "field": ["can't be blank"] }
  const fields = Object.entries(b)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k}: ${(v as unknown[]).join(", ")}`);
  return fields.join("; ").slice(0, 300);
}

function httpFailure(status: number, body: unknown, notFoundMessage: string): NuvemshopError {
  if (status === 401) return new NuvemshopError(NUVEMSHOP_MESSAGES.unauthorized, "unauthorized", status);
  if (status === 403) return new NuvemshopError(NUVEMSHOP_MESSAGES.forbidden, "forbidden", status);
  if (status === 404) return new NuvemshopError(notFoundMessage, "not_found", status);
  if (status === 429) return new NuvemshopError(NUVEMSHOP_MESSAGES.rateLimited, "rate_limited", status);
  if (status === 400 || status === 422) {
    const detail = errorDetail(body);
    return new NuvemshopError(`A Nuvemshop recusou a consulta (erro ${status})${detail ? `: ${detail}` : ""}.`, "validation", status);
  }
  if (status >= 500) return new NuvemshopError(`A Nuvemshop está indisponível no momento (erro ${status}). Tente de novo mais tarde.`, "unavailable", status);
  return new NuvemshopError(`A Nuvemshop respondeu com erro ${status}.`, "unavailable", status);
}

function fetchFailure(err: unknown): NuvemshopError {
  if (err instanceof NuvemshopError) return err;
  if (err instanceof SafeFetchError) {
    if (err.code === "TIMEOUT") return new NuvemshopError(NUVEMSHOP_MESSAGES.timeout, "network");
    if (err.code === "BLOCKED_ADDRESS" || err.code === "BAD_URL" || err.code === "BAD_SCHEME") return new NuvemshopError(err.message, "network");
    return new NuvemshopError(NUVEMSHOP_MESSAGES.network, "network");
  }
  return new NuvemshopError(NUVEMSHOP_MESSAGES.network, "network");
}

/** Nuvemshop answers an empty listing with 404 "Last page is 0" instead of []. */
const isEmptyPage = (status: number, body: unknown) => status === 404 && /last page is 0/i.test(errorDetail(body));

export type GetOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** The message of a 404 (default: the store does not exist). */
  notFound?: string;
  /** A listing: 404 "Last page is 0" means no results. */
  list?: boolean;
};

/** GET {base}/{store_id}{path}; the parsed JSON body. */
export async function nuvemshopGet<T>(creds: NuvemshopCreds, path: string, opts: GetOptions = {}): Promise<T> {
  const url = new URL(`${nuvemshopBase()}/${encodeURIComponent(creds.storeId)}${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
  const headers = {
    accept: "application/json",
    authentication: `bearer ${creds.accessToken}`,
    "user-agent": userAgent(),
  };
  try {
    for (let attempt = 0; ; attempt++) {
      const res = await safeFetch(url.href, {
        headers,
        userAgent: userAgent(),
        timeoutMs: CALL_TIMEOUT_MS,
        maxBytes: MAX_BYTES,
        // The token travels in a header safeFetch does not strip on a cross-origin hop: no redirects.
        maxRedirects: 0,
        acceptHttpErrors: true,
        signal: opts.signal,
      });
      const body = parseJson(res.text());
      if (res.status >= 200 && res.status < 300) return body as T;
      if (opts.list && isEmptyPage(res.status, body)) return [] as T;
      const wait = res.status === 429 ? retryWaitMs(res.headers) : null;
      if (res.status === 429 && attempt === 0 && wait !== null && wait <= MAX_RETRY_WAIT_MS) {
        await Bun.sleep(wait);
        continue;
      }
      throw httpFailure(res.status, body, opts.notFound ?? NUVEMSHOP_MESSAGES.storeNotFound);
    }
  } catch (err) {
    throw fetchFailure(err);
  }
}

/** A multilingual field ({ pt, es, en }) or a plain string, in Portuguese when there is one. */
export function localized(v: unknown): string {
  if (typeof v === "string") return v;
  if (!v || typeof v !== "object") return "";
  const o = v as Record<string, unknown>;
  const pick = [o.pt, o.es, o.en, ...Object.values(o)].find((x) => typeof x === "string" && x.trim());
  return typeof pick === "string" ? pick : "";
}

export type StoreInfo = { id?: number; name?: unknown; original_domain?: string; url_with_protocol?: string; main_currency?: string };

/** "Testar": the store's own record (GET /store). */
export async function fetchStore(creds: NuvemshopCreds, signal?: AbortSignal) {
  const store = await nuvemshopGet<StoreInfo>(creds, "/store", { signal });
  return { name: localized(store?.name) || `Loja ${creds.storeId}`, url: store?.url_with_protocol ?? (store?.original_domain ? `https://${store.original_domain}` : null) };
}
