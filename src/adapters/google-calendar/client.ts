/**
 * Google OAuth2 + Calendar API v3 over the wire (protocols.md §8). Every call goes through
 * safeFetch; base URLs are read from the environment at call time so tests point them at a
 * loopback fake. Errors become GoogleError with a clear pt-BR message and a stable `kind`.
 */
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";

/**
 * Least privilege (protocols.md §8.1): events (insert/patch/delete), free/busy, and the read-only
 * calendar list for the editor's calendar picker. Never the full `auth/calendar` scope.
 */
export const GOOGLE_SCOPES = [
  "https://www.googleapis.com/auth/calendar.events",
  "https://www.googleapis.com/auth/calendar.freebusy",
  "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
];

export const authorizeUrlBase = () => process.env.GOOGLE_OAUTH_AUTHORIZE_URL ?? "https://accounts.google.com/o/oauth2/v2/auth";
export const tokenUrl = () => process.env.GOOGLE_OAUTH_TOKEN_URL ?? "https://oauth2.googleapis.com/token";
export const revokeUrl = () => process.env.GOOGLE_OAUTH_REVOKE_URL ?? "https://oauth2.googleapis.com/revoke";
export const calendarBase = () => (process.env.GOOGLE_CALENDAR_API_BASE ?? "https://www.googleapis.com/calendar/v3").replace(/\/+$/, "");

const TIMEOUT_MS = 10_000;
/** 429 and 403 rate limits are retried this many times (interactive path: keep it short). */
const RATE_RETRIES = 2;

export type GoogleErrorKind = "invalid_grant" | "invalid_client" | "redirect_mismatch" | "unauthorized" | "forbidden" | "not_found" | "gone" | "rate_limited" | "bad_request" | "unavailable";

export class GoogleError extends Error {
  constructor(
    readonly kind: GoogleErrorKind,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = "GoogleError";
  }
}

export type TokenResponse = { access_token: string; expires_in?: number; refresh_token?: string; scope?: string; token_type?: string };
export type OAuthClient = { clientId: string; clientSecret: string; redirectUri: string };

function parseJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const ABORTED_MESSAGE = "A operação na Google Agenda foi interrompida: o tempo da ferramenta acabou.";

/**
 * Throws when the caller (a tool that timed out, a cancelled turn) gave up: nothing more is sent
 * to Google, so a late answer can never book, move or cancel behind the model's back.
 */
export function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new GoogleError("unavailable", ABORTED_MESSAGE);
}

function networkFailure(e: unknown, signal?: AbortSignal): GoogleError {
  if (signal?.aborted) return new GoogleError("unavailable", ABORTED_MESSAGE);
  if (e instanceof SafeFetchError) {
    if (e.code === "TIMEOUT") return new GoogleError("unavailable", "O Google não respondeu a tempo. Tente novamente.");
    if (e.code === "BLOCKED_ADDRESS" || e.code === "BAD_URL" || e.code === "BAD_SCHEME") return new GoogleError("unavailable", e.message);
  }
  return new GoogleError("unavailable", "Não foi possível conectar ao Google. Tente novamente.");
}

