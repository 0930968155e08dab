/**
 * Dynamic API endpoints: discovery from an OpenAPI/Swagger document (URL through safeFetch, or an
 * upload), the ticked selection plus manual endpoints, and the test console. The SPEC §4 states
 * move here: discovery_in_progress → discovery_completed, configuration_saved, and the test's
 * ready_for_execution / execution_failed.
 */
import { authHeaders } from "../integrations/dynamic-api/auth";
import { type DynamicApiConfig, openApiConfig, readConfig, statusOf } from "../integrations/dynamic-api/config";
import { CallError, callEndpoint } from "../integrations/dynamic-api/execute";
import { DocumentError, parseDocumentText, readDocument } from "../integrations/dynamic-api/openapi";
import { AppError } from "../lib/errors";
import { log } from "../lib/logger";
import { SafeFetchError, safeFetch } from "../lib/safe-fetch";
import {
  type ApiEndpoint,
  type DetectionMethod,
  type Discover,
  type DynamicApiStatus,
  type ManualEndpoint,
  type SaveEndpoints,
  type TestEndpoint,
  endpointKey,
} from "../schemas/dynamic-api";
import type { EditorScope } from "./access";
import type { ServiceContext } from "./context";
import { getApiRow, toPublic, writeApi } from "./dynamic-api";

const DOC_MAX_BYTES = 2 * 1024 * 1024;

/** safeFetch refusals are the user's to fix (VALIDATION); an unreachable API is UNAVAILABLE. */
function fetchFailure(err: unknown): AppError {
  if (err instanceof SafeFetchError) {
    const userFixable = err.code === "BLOCKED_ADDRESS" || err.code === "BAD_URL" || err.code === "BAD_SCHEME";
    return new AppError(userFixable ? "VALIDATION" : "UNAVAILABLE", err.message);
  }
  if (err instanceof DocumentError || err instanceof CallError) return new AppError("VALIDATION", err.message);
  if (err instanceof AppError) return err;
  log.warn("dynamic api call failed", { error: err instanceof Error ? err.message : String(err) });
  return new AppError("UNAVAILABLE", err instanceof Error ? err.message : "Falha ao chamar a API");
}

/** The document's text: uploaded, or fetched (with the API's auth when it is served by the API itself). */
async function documentText(ctx: ServiceContext, rowId: string, cfg: DynamicApiConfig, url: string | null | undefined, uploaded: string | null | undefined) {
  if (uploaded) return uploaded;
  const target = url || cfg.apiUrl;
  if (!target) throw new AppError("VALIDATION", "Informe a URL da documentação ou envie o arquivo");
  const open = openApiConfig(ctx, { kind: "dynamic_api", config: cfg });
  const sameOrigin = (() => {
    try {
      return new URL(target).origin === new URL(cfg.baseUrl).origin;
    } catch {
      return false;
    }
  })();
  const headers = { accept: "application/json, application/yaml, text/yaml, */*", ...(sameOrigin ? await authHeaders(rowId, open) : {}) };
  const res = await safeFetch(target, { headers, maxBytes: DOC_MAX_BYTES, timeoutMs: 15_000 });
  return res.text();
}

export async function discoverEndpoints(ctx: ServiceContext, scope: EditorScope, input: Discover) {
  const row = await getApiRow(ctx, scope, input.id);
  const cfg = readConfig(row);
  const before = statusOf(row);
  await writeApi(ctx, row.id, { status: "discovery_in_progress" });
  try {
    const parsed = readDocument(parseDocumentText(await documentText(ctx, row.id, cfg, input.url, input.document)));
    // Endpoints already chosen stay ticked after a new discovery.
    const chosen = new Set(cfg.endpoints.map((e) => e.key));
    const discoveredEndpoints = parsed.endpoints.map((e) => ({ ...e, selected: chosen.has(e.key) }));
    const apiUrl = input.url ?? cfg.apiUrl ?? null;
    const status: DynamicApiStatus = cfg.endpoints.length ? "configuration_saved" : "discovery_completed";
    // Discovery itself completed; a previous selection keeps its saved state so the agent keeps its tools.
    const next = await writeApi(ctx, row.id, { status, config: { ...cfg, apiUrl, discoveredEndpoints, detectionMethod: parsed.method } });
    return { api: toPublic(next), detectionMethod: parsed.method, title: parsed.title, suggestedBaseUrl: parsed.baseUrl, endpoints: discoveredEndpoints, discoveryStatus: "discovery_completed" as const };
  } catch (err) {
    await writeApi(ctx, row.id, { status: before });
    throw fetchFailure(err);
  }
}

