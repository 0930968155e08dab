/**
 * The Agendor API v3 client (protocols.md §6): `Authorization: Token <apiToken>`, JSON envelopes
 * `{data}`; every call through safeFetch (a custom base URL is user-supplied). A 429 is retried up
 * to 3 times honouring Retry-After (the wait is injectable so tests never sleep); every failure
 * becomes an AgendorError with a pt-BR sentence. The token is never logged nor put in a message.
 */
import { retryAfterMs } from "../retry-after";
import { AppError } from "../../lib/errors";
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";
import { AGENDOR_DEFAULT_BASE, INVALID_TOKEN } from "../../schemas/agendor";

export type AgendorConn = { apiToken: string; baseUrl?: string | null };

/** Retries after a 429 (so 4 attempts in all). */
export const AGENDOR_MAX_RETRIES = 3;
/** Waits when the 429 carries no Retry-After (protocols.md: 5 s, 10 s…). */
const FALLBACK_DELAYS_MS = [5_000, 10_000, 10_000];
const CALL_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;

/** Injectable wait between 429 retries: tests replace `sleep` and lower `maxDelayMs`. */
export const agendorBackoff: { sleep: (ms: number) => Promise<void>; maxDelayMs: number } = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  maxDelayMs: 30_000,
};

export const RATE_LIMITED_MESSAGE = "O Agendor está limitando as requisições (erro 429). Tente novamente em alguns instantes.";

/**
 * Only a busy or unreachable Agendor is UNAVAILABLE (503); a refused token, a bad base URL or a
 * setting that is off is something the user fixes, so it answers 412 (never a 5xx).
 */
export class AgendorError extends AppError {
  constructor(
    message: string,
    readonly status: number | null = null,
    unavailable = status !== null && (status >= 500 || status === 429),
  ) {
    super(unavailable ? "UNAVAILABLE" : "PRECONDITION_FAILED", message, status ? { status } : undefined);
    this.name = "AgendorError";
  }
}

/** The base URL in use: the one saved in the card, else AGENDOR_API_BASE, else the real API. */
export function agendorBase(conn: Pick<AgendorConn, "baseUrl">): string {
  return (conn.baseUrl || process.env.AGENDOR_API_BASE || AGENDOR_DEFAULT_BASE).replace(/\/+$/, "");
}

/** First readable message of an Agendor error body (JSON `errors`/`message`, never HTML). */
function detailOf(text: string): string | null {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const errors = v.errors;
    if (Array.isArray(errors) && errors.length) return errors.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("; ").slice(0, 300);
    if (errors && typeof errors === "object") return Object.entries(errors).map(([k, m]) => `${k}: ${Array.isArray(m) ? m.join(", ") : String(m)}`).join("; ").slice(0, 300);
    if (typeof v.message === "string") return v.message.slice(0, 300);
  } catch {
    // an HTML or empty body says nothing useful
  }
  return null;
}

export function httpMessage(status: number, text = ""): string {
  if (status === 401) return INVALID_TOKEN;
  if (status === 403) return "O Agendor recusou o acesso (erro 403): o token não tem permissão para esta ação.";
  if (status === 404) return "Registro ou endereço não encontrado no Agendor (erro 404). Confira a URL base.";
  if (status === 422 || status === 400) {
    const detail = detailOf(text);
    return `O Agendor recusou os dados enviados (erro ${status})${detail ? `: ${detail}` : "."}`;
  }
  if (status === 429) return RATE_LIMITED_MESSAGE;
  if (status >= 500) return `O Agendor está indisponível no momento (erro ${status}). Tente novamente mais tarde.`;
  return `O Agendor respondeu com erro ${status}.`;
}

function networkMessage(e: SafeFetchError): string {
  switch (e.code) {
    case "TIMEOUT":
      return "O Agendor não respondeu a tempo. Tente novamente.";
    case "BLOCKED_ADDRESS":
      return "URL base não permitida: o endereço aponta para uma rede privada.";
    case "BAD_URL":
    case "BAD_SCHEME":
      return "URL base do Agendor inválida.";
    case "TOO_LARGE":
      return "A resposta do Agendor é grande demais.";
    default:
      return "Não foi possível conectar ao Agendor. Confira a URL base e tente novamente.";
  }
}

export type AgendorCallOptions = { signal?: AbortSignal; query?: Record<string, string | number | undefined | null> };

