/**
 * The web-search ToolProvider: `buscar_na_web` is offered when the agent's conversation setting
 * "Pesquisar na web" is on and a Tavily key exists (the agent's own, else the admin's).
 */
import type { AgentRow } from "../../runtime/prompt";
import type { ToolProvider } from "../../runtime/tools";
import { WEB_SEARCH_TOOL, type WebSearchGlobal, searchQuery } from "../../schemas/web-search";
import type { AppDeps } from "../../services/context";
import { getPlatformSetting } from "../../services/platform-settings";
import { integrationsOf, openConfig } from "../store";
import { TAVILY_TIMEOUT_MS, WebSearchError, tavilySearch } from "../../adapters/tavily/client";

export type SearchSettings = { apiKey: string; maxResults: number; searchDepth: "basic" | "advanced"; keySource: "agent" | "admin" };

/** The key and options a search of this agent uses, or null when no key is available. */
export async function searchSettings(deps: AppDeps, agent: Pick<AgentRow, "id" | "workspaceId">): Promise<SearchSettings | null> {
  const global = await getPlatformSetting<Partial<WebSearchGlobal>>(deps, "web_search", agent);
  const maxResults = typeof global?.maxResults === "number" ? global.maxResults : 5;
  const searchDepth = global?.searchDepth === "advanced" ? "advanced" : "basic";
  const [row] = (await integrationsOf(deps, agent, "web_search")).filter((r) => r.workspaceId === agent.workspaceId);
  if (row?.enabled) {
    const own = openConfig<{ apiKey?: string }>(deps, row).apiKey;
    if (own) return { apiKey: own, maxResults, searchDepth, keySource: "agent" };
  }
  if (global && global.enabled !== false && typeof global.apiKey === "string" && global.apiKey) {
    return { apiKey: global.apiKey, maxResults, searchDepth, keySource: "admin" };
  }
  return null;
}

export const webSearchTools: ToolProvider = async (deps, agent) => {
  if (!agent.conversationSettings?.webSearch) return [];
  const settings = await searchSettings(deps, agent);
  if (!settings) return [];
  return [
    {
      name: WEB_SEARCH_TOOL,
      description:
        "Pesquisa na internet informações atuais que não estão no treinamento do agente (horários, notícias, preços públicos, endereços). Use uma busca curta e objetiva; cite a fonte (url) ao responder.",
      parameters: {
        type: "object",
        properties: { consulta: { type: "string", description: "O que pesquisar, em poucas palavras" } },
        required: ["consulta"],
      },
      timeoutMs: TAVILY_TIMEOUT_MS + 5_000,
      run: async (args, signal) => {
        const parsed = searchQuery.safeParse(args.consulta);
        if (!parsed.success) throw new WebSearchError(parsed.error.issues[0]?.message ?? "Informe o que buscar");
        const found = await tavilySearch({ apiKey: settings.apiKey, query: parsed.data, maxResults: settings.maxResults, searchDepth: settings.searchDepth, signal });
        if (!found.resultados.length) return { data: { ...found, observacao: "Nenhum resultado encontrado para esta busca." } };
        return { data: found };
      },
    },
  ];
};
