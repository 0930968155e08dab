import { cacheCandidates } from "../services/semantic-cache";
import type { Db } from "../services/context";

/**
 * SPEC semantic cache: a first question close enough (cosine ≥ 0.92) to one already answered under
 * the same agent configuration and training is answered from the cache, with no model call and no
 * credits. The key is configHash + knowledgeVersion, so editing or retraining the agent
 * invalidates every entry at once.
 */
export const CACHE_SIMILARITY = 0.92;
const MAX_ENTRIES_SCANNED = 1000;

export const cacheKeyOf = (agent: { configHash: string; knowledgeVersion: number }) => `${agent.configHash}:${agent.knowledgeVersion}`;

function cosine(a: Float32Array, b: Float32Array) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The closest cached answer at or above CACHE_SIMILARITY among the newest entries under this key, or null. */
export async function lookupCache(db: Db, agentId: string, key: string, vector: Float32Array) {
  const rows = await cacheCandidates(db, agentId, key, MAX_ENTRIES_SCANNED);
  let best: { id: string; answer: string; similarity: number } | null = null;
  for (const r of rows) {
    const similarity = cosine(vector, r.embedding);
    if (similarity >= CACHE_SIMILARITY && (!best || similarity > best.similarity)) best = { id: r.id, answer: r.answer, similarity };
  }
  return best;
}