/** One API call; resolves with the parsed JSON body (`{data…}`), throws AgendorError otherwise. */
export async function agendorRequest<T = unknown>(conn: AgendorConn, method: string, path: string, body?: unknown, opts: AgendorCallOptions = {}): Promise<T> {
  if (!conn.apiToken) throw new AgendorError("Informe o token de API do Agendor");
  const url = new URL(`${agendorBase(conn)}${path.startsWith("/") ? path : `/${path}`}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { authorization: `Token ${conn.apiToken}`, accept: "application/json" };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";

  for (let attempt = 0; ; attempt++) {
    let res: Awaited<ReturnType<typeof safeFetch>>;
    try {
      res = await safeFetch(url.href, { method, headers, body: payload, acceptHttpErrors: true, timeoutMs: CALL_TIMEOUT_MS, maxBytes: MAX_BYTES, maxRedirects: 2, signal: opts.signal });
    } catch (e) {
      if (e instanceof SafeFetchError) throw new AgendorError(networkMessage(e), null, e.code !== "BLOCKED_ADDRESS" && e.code !== "BAD_URL" && e.code !== "BAD_SCHEME");
      throw e;
    }
    if (res.status === 429 && attempt < AGENDOR_MAX_RETRIES) {
      const wait = retryAfterMs(res.headers.get("retry-after")) ?? FALLBACK_DELAYS_MS[attempt] ?? 10_000;
      await agendorBackoff.sleep(Math.min(wait, agendorBackoff.maxDelayMs));
      if (opts.signal?.aborted) throw new AgendorError("O Agendor não respondeu a tempo. Tente novamente.", null, true);
      continue;
    }
    const text = res.text();
    if (res.status < 200 || res.status > 299) throw new AgendorError(httpMessage(res.status, text), res.status);
    if (!text.trim()) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AgendorError("Resposta inválida do Agendor (não é JSON). Confira a URL base.", res.status);
    }
  }
}

// ---- typed helpers for the calls the integration makes ---------------------------------------
export type Named = { id: number; name: string };
export type AgendorFunnel = Named & { stages: { sequence: number; name: string }[] };
type Envelope<T> = { data?: T };

const asNum = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);
const asList = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object") : []);
const named = (r: Record<string, unknown>): Named | null => {
  const id = asNum(r.id);
  return id === null ? null : { id, name: String(r.name ?? r.email ?? id) };
};

/** GET /users/me → who owns the token (and the account name). */
export async function agendorMe(conn: AgendorConn, signal?: AbortSignal) {
  const res = await agendorRequest<Envelope<Record<string, unknown>>>(conn, "GET", "/users/me", undefined, { signal });
  const d = res.data ?? {};
  const account = d.account && typeof d.account === "object" ? (d.account as Record<string, unknown>) : {};
  return { id: asNum(d.id), name: String(d.name ?? ""), accountName: typeof account.name === "string" ? account.name : null };
}

export async function agendorFunnels(conn: AgendorConn, signal?: AbortSignal): Promise<AgendorFunnel[]> {
  const res = await agendorRequest<Envelope<unknown>>(conn, "GET", "/funnels", undefined, { signal });
  return asList(res.data).flatMap((f) => {
    const base = named(f);
    if (!base) return [];
    const stages = asList(f.dealStages ?? f.stages)
      .map((s, i) => ({ sequence: asNum(s.sequence) ?? i + 1, name: String(s.name ?? `Etapa ${i + 1}`) }))
      .sort((a, b) => a.sequence - b.sequence);
    return [{ ...base, stages }];
  });
}

export async function agendorOrigins(conn: AgendorConn, signal?: AbortSignal): Promise<Named[]> {
  const res = await agendorRequest<Envelope<unknown>>(conn, "GET", "/lead_origins", undefined, { signal });
  return asList(res.data).flatMap((r) => named(r) ?? []);
}

export async function agendorUsers(conn: AgendorConn, signal?: AbortSignal): Promise<Named[]> {
  const res = await agendorRequest<Envelope<unknown>>(conn, "GET", "/users", undefined, { signal, query: { page: 1, per_page: 100 } });
  return asList(res.data).flatMap((r) => named(r) ?? []);
}

/** First id of a list answer (`{data:[{id…}]}`), or of a single one (`{data:{id…}}`). */
export function idOf(res: unknown): number | null {
  const data = (res as Envelope<unknown> | null)?.data;
  if (Array.isArray(data)) return asNum((data[0] as Record<string, unknown> | undefined)?.id);
  return data && typeof data === "object" ? asNum((data as Record<string, unknown>).id) : null;
}

export function listOf(res: unknown): Record<string, unknown>[] {
  return asList((res as Envelope<unknown> | null)?.data);
}
