import { openAiEmbedder } from "../adapters/embeddings/openai";
import { firstActiveProvider } from "../services/ai-config";
import type { AppDeps } from "../services/context";
import { type Embedder, offlineEmbedder } from "./embedder";

/**
 * Which embedder trains and queries: the local offline one by default (works with no key, no
 * cost), or the configured OpenAI-compatible provider's /v1/embeddings when EMBEDDINGS=provider.
 * Sources remember their embedder; a change of embedder retrains them (their hash includes it).
 */
const offline = offlineEmbedder();
const remote = new Map<string, Embedder>();

export async function embedderFor(deps: AppDeps): Promise<Embedder> {
  if (deps.env.EMBEDDINGS !== "provider") return offline;
  const row = await firstActiveProvider(deps.db);
  if (!row || !(row.apiKey || row.baseUrl)) return offline;
  const key = `${row.id}:${row.updatedAt}`;
  let e = remote.get(key);
  if (!e) {
    e = openAiEmbedder({ apiKey: row.apiKey ? deps.secrets.decrypt(row.apiKey) : null, baseUrl: row.baseUrl, model: deps.env.EMBEDDINGS_MODEL });
    remote.set(key, e);
  }
  return e;
}
