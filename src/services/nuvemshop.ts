/**
 * The agent's Nuvemshop store (SPEC §3 e-commerce): one agent_integrations row of kind
 * "nuvemshop" per agent, the access token sealed at rest and never returned (hasAccessToken).
 * Reads need membership of the agent's workspace; writes and "Testar" need canEditAgents. Another
 * workspace's agent is "não encontrado".
 */
import { NuvemshopError, fetchStore } from "../adapters/nuvemshop/client";
import { type IntegrationRow, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import { type NuvemshopConfig, type NuvemshopTest, TOKEN_REQUIRED } from "../schemas/nuvemshop";
import type { EditorScope } from "./access";
import { agentIntegrationOf, recordIntegrationTest, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import type { ServiceContext, WorkspaceScope } from "./context";

const KIND = "nuvemshop" as const;

type StoredConfig = { storeId?: string; accessToken?: string };

export function toPublicNuvemshop(row: IntegrationRow | null) {
  if (!row) return null;
  const pub = publicConfig(row);
  const c = pub.config as { storeId?: string; hasAccessToken?: boolean };
  return {
    id: row.id,
    enabled: row.enabled,
    config: { storeId: c.storeId ?? "", hasAccessToken: !!c.hasAccessToken },
    lastTestedAt: row.lastTestedAt,
    testStatus: row.testStatus,
    testMessage: row.testMessage,
    updatedAt: row.updatedAt,
  };
}
export type PublicNuvemshop = NonNullable<ReturnType<typeof toPublicNuvemshop>>;

export async function getNuvemshop(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  return toPublicNuvemshop(await agentIntegrationOf(ctx, scope, agentId, KIND));
}

export async function saveNuvemshop(ctx: ServiceContext, scope: EditorScope, agentId: string, input: NuvemshopConfig) {
  const row = await agentIntegrationOf(ctx, scope, agentId, KIND);
  const config = sealConfig(ctx, KIND, { storeId: input.storeId, accessToken: input.accessToken }, row?.config);
  if (!config.accessToken) throw new AppError("VALIDATION", TOKEN_REQUIRED, { field: "accessToken" });
  const prev = (row?.config ?? {}) as StoredConfig;
  const resetTest = !row || prev.storeId !== input.storeId || !!input.accessToken;
  const saved = await upsertAgentIntegration(ctx, scope, { agentId, kind: KIND, row }, { config, enabled: input.enabled, resetTest });
  return toPublicNuvemshop(saved) as PublicNuvemshop;
}

export async function removeNuvemshop(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  return removeAgentIntegration(ctx, scope, agentId, KIND);
}

/**
 * "Testar": reads the store's record with the form's values (a blank token uses the stored one).
 * The outcome is recorded on the saved integration when the saved credentials were the ones tested.
 */
export async function testNuvemshop(ctx: ServiceContext, scope: EditorScope, agentId: string, draft: NuvemshopTest) {
  const row = await agentIntegrationOf(ctx, scope, agentId, KIND);
  const stored = row ? openConfig<StoredConfig>(ctx, row) : {};
  const storeId = draft?.storeId || stored.storeId;
  const accessToken = draft?.accessToken || stored.accessToken;
  if (!storeId) throw new AppError("VALIDATION", "Informe o ID da loja", { field: "storeId" });
  if (!accessToken) throw new AppError("VALIDATION", TOKEN_REQUIRED, { field: "accessToken" });
  const testsSaved = !!row && storeId === stored.storeId && accessToken === stored.accessToken;

  let result: { ok: boolean; message: string; storeName: string | null; storeUrl: string | null };
  try {
    const store = await fetchStore({ storeId, accessToken });
    result = { ok: true, message: `Conectado à loja "${store.name}".`, storeName: store.name, storeUrl: store.url };
  } catch (err) {
    if (!(err instanceof NuvemshopError)) throw err;
    result = { ok: false, message: err.message, storeName: null, storeUrl: null };
  }
  if (testsSaved && row) await recordIntegrationTest(ctx, row.id, result.ok, result.message);
  return result;
}
