import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";
import type { ApiEndpoint, DetectionMethod, DynamicApiStatus, DynamicAuthType, EndpointDefinition } from "../../../../../src/schemas/dynamic-api";

type Outputs = inferRouterOutputs<AppRouter>;
export type DynamicApiRow = Outputs["dynamicApi"]["list"][number];
export type TestRun = Outputs["dynamicApi"]["test"];

/** The public config (secrets replaced by has* flags), as the list returns it. */
export type PublicDynamicConfig = {
  name: string;
  apiUrl?: string | null;
  description?: string | null;
  authType: DynamicAuthType;
  baseUrl: string;
  apiKeyHeader?: string | null;
  username?: string | null;
  tokenUrl?: string | null;
  clientId?: string | null;
  scope?: string | null;
  hasApiKey: boolean;
  hasPassword: boolean;
  hasToken: boolean;
  hasClientSecret: boolean;
  hasCustomHeaders: boolean;
  detectionMethod?: DetectionMethod | null;
  discoveredEndpoints: ApiEndpoint[];
  endpoints: ApiEndpoint[];
};

export const configOf = (api: DynamicApiRow) => api.config as unknown as PublicDynamicConfig;
export const statusOf = (api: DynamicApiRow) => api.status as DynamicApiStatus;

/** A stored manual endpoint back into the definition saveEndpoints takes (the list is sent whole). */
export const toDefinition = (e: ApiEndpoint): EndpointDefinition => ({
  name: e.name ?? e.path,
  method: e.method,
  path: e.path,
  summary: e.summary ?? null,
  description: e.description ?? null,
  baseUrl: e.baseUrl ?? null,
  parameters: e.parameters,
  requestBody: e.requestBody?.schema ?? null,
});

export const METHOD_BADGE: Record<string, string> = {
  GET: "badge-info",
  POST: "badge-success",
  PUT: "badge-warning",
  PATCH: "badge-warning",
  DELETE: "badge-error",
};

export const STATUS_BADGE: Record<DynamicApiStatus, string> = {
  not_configured: "badge-ghost",
  discovery_in_progress: "badge-info badge-soft",
  discovery_completed: "badge-info badge-soft",
  configuration_saved: "badge-warning badge-soft",
  ready_for_execution: "badge-success badge-soft",
  execution_failed: "badge-error badge-soft",
};
