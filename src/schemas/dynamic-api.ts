/**
 * Dynamic API contract (SPEC §3 "Dynamic API config", §4 states, §5 rules): the same schemas
 * validate the editor's form in the browser and the tRPC input on the server.
 */
import { z } from "zod";
import { httpMethods } from "./agents";
import { httpUrl, line, optional, paragraph } from "./text";

export const METHOD_MESSAGE = "Método HTTP deve ser GET, POST, PUT, DELETE ou PATCH";
export const dynamicAuthTypes = ["none", "api-key", "basic", "bearer", "oauth2", "jwt", "custom"] as const;
export type DynamicAuthType = (typeof dynamicAuthTypes)[number];
export const AUTH_LABELS: Record<DynamicAuthType, string> = {
  none: "Sem autenticação",
  "api-key": "Chave de API (cabeçalho)",
  basic: "Básica (usuário e senha)",
  bearer: "Bearer token",
  oauth2: "OAuth2 (client credentials)",
  jwt: "JWT",
  custom: "Cabeçalhos personalizados",
};

export const dynamicApiStatuses = [
  "not_configured",
  "discovery_in_progress",
  "discovery_completed",
  "configuration_saved",
  "ready_for_execution",
  "execution_failed",
] as const;
export type DynamicApiStatus = (typeof dynamicApiStatuses)[number];
export const STATUS_LABELS: Record<DynamicApiStatus, string> = {
  not_configured: "Não configurada",
  discovery_in_progress: "Descoberta em andamento",
  discovery_completed: "Descoberta concluída",
  configuration_saved: "Configuração salva",
  ready_for_execution: "Pronta para execução",
  execution_failed: "Falha na execução",
};
/** The states whose selected endpoints are offered to the model. */
export const EXECUTABLE_STATUSES: readonly DynamicApiStatus[] = ["configuration_saved", "ready_for_execution"];

export const detectionMethods = ["openapi", "swagger", "real_endpoints", "manual"] as const;
export type DetectionMethod = (typeof detectionMethods)[number];

/** A JSON object of header name → text value, as typed in the "Cabeçalhos personalizados" field. */
export function parseHeaderJson(raw: string): Record<string, string> | null {
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return null;
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(k) || (typeof val !== "string" && typeof val !== "number")) return null;
      out[k] = String(val);
    }
    return out;
  } catch {
    return null;
  }
}

/** Secrets: "" or absent on update keeps the stored value (the form never receives it). */
const secret = (max: number, message: string) => z.string().max(max, message).optional();

export const dynamicApiInput = z.object({
  name: line(2, 100, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 100 caracteres" }),
  /** Where its OpenAPI/Swagger document lives (the default of "Descobrir endpoints"). */
  apiUrl: optional(httpUrl("URL da documentação inválida")),
  description: optional(paragraph(0, 500, { max: "Descrição deve ter no máximo 500 caracteres" })),
  authType: z.enum(dynamicAuthTypes, { message: "Tipo de autenticação inválido" }).default("none"),
  baseUrl: httpUrl("URL base inválida"),
  apiKey: secret(500, "Chave de API deve ter no máximo 500 caracteres"),
  apiKeyHeader: optional(
    z
      .string()
      .trim()
      .max(100, "Nome do cabeçalho deve ter no máximo 100 caracteres")
      .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "Nome do cabeçalho inválido"),
  ),
  username: optional(z.string().max(100, "Usuário deve ter no máximo 100 caracteres")),
  password: secret(100, "Senha deve ter no máximo 100 caracteres"),
  token: secret(1000, "Token deve ter no máximo 1000 caracteres"),
  tokenUrl: optional(httpUrl("URL do token inválida")),
  clientId: optional(z.string().trim().max(200, "Client ID deve ter no máximo 200 caracteres")),
  clientSecret: secret(500, "Client secret deve ter no máximo 500 caracteres"),
  scope: optional(z.string().trim().max(500, "Escopo deve ter no máximo 500 caracteres")),
  customHeaders: secret(2000, "Cabeçalhos personalizados devem ter no máximo 2000 caracteres").refine(
    (s) => !s || parseHeaderJson(s) !== null,
    'Cabeçalhos personalizados devem ser um JSON como {"Nome": "valor"}',
  ),
  enabled: z.boolean().default(true),
});
export type DynamicApiInput = z.input<typeof dynamicApiInput>;
export type DynamicApi = z.output<typeof dynamicApiInput>;
export const createDynamicApiInput = z.object({ agentId: z.uuid(), api: dynamicApiInput });
export const updateDynamicApiInput = z.object({ id: z.uuid(), api: dynamicApiInput });