function manualEndpoint(d: ManualEndpoint): ApiEndpoint {
  const path = d.path.startsWith("/") ? d.path : `/${d.path}`;
  return {
    key: endpointKey(d.method, path),
    method: d.method,
    path,
    name: d.name,
    summary: d.summary ?? null,
    description: d.description ?? null,
    baseUrl: d.baseUrl ?? null,
    parameters: d.parameters,
    requestBody: d.requestBody ? { required: false, schema: d.requestBody } : null,
    responses: {},
    selected: true,
    source: "manual",
  };
}

export async function saveEndpoints(ctx: ServiceContext, scope: EditorScope, input: SaveEndpoints) {
  const row = await getApiRow(ctx, scope, input.id);
  const cfg = readConfig(row);
  const byKey = new Map(cfg.discoveredEndpoints.map((e) => [e.key, e]));
  for (const key of input.selected) if (!byKey.has(key)) throw new AppError("VALIDATION", `Endpoint não encontrado: ${key}`);
  const chosen = new Set(input.selected);
  const manual = input.manual.map(manualEndpoint);
  const discovered = cfg.discoveredEndpoints.map((e) => ({ ...e, selected: chosen.has(e.key) }));
  const endpoints = [...discovered.filter((e) => e.selected), ...manual.filter((m) => !chosen.has(m.key))];
  const detectionMethod: DetectionMethod | null = discovered.some((e) => e.selected) ? (cfg.detectionMethod ?? null) : manual.length ? "manual" : (cfg.detectionMethod ?? null);
  const status: DynamicApiStatus = endpoints.length ? "configuration_saved" : discovered.length ? "discovery_completed" : "not_configured";
  const config: DynamicApiConfig = { ...cfg, discoveredEndpoints: discovered, endpoints, detectionMethod, configured: endpoints.length > 0, configuredAt: endpoints.length ? ctx.now() : null };
  return toPublic(await writeApi(ctx, row.id, { config, status }));
}

/** The test console: runs one selected endpoint with the given arguments; the outcome sets the state. */
export async function testEndpoint(ctx: ServiceContext, scope: EditorScope, input: TestEndpoint) {
  const row = await getApiRow(ctx, scope, input.id);
  const ep = readConfig(row).endpoints.find((e) => e.key === input.endpointKey);
  if (!ep) throw new AppError("NOT_FOUND", "Endpoint não encontrado entre os selecionados");
  const started = performance.now();
  try {
    const res = await callEndpoint(row.id, openApiConfig(ctx, row), ep, input.args);
    await writeApi(ctx, row.id, {
      status: res.ok ? "ready_for_execution" : "execution_failed",
      lastTestedAt: ctx.now(),
      testStatus: res.ok ? "ok" : "failed",
      testMessage: `HTTP ${res.status} em ${res.durationMs} ms`,
    });
    return { ...res, error: null };
  } catch (err) {
    const message = fetchFailure(err).message;
    await writeApi(ctx, row.id, { status: "execution_failed", lastTestedAt: ctx.now(), testStatus: "failed", testMessage: message });
    return { url: null, status: 0, ok: false, durationMs: Math.round(performance.now() - started), headers: {}, body: null, error: message };
  }
}
