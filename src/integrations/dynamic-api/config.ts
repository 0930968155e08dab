/** The stored shape of a dynamic API's `config` (agent_integrations, kind "dynamic_api"). */
import type { ApiEndpoint, DetectionMethod, DynamicApiStatus, DynamicAuthType } from "../../schemas/dynamic-api";
import { type IntegrationRow, openConfig } from "../store";
import type { AppDeps } from "../../services/context";

export type DynamicApiConfig = {
  name: string;
  apiUrl?: string | null;
  description?: string | null;
  authType: DynamicAuthType;
  baseUrl: string;
  /** Secrets (ciphertexts at rest; plain only after openConfig). */
  apiKey?: string;
  password?: string;
  token?: string;
  clientSecret?: string;
  /** JSON text of header → value. */
  customHeaders?: string;
  apiKeyHeader?: string | null;
  username?: string | null;
  tokenUrl?: string | null;
  clientId?: string | null;
  scope?: string | null;
  detectionMethod?: DetectionMethod | null;
  /** Everything the last discovery found (the checklist). */
  discoveredEndpoints: ApiEndpoint[];
  /** What the agent may call: the ticked discovered endpoints plus the manual ones. */
  endpoints: ApiEndpoint[];
  configured: boolean;
  configuredAt: number | null;
};

export const statusOf = (row: Pick<IntegrationRow, "status">) => row.status as DynamicApiStatus;

export function readConfig(row: Pick<IntegrationRow, "config">): DynamicApiConfig {
  const c = row.config as Partial<DynamicApiConfig>;
  return { ...(c as DynamicApiConfig), discoveredEndpoints: c.discoveredEndpoints ?? [], endpoints: c.endpoints ?? [], configured: !!c.configured, configuredAt: c.configuredAt ?? null };
}

/** Decrypted, for the server-side call only. */
export const openApiConfig = (deps: AppDeps, row: Pick<IntegrationRow, "kind" | "config">) => readConfig({ config: openConfig(deps, row) });
