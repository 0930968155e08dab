/**
 * Web search contract (SPEC §3 "Web-search provider config", protocols §11): the admin's provider
 * (Tavily) with its API key, and per agent an optional own key. The agent searches only when its
 * conversation setting "Pesquisar na web" (conversationSettings.webSearch) is on.
 */
import { z } from "zod";

export const webSearchProviders = ["tavily"] as const;
export const searchDepths = ["basic", "advanced"] as const;
export const PROVIDER_LABELS: Record<(typeof webSearchProviders)[number], string> = { tavily: "Tavily" };
export const DEPTH_LABELS: Record<(typeof searchDepths)[number], string> = { basic: "Básica (1 crédito)", advanced: "Avançada (2 créditos)" };

const apiKey = z.string().trim().max(500, "Chave de API deve ter no máximo 500 caracteres");

/** Admin card. "" or absent apiKey keeps the stored one. */
export const webSearchGlobalInput = z.object({
  provider: z.enum(webSearchProviders, { message: "Provedor de busca inválido" }).default("tavily"),
  apiKey: apiKey.optional(),
  enabled: z.boolean().default(true),
  maxResults: z
    .number({ message: "Informe o número de resultados" })
    .int("Número de resultados deve ser inteiro")
    .min(1, "No mínimo 1 resultado")
    .max(10, "No máximo 10 resultados")
    .default(5),
  searchDepth: z.enum(searchDepths, { message: "Profundidade de busca inválida" }).default("basic"),
});
export type WebSearchGlobalInput = z.input<typeof webSearchGlobalInput>;
export type WebSearchGlobal = z.output<typeof webSearchGlobalInput>;

/** The admin's "Testar": the key typed in the form, or the stored one when left blank. */
export const webSearchTestInput = z.object({ apiKey: apiKey.optional() }).default({});
export type WebSearchTest = z.output<typeof webSearchTestInput>;

/** Agent card: an optional own key (the admin's is used otherwise). */
export const webSearchAgentInput = z.object({ apiKey: apiKey.optional(), enabled: z.boolean().default(true) });
export type WebSearchAgentInput = z.input<typeof webSearchAgentInput>;
export type WebSearchAgent = z.output<typeof webSearchAgentInput>;
export const saveWebSearchAgentInput = z.object({ agentId: z.uuid(), config: webSearchAgentInput });

export const WEB_SEARCH_TOOL = "buscar_na_web";
export const searchQuery = z.string().trim().min(2, "Informe o que buscar").max(400, "Busca deve ter no máximo 400 caracteres");
