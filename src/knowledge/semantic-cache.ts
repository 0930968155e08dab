import { and, desc, eq, ne, sql } from "drizzle-orm";
import { semanticCache } from "../../db/schema";
import type { Db } from "../../db/client";

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

export async function lookupCache(db: Db, agentId: string, key: string, vector: Float32Array) {
  const rows = await db
    .select({ id: semanticCache.id, answer: semanticCache.answer, embedding: semanticCache.embedding })
    .from(semanticCache)
    .where(and(eq(semanticCache.agentId, agentId), eq(semanticCache.cacheKey, key)))
    .orderBy(desc(semanticCache.updatedAt))
    .limit(MAX_ENTRIES_SCANNED);
  let best: { id: string; answer: string; similarity: number } | null = null;
  for (const r of rows) {
    const similarity = cosine(vector, r.embedding);
    if (similarity >= CACHE_SIMILARITY && (!best || similarity > best.similarity)) best = { id: r.id, answer: r.answer, similarity };
  }
  return best;
}

export async function recordHit(db: Db, id: string, savedMilliCents: number) {
  await db
    .update(semanticCache)
    .set({ hits: sql`${semanticCache.hits} + 1`, savedMilliCents: sql`${semanticCache.savedMilliCents} + ${savedMilliCents}` })
    .where(eq(semanticCache.id, id));
}

export async function storeInCache(db: Db, agent: { id: string; workspaceId: string }, key: string, question: string, vector: Float32Array, answer: string) {
  // Entries of an older configuration can never hit again.
  await db.delete(semanticCache).where(and(eq(semanticCache.agentId, agent.id), ne(semanticCache.cacheKey, key)));
  await db.insert(semanticCache).values({ agentId: agent.id, workspaceId: agent.workspaceId, question, embedding: vector, answer, cacheKey: key });
}

/** What the agent page shows: answers served from the cache and the money they saved. */
export async function cacheStats(db: Db, agentId: string) {
  const [row] = await db
    .select({ entries: sql<number>`count(*)`, hits: sql<number>`coalesce(sum(${semanticCache.hits}), 0)`, saved: sql<number>`coalesce(sum(${semanticCache.savedMilliCents}), 0)` })
    .from(semanticCache)
    .where(eq(semanticCache.agentId, agentId));
  return { entries: Number(row?.entries ?? 0), hits: Number(row?.hits ?? 0), savedBrl: Number(row?.saved ?? 0) / 100_000 };
}