// ---- OAuth --------------------------------------------------------------------------------------
export function buildAuthorizeUrl(client: OAuthClient, state: string) {
  const url = new URL(authorizeUrlBase());
  url.searchParams.set("client_id", client.clientId);
  url.searchParams.set("redirect_uri", client.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", GOOGLE_SCOPES.join(" "));
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("include_granted_scopes", "true");
  url.searchParams.set("state", state);
  return url.toString();
}

async function tokenCall(form: Record<string, string>, signal?: AbortSignal): Promise<TokenResponse> {
  throwIfAborted(signal);
  let res: Awaited<ReturnType<typeof safeFetch>>;
  try {
    res = await safeFetch(tokenUrl(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 256 * 1024,
      maxRedirects: 0,
      acceptHttpErrors: true,
      signal,
    });
  } catch (e) {
    throw networkFailure(e, signal);
  }
  const body = parseJson(res.text());
  if (res.status >= 200 && res.status < 300 && typeof body.access_token === "string" && body.access_token !== "") {
    // Only well-typed fields get through: a malformed answer must not store junk as a token.
    const expires = typeof body.expires_in === "number" && Number.isFinite(body.expires_in) && body.expires_in > 0 ? body.expires_in : undefined;
    return {
      access_token: body.access_token,
      ...(expires !== undefined ? { expires_in: expires } : {}),
      ...(typeof body.refresh_token === "string" && body.refresh_token !== "" ? { refresh_token: body.refresh_token } : {}),
      ...(typeof body.scope === "string" ? { scope: body.scope } : {}),
      ...(typeof body.token_type === "string" ? { token_type: body.token_type } : {}),
    };
  }
  const error = String(body.error ?? "");
  if (error === "invalid_grant") throw new GoogleError("invalid_grant", "Reconecte a Google Agenda: o acesso foi revogado ou expirou.", res.status);
  if (error === "invalid_client" || error === "unauthorized_client" || res.status === 401) {
    throw new GoogleError("invalid_client", "ID do cliente ou chave secreta do cliente do Google inválidos (Client ID/Client secret). Confira as credenciais OAuth.", res.status);
  }
  if (error === "redirect_uri_mismatch") throw new GoogleError("redirect_mismatch", "A URI de redirecionamento não está cadastrada no cliente OAuth do Google.", res.status);
  if (res.status === 429) throw new GoogleError("rate_limited", "O Google limitou as requisições. Tente novamente em instantes.", 429);
  if (res.status >= 500) throw new GoogleError("unavailable", "O Google está indisponível no momento. Tente novamente.", res.status);
  throw new GoogleError("bad_request", `O Google recusou a autorização${error ? ` (${error})` : ""}.`, res.status);
}

export const exchangeCode = (client: OAuthClient, code: string) =>
  tokenCall({ grant_type: "authorization_code", code, client_id: client.clientId, client_secret: client.clientSecret, redirect_uri: client.redirectUri });

export const refreshAccessToken = (client: OAuthClient, refreshToken: string, signal?: AbortSignal) =>
  tokenCall({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret }, signal);

/**
 * Checks an OAuth client without a user: a made-up code is answered invalid_grant when the client
 * id and secret are right, invalid_client when they are not.
 */
export async function probeClient(client: OAuthClient): Promise<void> {
  try {
    await exchangeCode(client, "atenda-teste-de-credenciais");
  } catch (e) {
    if (e instanceof GoogleError && e.kind === "invalid_grant") return;
    throw e;
  }
}

/** Best effort: a failed revoke never blocks a disconnect. */
export async function revokeToken(token: string): Promise<void> {
  try {
    await safeFetch(`${revokeUrl()}?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      timeoutMs: 5_000,
      maxRedirects: 0,
      acceptHttpErrors: true,
    });
  } catch {
    // ignored
  }
}

// ---- Calendar API --------------------------------------------------------------------------------
function apiError(status: number, body: Record<string, unknown>): GoogleError {
  const err = (body.error ?? {}) as { message?: string; errors?: { reason?: string }[] };
  const reason = err.errors?.[0]?.reason ?? "";
  if (status === 401) return new GoogleError("unauthorized", "Token do Google inválido ou expirado.", 401);
  if (status === 429 || (status === 403 && /rateLimit|userRateLimit|quotaExceeded|usageLimits/i.test(reason))) {
    return new GoogleError("rate_limited", "A Google Agenda limitou as requisições. Tente novamente em instantes.", status);
  }
  if (status === 403) return new GoogleError("forbidden", "Sem permissão para acessar esta agenda do Google.", 403);
  if (status === 404) return new GoogleError("not_found", "Agenda ou evento não encontrado no Google.", 404);
  if (status === 410) return new GoogleError("gone", "Este evento já foi removido da agenda.", 410);
  if (status >= 500) return new GoogleError("unavailable", "A Google Agenda está indisponível no momento. Tente novamente.", status);
  return new GoogleError("bad_request", `A Google Agenda recusou o pedido${err.message ? `: ${err.message}` : ""}.`, status);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type CalendarCall = { method: string; path: string; query?: Record<string, string>; body?: unknown; signal?: AbortSignal };

/** One authenticated call with the rate-limit backoff; 401 is thrown for the caller to refresh. */
export async function calendarRequest<T = Record<string, unknown>>(accessToken: string, call: CalendarCall): Promise<T> {
  const url = new URL(`${calendarBase()}${call.path}`);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  for (let attempt = 0; ; attempt++) {
    // Checked before every attempt (also after a rate-limit wait): an aborted call sends nothing.
    throwIfAborted(call.signal);
    let res: Awaited<ReturnType<typeof safeFetch>>;
    try {
      res = await safeFetch(url.toString(), {
        method: call.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: "application/json",
          ...(call.body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
        timeoutMs: TIMEOUT_MS,
        maxBytes: 2 * 1024 * 1024,
        maxRedirects: 0,
        acceptHttpErrors: true,
        signal: call.signal,
      });
    } catch (e) {
      throw networkFailure(e, call.signal);
    }
    if (res.status === 204) return {} as T;
    const body = parseJson(res.text());
    if (res.status >= 200 && res.status < 300) return body as T;
    const error = apiError(res.status, body);
    if (error.kind === "rate_limited" && attempt < RATE_RETRIES) {
      const retryAfter = Number(res.headers.get("retry-after"));
      const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.min(retryAfter * 1000, 3000) : 250 * 2 ** attempt + Math.random() * 100;
      await sleep(wait);
      continue;
    }
    throw error;
  }
}

export type GoogleEvent = {
  id: string;
  status?: string;
  htmlLink?: string;
  hangoutLink?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string; displayName?: string }[];
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
};

export const meetLinkOf = (ev: GoogleEvent) => ev.hangoutLink ?? ev.conferenceData?.entryPoints?.find((p) => p.entryPointType === "video")?.uri ?? null;

export type CalendarListEntry = { id: string; summary: string; primary?: boolean; accessRole?: string; timeZone?: string };
