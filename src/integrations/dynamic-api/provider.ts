/**
 * The dynamic API ToolProvider: each selected endpoint of the agent's enabled APIs that are
 * configuration_saved or ready_for_execution becomes a tool. An API whose test failed
 * (execution_failed) is not offered until it is fixed and tested again.
 */
import type { ToolProvider, AgentTool } from "../../runtime/tools";
import type { AppDeps } from "../../services/context";
import { type ApiEndpoint, EXECUTABLE_STATUSES } from "../../schemas/dynamic-api";
import { toolNameFor } from "../intents/shape";
import { integrationsOf, type IntegrationRow } from "../store";
import { type DynamicApiConfig, openApiConfig, statusOf } from "./config";
import { callEndpoint, pathParamNames } from "./execute";

/** Room for the auth token fetch plus the call itself (each capped at 10 s by safeFetch). */
const TOOL_TIMEOUT_MS = 20_000;

const JSON_TYPE: Record<string, string> = { string: "string", number: "number", integer: "integer", boolean: "boolean", array: "array", object: "object" };

export function endpointParameters(ep: ApiEndpoint): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const declared = new Set(ep.parameters.map((p) => p.name));
  for (const p of ep.parameters) {
    const type = JSON_TYPE[p.type] ?? "string";
    properties[p.name] = { type, ...(type === "array" ? { items: { type: "string" } } : {}), ...(p.description ? { description: p.description } : {}) };
    if (p.required || p.in === "path") required.push(p.name);
  }
  for (const name of pathParamNames(ep.path)) {
    if (declared.has(name)) continue;
    properties[name] = { type: "string" };
    required.push(name);
  }
  if (["POST", "PUT", "PATCH"].includes(ep.method)) {
    const schema = ep.requestBody?.schema ?? {};
    properties.body = { type: "object", ...schema, description: "Corpo JSON da requisição" };
    if (ep.requestBody?.required) required.push("body");
  }
  return { type: "object", properties, ...(required.length ? { required: [...new Set(required)] } : {}) };
}

export function describeEndpoint(apiName: string, ep: ApiEndpoint): string {
  const text = [ep.summary, ep.description].filter(Boolean).join(". ");
  return `${text || `${ep.method} ${ep.path}`} (API ${apiName}: ${ep.method} ${ep.path})`.slice(0, 1000);
}

export function endpointTools(row: IntegrationRow, cfg: DynamicApiConfig, taken: Set<string>): AgentTool[] {
  return cfg.endpoints
    .filter((ep) => ep.selected)
    .map((ep) => ({
      name: toolNameFor(ep.operationId || ep.name || `${ep.method}_${ep.path}`, taken),
      description: describeEndpoint(cfg.name, ep),
      parameters: endpointParameters(ep),
      timeoutMs: TOOL_TIMEOUT_MS,
      run: async (args, signal) => {
        const res = await callEndpoint(row.id, cfg, ep, args, signal);
        return { data: { status: res.status, ok: res.ok, resposta: res.body } };
      },
    }));
}

export async function executableApis(deps: AppDeps, agent: { id: string; workspaceId: string }) {
  const rows = await integrationsOf(deps, agent, "dynamic_api");
  return rows.filter((r) => r.enabled && r.workspaceId === agent.workspaceId && EXECUTABLE_STATUSES.includes(statusOf(r)));
}

export const dynamicApiTools: ToolProvider = async (deps, agent) => {
  const taken = new Set<string>();
  return (await executableApis(deps, agent)).flatMap((row) => endpointTools(row, openApiConfig(deps, row), taken));
};