export const paramLocations = ["path", "query", "header"] as const;
export const paramTypes = ["string", "number", "integer", "boolean", "array", "object"] as const;

export const endpointParam = z.object({
  name: z.string().trim().min(1, "Nome do parâmetro é obrigatório").max(100, "Nome do parâmetro deve ter no máximo 100 caracteres"),
  in: z.enum(paramLocations, { message: "Local do parâmetro inválido" }).default("query"),
  type: z.enum(paramTypes, { message: "Tipo de parâmetro inválido" }).default("string"),
  required: z.boolean().default(false),
  description: optional(z.string().trim().max(500, "Descrição do parâmetro deve ter no máximo 500 caracteres")),
});
export type EndpointParam = z.output<typeof endpointParam>;

/** A manual endpoint (SPEC §5 "Endpoint definition"). */
export const endpointDefinition = z.object({
  /** Empty: the API's base URL. */
  baseUrl: optional(httpUrl("URL base inválida")),
  path: z.string().trim().min(1, "Caminho é obrigatório").max(500, "Caminho deve ter no máximo 500 caracteres"),
  name: z
    .string()
    .trim()
    .min(1, "Nome é obrigatório")
    .max(100, "Nome deve ter no máximo 100 caracteres")
    .regex(/^[\p{L}\p{N} _-]+$/u, "Nome deve conter apenas letras, números, hífen, sublinhado e espaço"),
  method: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(httpMethods, { message: METHOD_MESSAGE })),
  summary: optional(z.string().trim().max(200, "Resumo deve ter no máximo 200 caracteres")),
  description: optional(z.string().trim().max(500, "Descrição deve ter no máximo 500 caracteres")),
  parameters: z.array(endpointParam).max(30, "No máximo 30 parâmetros").default([]),
  /** JSON Schema of the body (POST/PUT/PATCH). */
  requestBody: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type EndpointDefinition = z.input<typeof endpointDefinition>;
export type ManualEndpoint = z.output<typeof endpointDefinition>;

/** Neither url nor document: the API's saved apiUrl is fetched. */
export const discoverInput = z.object({
  id: z.uuid(),
  url: optional(httpUrl("URL da documentação inválida")),
  /** An uploaded OpenAPI/Swagger document, JSON or YAML text. */
  document: optional(z.string().max(2_000_000, "O documento deve ter no máximo 2 MB")),
});
export type Discover = z.output<typeof discoverInput>;

export const saveEndpointsInput = z.object({
  id: z.uuid(),
  selected: z.array(z.string().max(600)).max(200, "No máximo 200 endpoints"),
  manual: z.array(endpointDefinition).max(50, "No máximo 50 endpoints manuais").default([]),
});
export type SaveEndpoints = z.output<typeof saveEndpointsInput>;

export const testEndpointInput = z.object({
  id: z.uuid(),
  endpointKey: z.string().min(1).max(600),
  args: z.record(z.string(), z.unknown()).default({}),
});
export type TestEndpoint = z.output<typeof testEndpointInput>;

/** An endpoint as stored in the config (discovered or manual); `key` is "METHOD path". */
export type ApiEndpoint = {
  key: string;
  method: (typeof httpMethods)[number];
  path: string;
  name?: string | null;
  operationId?: string | null;
  summary?: string | null;
  description?: string | null;
  baseUrl?: string | null;
  parameters: EndpointParam[];
  requestBody?: { required: boolean; schema: Record<string, unknown> } | null;
  responses?: Record<string, string>;
  selected: boolean;
  source: DetectionMethod;
};

export const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
