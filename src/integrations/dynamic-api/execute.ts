/**
 * One call of a dynamic API endpoint: URL from the base URL and the path (path parameters
 * substituted and encoded), query string, JSON body, auth headers; always through safeFetch
 * (the base URL is user-supplied, so private/loopback addresses are refused).
 */
import { safeFetch } from "../../lib/safe-fetch";
import type { ApiEndpoint } from "../../schemas/dynamic-api";
import { authHeaders, forgetToken } from "./auth";
import type { DynamicApiConfig } from "./config";

export type CallResult = {
  url: string;
  status: number;
  ok: boolean;
  durationMs: number;
  headers: Record<string, string>;
  body: unknown;
};

const CALL_TIMEOUT_MS = 10_000;
const MAX_BYTES = 2 * 1024 * 1024;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
/** Response headers worth showing in the test console (never cookies). */
const SHOWN_HEADERS = ["content-type", "content-length", "date", "etag", "location", "cache-control", "retry-after", "x-request-id"];

export class CallError extends Error {}

const asText = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v));
const present = (v: unknown) => v !== undefined && v !== null && v !== "";

/** Placeholders written in the path ({id}) count as path parameters even when not declared. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1] ?? "").filter(Boolean);
}

export function buildUrl(cfg: Pick<DynamicApiConfig, "baseUrl">, ep: ApiEndpoint, args: Record<string, unknown>): string {
  const base = (ep.baseUrl || cfg.baseUrl).replace(/\/+$/, "");
  const path = ep.path.replace(/\{([^{}/]+)\}/g, (_, name: string) => {
    if (!present(args[name])) throw new CallError(`Parâmetro obrigatório ausente: ${name}`);
    return encodeURIComponent(asText(args[name]));
  });
  const url = new URL(`${base}${path.startsWith("/") ? path : `/${path}`}`);
  for (const p of ep.parameters) {
    if (p.in !== "query") continue;
    const v = args[p.name];
    if (!present(v)) {
      if (p.required) throw new CallError(`Parâmetro obrigatório ausente: ${p.name}`);
      continue;
    }
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(p.name, asText(item));
  }
  return url.href;
}

/** Keeps a JSON answer small enough for the model: long arrays and strings are cut. */
export function trimJson(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return v.length > 1000 ? `${v.slice(0, 1000)}…` : v;
  if (depth > 6) return Array.isArray(v) ? "[…]" : v && typeof v === "object" ? "{…}" : v;
  if (Array.isArray(v)) return v.slice(0, 20).map((x) => trimJson(x, depth + 1));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).slice(0, 50).map(([k, x]) => [k, trimJson(x, depth + 1)]));
  return v;
}

export async function callEndpoint(
  integrationId: string,
  cfg: DynamicApiConfig,
  ep: ApiEndpoint,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CallResult> {
  const url = buildUrl(cfg, ep, args);
  const headers: Record<string, string> = { accept: "application/json" };
  for (const p of ep.parameters) if (p.in === "header" && present(args[p.name])) headers[p.name] = asText(args[p.name]);
  let body: string | undefined;
  if (BODY_METHODS.has(ep.method) && present(args.body)) {
    body = typeof args.body === "string" ? args.body : JSON.stringify(args.body);
    headers["content-type"] = "application/json";
  }
  Object.assign(headers, await authHeaders(integrationId, cfg, signal));
  const started = performance.now();
  const res = await safeFetch(url, { method: ep.method, headers, body, timeoutMs: CALL_TIMEOUT_MS, maxBytes: MAX_BYTES, acceptHttpErrors: true, signal });
  const durationMs = Math.round(performance.now() - started);
  // A rejected OAuth2 token may have been revoked early: fetch a new one next time.
  if (res.status === 401 && cfg.authType === "oauth2") forgetToken(integrationId, cfg);
  const text = res.text();
  let parsed: unknown = text.length > 4000 ? `${text.slice(0, 4000)}…` : text;
  try {
    parsed = trimJson(JSON.parse(text));
  } catch {
    // not JSON: keep the (cut) text
  }
  const shown = Object.fromEntries(SHOWN_HEADERS.flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h) ?? ""]] : [])));
  return { url: res.url, status: res.status, ok: res.status >= 200 && res.status < 300, durationMs, headers: shown, body: parsed };
}
