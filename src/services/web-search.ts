/**
 * Web search (SPEC §3 "Web-search provider config", protocols §11): the admin's provider and key
 * (platform_settings "web_search", key encrypted) and, per agent, an optional own key
 * (agent_integrations kind "web_search") plus the conversation setting that switches it on.
 */
import { searchSettings } from "../integrations/web-search/provider";
import { WebSearchError, tavilySearch } from "../adapters/tavily/client";
import { publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import type { WebSearchAgent, WebSearchGlobal, WebSearchTest } from "../schemas/web-search";
import type { EditorScope } from "./access";
import { agentIntegrationOf, recordIntegrationTest, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import { getAgent, updateAgent } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "./platform-settings";

const TEST_QUERY = "Atenda plataforma de atendimento";

/** The admin card: provider, options and hasApiKey (never the key). */
export async function webSearchGlobal(deps: AppDeps) {
  const { value, updatedAt } = await publicPlatformSetting(deps, "web_search");
  const v = value as Partial<WebSearchGlobal> & { hasApiKey?: boolean };
  return {
    provider: v.provider ?? "tavily",
    enabled: v.enabled !== false,
    maxResults: v.maxResults ?? 5,
    searchDepth: v.searchDepth ?? "basic",
    hasApiKey: v.hasApiKey === true,
    updatedAt,
  };
}

export async function saveWebSearchGlobal(ctx: ServiceContext, input: WebSearchGlobal) {
  await savePlatformSetting(ctx, "web_search", input, ctx.actor.type === "user" ? ctx.actor.userId : null);
  return webSearchGlobal(ctx);
}

type TestOutcome = { ok: boolean; results: number; sample: { titulo: string; url: string } | null; error: string | null };

async function runTest(apiKey: string, maxResults = 3): Promise<TestOutcome> {
  try {
    const found = await tavilySearch({ apiKey, query: TEST_QUERY, maxResults, searchDepth: "basic" });
    const first = found.resultados[0];
    return { ok: true, results: found.resultados.length, sample: first ? { titulo: first.titulo, url: first.url } : null, error: null };
  } catch (err) {
    return { ok: false, results: 0, sample: null, error: err instanceof WebSearchError ? err.message : "Falha ao testar a busca na web" };
  }
}

/** The admin's "Testar": the key typed in the form, else the stored one. */
export async function testWebSearchGlobal(deps: AppDeps, input: WebSearchTest) {
  const stored = await getPlatformSetting<{ apiKey?: string }>(deps, "web_search");
  const apiKey = input.apiKey || stored?.apiKey;
  if (!apiKey) throw new AppError("VALIDATION", "Informe a chave de API da Tavily");
  return runTest(apiKey);
}

/** The agent card: whether the agent's setting is on, whether a key exists (the admin's or its own), and the own-key row. */
export async function getAgentWebSearch(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  const agent = await getAgent(ctx.db, scope, agentId);
  const row = await agentIntegrationOf(ctx, scope, agentId, "web_search");
  const global = await webSearchGlobal(ctx);
  const settings = await searchSettings(ctx, agent);
  const pub = row ? publicConfig(row) : null;
  return {
    agentSetting: agent.conversationSettings?.webSearch === true,
    provider: global.provider,
    adminConfigured: global.hasApiKey && global.enabled,
    keySource: settings?.keySource ?? null,
    active: agent.conversationSettings?.webSearch === true && settings !== null,
    integration: pub ? { id: pub.id, enabled: pub.enabled, hasApiKey: pub.config.hasApiKey === true, lastTestedAt: pub.lastTestedAt, testStatus: pub.testStatus, testMessage: pub.testMessage } : null,
  };
}

/** Turns the agent's "Pesquisar na web" conversation setting on or off (the same field as the Conversa section). */
export async function setAgentWebSearch(ctx: ServiceContext, scope: EditorScope, userId: string, agentId: string, enabled: boolean) {
  const agent = await getAgent(ctx.db, scope, agentId);
  await updateAgent(ctx, scope, userId, agentId, { conversationSettings: { ...agent.conversationSettings, webSearch: enabled } });
  return getAgentWebSearch(ctx, scope, agentId);
}

export async function saveAgentWebSearch(ctx: ServiceContext, scope: EditorScope, agentId: string, { enabled, ...input }: WebSearchAgent) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "web_search");
  const config = sealConfig(ctx, "web_search", input, row?.config ?? null);
  await upsertAgentIntegration(ctx, scope, { agentId, kind: "web_search", row }, { config, enabled });
  return getAgentWebSearch(ctx, scope, agentId);
}

export async function removeAgentWebSearch(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  await removeAgentIntegration(ctx, scope, agentId, "web_search");
  return getAgentWebSearch(ctx, scope, agentId);
}

/** The agent's "Testar": one real search with the key the agent would use. */
export async function testAgentWebSearch(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  const agent = await getAgent(ctx.db, scope, agentId);
  const settings = await searchSettings(ctx, agent);
  if (!settings) throw new AppError("PRECONDITION_FAILED", "Nenhuma chave de busca configurada: peça ao administrador da plataforma ou informe a chave do agente");
  const outcome = await runTest(settings.apiKey);
  const row = await agentIntegrationOf(ctx, scope, agentId, "web_search");
  if (row) await recordIntegrationTest(ctx, row.id, outcome.ok, outcome.ok ? `${outcome.results} resultado(s)` : outcome.error);
  return { ...outcome, keySource: settings.keySource };
}
