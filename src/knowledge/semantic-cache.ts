import type { Db } from "../services/context";
import { recordHit, storeInCache } from "../services/semantic-cache";
import { nearestCached, touchCached } from "./cache-index";

/**
 * SPEC semantic cache: a first question close enough (cosine ≥ 0.92) to one already answered under
 * the same agent configuration and training is answered from the cache, with no model call and no
 * credits. The key is configHash + knowledgeVersion, so editing or retraining the agent
 * invalidates every entry at once. Each agent keeps its newest CACHE_MAX_ENTRIES for CACHE_TTL_MS
 * after their last hit (src/services/semantic-cache.ts); lookups scan an in-memory copy
 * (cache-index.ts), so they cost the same however many answers were ever cached.
 */
export const CACHE_SIMILARITY = 0.92;

export const cacheKeyOf = (agent: { configHash: string; knowledgeVersion: number }) => `${agent.configHash}:${agent.knowledgeVersion}`;

export type CacheHit = { id: string; rowid: number; agentId: string; answer: string; similarity: number };

/** The closest cached answer at or above CACHE_SIMILARITY under this agent and key, or null. */
export async function lookupCache(db: Db, agentId: string, key: string, vector: Float32Array, now = Date.now()): Promise<CacheHit | null> {
  const hit = await nearestCached(db, agentId, key, vector, CACHE_SIMILARITY, now);
  return hit ? { ...hit, agentId } : null;
}

/** Counts the hit and what it saved; the entry becomes the most recently used. */
export async function noteHit(db: Db, hit: CacheHit, savedMilliCents: number, now = Date.now()) {
  await recordHit(db, hit, savedMilliCents, now);
  touchCached(db, hit.agentId, hit.rowid, now);
}

/** Caches an answer; the in-memory copies pick it up from the table on their next lookup. */
export async function rememberInCache(db: Db, agent: { id: string; workspaceId: string }, key: string, question: string, vector: Float32Array, answer: string, now = Date.now()) {
  await storeInCache(db, agent, key, question, vector, answer, now);
}
