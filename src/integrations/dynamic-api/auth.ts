/**
 * The headers each auth type adds to a call. OAuth2 client-credentials tokens are fetched through
 * safeFetch and cached per integration until shortly before they expire (one fetch, many calls);
 * concurrent calls share the in-flight fetch.
 */
import { createHash } from "node:crypto";
import { parseHeaderJson } from "../../schemas/dynamic-api";
import { safeFetch } from "../../lib/safe-fetch";
import type { DynamicApiConfig } from "./config";

type Cached = { token: string; expiresAt: number };
const tokens = new Map<string, Promise<Cached>>();
/** Refresh this long before the server's expiry, so a token never dies mid-call. */
const EXPIRY_MARGIN_MS = 30_000;
const DEFAULT_TTL_S = 3600;

export class AuthError extends Error {}

function cacheKey(integrationId: string, cfg: DynamicApiConfig) {
  // A changed secret, URL or scope must not reuse the old token.
  const h = createHash("sha256").update(JSON.stringify([cfg.tokenUrl, cfg.clientId, cfg.clientSecret, cfg.scope])).digest("hex");
  return `${integrationId}:${h}`;
}

async function fetchToken(cfg: DynamicApiConfig, signal?: AbortSignal): Promise<Cached> {
  if (!cfg.tokenUrl || !cfg.clientId || !cfg.clientSecret) throw new AuthError("OAuth2 incompleto: informe URL do token, client ID e client secret");
  const form = new URLSearchParams({ grant_type: "client_credentials", client_id: cfg.clientId, client_secret: cfg.clientSecret });
  if (cfg.scope) form.set("scope", cfg.scope);
  // Credentials in the body (RFC 6749 §2.3.1): accepted by the common providers; one method only, as the RFC asks.
  const res = await safeFetch(cfg.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: form.toString(),
    timeoutMs: 10_000,
    maxBytes: 256 * 1024,
    acceptHttpErrors: true,
    signal,
  });
  let body: { access_token?: unknown; expires_in?: unknown } = {};
  try {
    body = JSON.parse(res.text()) as typeof body;
  } catch {
    // handled below
  }
  if (res.status < 200 || res.status > 299 || typeof body.access_token !== "string") {
    throw new AuthError(`Falha ao obter o token OAuth2 (HTTP ${res.status})`);
  }
  const ttl = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : DEFAULT_TTL_S;
  return { token: body.access_token, expiresAt: Date.now() + ttl * 1000 - EXPIRY_MARGIN_MS };
}

async function oauthToken(integrationId: string, cfg: DynamicApiConfig, signal?: AbortSignal): Promise<string> {
  const key = cacheKey(integrationId, cfg);
  const cached = tokens.get(key);
  if (cached) {
    const got = await cached.catch(() => null);
    if (got && got.expiresAt > Date.now()) return got.token;
    if (tokens.get(key) === cached) tokens.delete(key);
  }
  const pending = tokens.get(key) ?? fetchToken(cfg, signal);
  tokens.set(key, pending);
  try {
    return (await pending).token;
  } catch (err) {
    tokens.delete(key); // a failure is not cached: the next call retries
    throw err;
  }
}

/** Drops a cached token (e.g. after the API answered 401 with it). */
export function forgetToken(integrationId: string, cfg: DynamicApiConfig) {
  tokens.delete(cacheKey(integrationId, cfg));
}

export async function authHeaders(integrationId: string, cfg: DynamicApiConfig, signal?: AbortSignal): Promise<Record<string, string>> {
  switch (cfg.authType) {
    case "api-key":
      return cfg.apiKey ? { [cfg.apiKeyHeader || "X-API-Key"]: cfg.apiKey } : {};
    case "basic":
      return { authorization: `Basic ${Buffer.from(`${cfg.username ?? ""}:${cfg.password ?? ""}`).toString("base64")}` };
    case "bearer":
    case "jwt":
      return cfg.token ? { authorization: `Bearer ${cfg.token}` } : {};
    case "oauth2":
      return { authorization: `Bearer ${await oauthToken(integrationId, cfg, signal)}` };
    case "custom":
      return (cfg.customHeaders && parseHeaderJson(cfg.customHeaders)) || {};
    default:
      return {};
  }
}
