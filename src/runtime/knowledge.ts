import { embedderFor } from "../knowledge/embedder-for";
import { type RetrievedChunk, retrieve } from "../knowledge/retrieve";
import { type CacheHit, cacheKeyOf, lookupCache, noteHit, rememberInCache } from "../knowledge/semantic-cache";
import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import { priceCall } from "../services/credit-debit";
import type { AgentRow } from "./prompt";

export type CitedSource = { sourceId: string; source: string; sourceType: string; chunkId: number; score: number };
export type Knowledge = { chunks: RetrievedChunk[]; text: string | null; sources: CitedSource[] };

const NONE: Knowledge = { chunks: [], text: null, sources: [] };

/**
 * The passages of the agent's training most relevant to the question (hybrid retrieval), as the
 * prompt section and as citations for the stored message. A retrieval failure never fails a turn.
 */
export async function gatherKnowledge(deps: AppDeps, agent: AgentRow, question: string): Promise<Knowledge> {
  if (agent.knowledgeVersion === 0 || !question.trim()) return NONE;
  try {
    const chunks = await retrieve(deps.db, agent.id, question, await embedderFor(deps), { k: 5 });
    if (chunks.length === 0) return NONE;
    return {
      chunks,
      text: chunks.map((c, i) => `[${i + 1}] (fonte: ${c.source})\n${c.content}`).join("\n\n"),
      sources: chunks.map((c) => ({ sourceId: c.sourceId, source: c.source, sourceType: c.sourceType, chunkId: c.id, score: Math.round(c.score * 1000) / 1000 })),
    };
  } catch (err) {
    log.warn("retrieval failed; answering without knowledge", { agentId: agent.id, error: err instanceof Error ? err.message : String(err) });
    return NONE;
  }
}

/** Semantic cache around a first question (no history: a later answer depends on the conversation). */
export async function cachedAnswer(deps: AppDeps, agent: AgentRow, question: string) {
  const embedder = await embedderFor(deps);
  const [vector] = await embedder.embed([question]);
  if (!vector) return { hit: null, vector: null };
  const hit = await lookupCache(deps.db, agent.id, cacheKeyOf(agent), vector, deps.now());
  return { hit, vector };
}

export async function noteCacheHit(deps: AppDeps, hit: CacheHit, provider: string, model: string, question: string, answer: string) {
  // What the call would have cost: prompt ≈ question + answer-sized context, 4 characters a token.
  const usage = { inputTokens: Math.ceil((question.length + 2000) / 4), outputTokens: Math.ceil(answer.length / 4) };
  const price = await priceCall(deps.db, provider, model, usage);
  await noteHit(deps.db, hit, Math.round(price.costBrl * 100 * 1000), deps.now());
}

export async function rememberAnswer(deps: AppDeps, agent: AgentRow, question: string, vector: Float32Array, answer: string) {
  await rememberInCache(deps.db, agent, cacheKeyOf(agent), question, vector, answer, deps.now());
}
