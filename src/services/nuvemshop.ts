/**
 * The agent's Nuvemshop store (SPEC §3 e-commerce): one agent_integrations row of kind
 * "nuvemshop" per agent, the access token sealed at rest and never returned (hasAccessToken).
 * Reads need membership of the agent's workspace; writes and "Testar" need canEditAgents. Another
 * workspace's agent is "não encontrado".
 */
import { and, eq } from "drizzle-orm";
import { agentIntegrations } from "../../db/schema";
import { NuvemshopError, fetchStore } from "../integrations/nuvemshop/client";
import { type IntegrationRow, integrationsOf, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import { TOKEN_REQUIRED, nuvemshopInput, nuvemshopTestInput } from "../schemas/nuvemshop";
import { getAgent, requireFlag } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

const KIND = "nuvemshop" as const;
const DENIED = "Você não tem permissão para editar agentes neste workspace";

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

async function rowOf(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  return (await integrationsOf(ctx, agentId, KIND)).find((r) => r.workspaceId === scope.id) ?? null;
}

export async function getNuvemshop(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  return toPublicNuvemshop(await rowOf(ctx, scope, agentId));
}

export async function saveNuvemshop(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, raw: unknown) {
  requireFlag(scope, "canEditAgents", DENIED);
  await getAgent(ctx.db, scope, agentId);
  const input = nuvemshopInput.parse(raw);
  const row = await rowOf(ctx, scope, agentId);
  const config = sealConfig(ctx, KIND, { storeId: input.storeId, accessToken: input.accessToken }, row?.config);
  if (!config.accessToken) throw new AppError("VALIDATION", TOKEN_REQUIRED, { field: "accessToken" });
  const prev = (row?.config ?? {}) as StoredConfig;
  // New credentials invalidate the last test result.
  const changed = !row || prev.storeId !== input.storeId || !!input.accessToken;
  const testReset = changed ? { lastTestedAt: null, testStatus: null, testMessage: null } : {};
  if (row) {
    const [next] = await ctx.db
      .update(agentIntegrations)
      .set({ config, enabled: input.enabled, status: "configured", ...testReset })
      .where(eq(agentIntegrations.id, row.id))
      .returning();
    return toPublicNuvemshop(next ?? null) as PublicNuvemshop;
  }
  const [created] = await ctx.db.insert(agentIntegrations).values({ workspaceId: scope.id, agentId, kind: KIND, name: "default", config, enabled: input.enabled, status: "configured" }).returning();
  if (!created) throw new AppError("INTERNAL", "Falha ao salvar a integração");
  return toPublicNuvemshop(created) as PublicNuvemshop;
}

export async function removeNuvemshop(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  requireFlag(scope, "canEditAgents", DENIED);
  await getAgent(ctx.db, scope, agentId);
  await ctx.db.delete(agentIntegrations).where(and(eq(agentIntegrations.agentId, agentId), eq(agentIntegrations.workspaceId, scope.id), eq(agentIntegrations.kind, KIND)));
  return { ok: true };
}

/**
 * "Testar": reads the store's record with the form's values (a blank token uses the stored one).
 * The outcome is recorded on the saved integration when the saved credentials were the ones tested.
 */
export async function testNuvemshop(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, raw?: unknown) {
  requireFlag(scope, "canEditAgents", DENIED);
  await getAgent(ctx.db, scope, agentId);
  const draft = nuvemshopTestInput.parse(raw ?? undefined);
  const row = await rowOf(ctx, scope, agentId);
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
  if (testsSaved && row) {
    await ctx.db
      .update(agentIntegrations)
      .set({ lastTestedAt: ctx.now(), testStatus: result.ok ? "ok" : "failed", testMessage: result.message })
      .where(eq(agentIntegrations.id, row.id));
  }
  return result;
}
