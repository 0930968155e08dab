/**
 * The semantic cache's rows (src/knowledge/semantic-cache.ts decides what counts as a hit). Entries
 * are read by (agent_id, cache_key), newest first and bounded, and an agent keeps only the entries
 * of its current configuration: storing under a new key drops the rest.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { semanticCache } from "../../db/schema";

/** The newest `limit` entries under this agent and configuration key. */
export async function cacheCandidates(db: Db, agentId: string, key: string, limit: number) {
  return db
    .select({ id: semanticCache.id, answer: semanticCache.answer, embedding: semanticCache.embedding })
    .from(semanticCache)
    .where(and(eq(semanticCache.agentId, agentId), eq(semanticCache.cacheKey, key)))
    .orderBy(desc(semanticCache.updatedAt))
    .limit(limit);
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
