/**
 * Tavily search client (protocols §11): POST <base>/search with `Authorization: Bearer <key>`,
 * through safeFetch. TAVILY_API_BASE (read at call time) points tests at a loopback fake.
 */
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";

export const TAVILY_DEFAULT_BASE = "https://api.tavily.com";
export const tavilyBase = () => (process.env.TAVILY_API_BASE ?? TAVILY_DEFAULT_BASE).replace(/\/+$/, "");
export const TAVILY_TIMEOUT_MS = 15_000;

export class WebSearchError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "WebSearchError";
  }
}

export type SearchResult = { titulo: string; url: string; conteudo: string };
export type SearchOutcome = { resposta: string | null; resultados: SearchResult[] };

const str = (v: unknown) => (typeof v === "string" ? v : "");

function errorFor(status: number): WebSearchError {
  if (status === 401 || status === 403) return new WebSearchError("Chave de API da Tavily inválida ou recusada", status);
  if (status === 429) return new WebSearchError("Limite de buscas por minuto da Tavily atingido. Tente de novo em instantes.", status);
  if (status === 432 || status === 433) return new WebSearchError("Limite do plano da Tavily atingido. Confira os créditos da conta.", status);
  if (status === 400) return new WebSearchError("A Tavily recusou a busca (HTTP 400). Reformule a pergunta.", status);
  return new WebSearchError(`A Tavily respondeu com erro (HTTP ${status})`, status);
}

export async function tavilySearch(opts: { apiKey: string; query: string; maxResults: number; searchDepth: "basic" | "advanced"; signal?: AbortSignal }): Promise<SearchOutcome> {
  let res: Awaited<ReturnType<typeof safeFetch>>;
  try {
    res = await safeFetch(`${tavilyBase()}/search`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${opts.apiKey}` },
      body: JSON.stringify({
        query: opts.query,
        search_depth: opts.searchDepth,
        topic: "general",
        max_results: opts.maxResults,
        include_answer: true,
        include_raw_content: false,
        include_images: false,
      }),
      timeoutMs: TAVILY_TIMEOUT_MS,
      maxBytes: 2 * 1024 * 1024,
      acceptHttpErrors: true,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (err instanceof SafeFetchError) {
      if (err.code === "TIMEOUT") throw new WebSearchError("A busca na web não respondeu a tempo. Tente de novo.");
      if (err.code === "DNS" || err.code === "NETWORK") throw new WebSearchError("Não foi possível conectar ao serviço de busca na web.");
      throw new WebSearchError(err.message);
    }
    throw err;
  }
  if (res.status < 200 || res.status > 299) throw errorFor(res.status);
  let body: { answer?: unknown; results?: unknown };
  try {
    body = JSON.parse(res.text()) as typeof body;
  } catch {
    throw new WebSearchError("A Tavily respondeu em um formato inesperado");
  }
  const results = Array.isArray(body.results) ? (body.results as Record<string, unknown>[]) : [];
  return {
    resposta: str(body.answer) || null,
    resultados: results.slice(0, opts.maxResults).map((r) => ({ titulo: str(r.title), url: str(r.url), conteudo: str(r.content).slice(0, 1200) })),
  };
}
