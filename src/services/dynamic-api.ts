/**
 * Dynamic APIs of an agent (SPEC §3, §4, §5): CRUD with encrypted secrets. Discovery, endpoint
 * selection and the test console live in dynamic-api-endpoints.ts. Every row is reached through
 * the caller's workspace: another workspace's id is "não encontrada".
 */
import { and, eq } from "drizzle-orm";
import { agentIntegrations } from "../../db/schema";
import { type DynamicApiConfig, readConfig, statusOf } from "../integrations/dynamic-api/config";
import { type IntegrationRow, SECRET_FIELDS, integrationsOf, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import type { DynamicApi, DynamicApiStatus } from "../schemas/dynamic-api";
import type { EditorScope } from "./access";
import { getAgent } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

export const NOT_FOUND_MESSAGE = "API não encontrada";

/** What the editor sees: secrets replaced by has<Field> flags. */
export function toPublic(row: IntegrationRow) {
  const pub = publicConfig(row);
  return { id: pub.id, agentId: pub.agentId, name: pub.name, enabled: pub.enabled, status: statusOf(row), lastTestedAt: pub.lastTestedAt, testStatus: pub.testStatus, testMessage: pub.testMessage, config: pub.config };
}

export async function getApiRow(ctx: ServiceContext, scope: WorkspaceScope, id: string): Promise<IntegrationRow> {
  const [row] = await ctx.db
    .select()
    .from(agentIntegrations)
    .where(and(eq(agentIntegrations.id, id), eq(agentIntegrations.workspaceId, scope.id), eq(agentIntegrations.kind, "dynamic_api")));
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return row;
}

export async function writeApi(ctx: ServiceContext, id: string, patch: { config?: DynamicApiConfig; status?: DynamicApiStatus } & Partial<Pick<IntegrationRow, "lastTestedAt" | "testStatus" | "testMessage" | "name" | "enabled">>) {
  const [row] = await ctx.db.update(agentIntegrations).set(patch).where(eq(agentIntegrations.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND_MESSAGE);
  return row;
}

export async function listDynamicApis(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  return (await integrationsOf(ctx, agentId, "dynamic_api")).filter((r) => r.workspaceId === scope.id).map(toPublic);
}

/** Each auth type's credentials must be present once saved (a blank secret keeps the stored one). */
function requireCredentials(c: Record<string, unknown> | DynamicApiConfig) {
  const r = c as Record<string, unknown>;
  const has = (k: string) => typeof r[k] === "string" && r[k] !== "";
  const missing: Record<string, string | null> = {
    none: null,
    "api-key": has("apiKey") ? null : "Informe a chave de API",
    basic: has("username") && has("password") ? null : "Informe usuário e senha",
    bearer: has("token") ? null : "Informe o token",
    jwt: has("token") ? null : "Informe o token",
    oauth2: has("tokenUrl") && has("clientId") && has("clientSecret") ? null : "Informe a URL do token, o client ID e o client secret",
    custom: has("customHeaders") ? null : "Informe os cabeçalhos personalizados",
  };
  const message = missing[String(r.authType)];
  if (message) throw new AppError("VALIDATION", message);
}

async function assertNameFree(ctx: ServiceContext, agentId: string, name: string, exceptId?: string) {
  const rows = await integrationsOf(ctx, agentId, "dynamic_api");
  if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== exceptId)) {
    throw new AppError("CONFLICT", "Já existe uma API com este nome neste agente");
  }
}

export async function createDynamicApi(ctx: ServiceContext, scope: EditorScope, agentId: string, { enabled, ...input }: DynamicApi) {
  await getAgent(ctx.db, scope, agentId);
  await assertNameFree(ctx, agentId, input.name);
  const config = sealConfig(ctx, "dynamic_api", { ...input, discoveredEndpoints: [], endpoints: [], configured: false, configuredAt: null });
  requireCredentials({ ...input, ...config });
  const [row] = await ctx.db
    .insert(agentIntegrations)
    .values({ workspaceId: scope.id, agentId, kind: "dynamic_api", name: input.name, config, enabled, status: "not_configured" satisfies DynamicApiStatus })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar a API");
  return toPublic(row);
}

export async function updateDynamicApi(ctx: ServiceContext, scope: EditorScope, id: string, { enabled, ...input }: DynamicApi) {
  const row = await getApiRow(ctx, scope, id);
  await assertNameFree(ctx, row.agentId, input.name, id);
  // Stored ciphertexts are left out of the merge: sealConfig keeps them when the form sends none.
  const prev: Record<string, unknown> = { ...readConfig(row) };
  for (const field of SECRET_FIELDS.dynamic_api) delete prev[field];
  const config = sealConfig(ctx, "dynamic_api", { ...prev, ...input }, row.config) as DynamicApiConfig;
  // A secret of another auth type may stay stored: only the current type's fields are checked.
  requireCredentials(config);
  // A changed config invalidates the last test: back to "saved" until tested again.
  const status: DynamicApiStatus = config.endpoints.length ? "configuration_saved" : statusOf(row);
  return toPublic(await writeApi(ctx, id, { config, name: input.name, enabled, status }));
}

export async function deleteDynamicApi(ctx: ServiceContext, scope: EditorScope, id: string) {
  await getApiRow(ctx, scope, id);
  await ctx.db.delete(agentIntegrations).where(and(eq(agentIntegrations.id, id), eq(agentIntegrations.workspaceId, scope.id)));
  return { ok: true };
}
