/**
 * The semantic cache's rows (src/knowledge/semantic-cache.ts decides what counts as a hit, from an
 * in-memory copy). An agent keeps only the entries of its current configuration key (storing under
 * a new key drops the rest), at most CACHE_MAX_ENTRIES of them, each until CACHE_TTL_MS after its
 * last store or hit. semantic_cache_heads holds, per agent, a change counter that lets every
 * thread keep its copy in step, and the lifetime totals shown as "R$ economizados".
 */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { semanticCache, semanticCacheHeads } from "../../db/schema";
import type { RawTx } from "./credit-debit";
import { groupCommit } from "./group-commit";

/**
 * Entries kept per agent. A lookup scans every one in memory (2,000 × 384 floats: 3 MB and well
 * under a millisecond); the first questions a business hears again are a few hundred, so the least
 * recently hit beyond 2,000 are a long tail that would rarely hit again.
 */
export const CACHE_MAX_ENTRIES = 2000;
/** An entry neither stored nor hit for 30 days is dropped: products, prices and hours move on. */
export const CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type CacheHead = { cacheKey: string; entries: number; version: number };
export type CacheRow = { rowid: number; id: string; answer: string; embedding: unknown; updatedAt: number };

const num = (v: unknown) => Number(v ?? 0);
const ROW_COLUMNS = "rowid AS rowid, id, answer, embedding, updated_at";
const toRow = (r: Record<string, unknown>): CacheRow => ({
  rowid: num(r.rowid),
  id: String(r.id),
  answer: String(r.answer),
  embedding: r.embedding,
  updatedAt: num(r.updated_at),
});

/** The agent's change counter and entry count (version 0: nothing stored through this module yet). */
export async function cacheHead(db: Db, agentId: string): Promise<CacheHead> {
  const rs = await db.$client.execute({ sql: "SELECT cache_key, entries, version FROM semantic_cache_heads WHERE agent_id = ?", args: [agentId] });
  const r = rs.rows[0];
  return r ? { cacheKey: String(r.cache_key), entries: num(r.entries), version: num(r.version) } : { cacheKey: "", entries: 0, version: 0 };
}

/** The newest `limit` unexpired entries under this key, walked newest first through the (agent, key, updated_at) index. */
export async function newestCacheRows(db: Db, agentId: string, key: string, notBefore: number, limit: number): Promise<CacheRow[]> {
  const rs = await db.$client.execute({
    sql: `SELECT ${ROW_COLUMNS} FROM semantic_cache WHERE agent_id = ? AND cache_key = ? AND updated_at >= ? ORDER BY updated_at DESC LIMIT ?`,
    args: [agentId, key, notBefore, limit],
  });
  return rs.rows.map((r) => toRow(r as Record<string, unknown>));
}

/** Entries inserted after `rowid` (rowids grow with every insert); at most `limit`. */
export async function cacheRowsAfter(db: Db, agentId: string, key: string, rowid: number, limit: number): Promise<CacheRow[]> {
  const rs = await db.$client.execute({
    sql: `SELECT ${ROW_COLUMNS} FROM semantic_cache WHERE agent_id = ? AND cache_key = ? AND rowid > ? LIMIT ?`,
    args: [agentId, key, rowid, limit],
  });
  return rs.rows.map((r) => toRow(r as Record<string, unknown>));
}

/** The rowids under this key (read from the index alone), to drop what another thread deleted. */
export async function cacheRowids(db: Db, agentId: string, key: string, limit: number): Promise<Set<number>> {
  const rs = await db.$client.execute({ sql: "SELECT rowid AS rowid FROM semantic_cache WHERE agent_id = ? AND cache_key = ? LIMIT ?", args: [agentId, key, limit] });
  return new Set(rs.rows.map((r) => num(r.rowid)));
}

/**
 * Stores one answer, in one transaction with the head: entries of an older key are dropped (they
 * can never hit again), then the least recently used beyond CACHE_MAX_ENTRIES. The head's entry
 * count makes both checks a key lookup; rows it never counted (written before it existed) are
 * counted once, when the key changes.
 */
export async function storeInCache(db: Db, agent: { id: string; workspaceId: string }, key: string, question: string, vector: Float32Array, answer: string, now: number) {
  return groupCommit(db, async (tx: RawTx) => {
    const head = await tx.execute({ sql: "SELECT cache_key, entries FROM semantic_cache_heads WHERE agent_id = ?", args: [agent.id] });
    let entries = num(head.rows[0]?.entries);
    if (!head.rows[0] || String(head.rows[0].cache_key) !== key) {
      await tx.execute({ sql: "DELETE FROM semantic_cache WHERE agent_id = ? AND cache_key <> ?", args: [agent.id, key] });
      const counted = await tx.execute({ sql: "SELECT count(*) AS n FROM semantic_cache WHERE agent_id = ? AND cache_key = ?", args: [agent.id, key] });
      entries = num(counted.rows[0]?.n);
    }
    await tx.execute({
      sql: `INSERT INTO semantic_cache (id, agent_id, workspace_id, question, embedding, answer, cache_key, hits, saved_milli_cents, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)`,
      args: [Bun.randomUUIDv7(), agent.id, agent.workspaceId, question, new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength), answer, key, now, now],
    });
    entries += 1;
    if (entries > CACHE_MAX_ENTRIES) {
      const pruned = await tx.execute({
        sql: `DELETE FROM semantic_cache WHERE rowid IN (
          SELECT rowid FROM semantic_cache WHERE agent_id = ? AND cache_key = ? ORDER BY updated_at, rowid LIMIT ?)`,
        args: [agent.id, key, entries - CACHE_MAX_ENTRIES],
      });
      entries -= pruned.rowsAffected;
    }
    await tx.execute({
      sql: `INSERT INTO semantic_cache_heads (agent_id, cache_key, entries, version) VALUES (?, ?, ?, 1)
        ON CONFLICT (agent_id) DO UPDATE SET cache_key = excluded.cache_key, entries = excluded.entries, version = version + 1`,
      args: [agent.id, key, entries],
    });
  });
}

/** A hit: the entry becomes the most recently used, and the agent's lifetime totals grow. */
export async function recordHit(db: Db, hit: { id: string; agentId: string }, savedMilliCents: number, now: number) {
  await groupCommit(db, async (tx: RawTx) => {
    await tx.execute({
      sql: "UPDATE semantic_cache SET hits = hits + 1, saved_milli_cents = saved_milli_cents + ?, updated_at = ? WHERE id = ?",
      args: [savedMilliCents, now, hit.id],
    });
    // No version bump: a hit changes no entry's answer, only the order in which they expire.
    await tx.execute({
      sql: `INSERT INTO semantic_cache_heads (agent_id, hits, saved_milli_cents) VALUES (?, 1, ?)
        ON CONFLICT (agent_id) DO UPDATE SET hits = hits + 1, saved_milli_cents = saved_milli_cents + excluded.saved_milli_cents`,
      args: [hit.agentId, savedMilliCents],
    });
  });
}

/** Every entry of the agent goes (a training source was deleted); its totals stay. */
export async function dropAgentCache(tx: DbOrTx, agentId: string) {
  await tx.delete(semanticCache).where(eq(semanticCache.agentId, agentId));
  await tx
    .update(semanticCacheHeads)
    .set({ entries: 0, version: sql`${semanticCacheHeads.version} + 1` })
    .where(eq(semanticCacheHeads.agentId, agentId));
}

/**
 * Drops the entries not stored or hit since CACHE_TTL_MS before `now`, one agent (and one short
 * transaction) at a time; runs on the schedulers' timer. Returns how many were dropped.
 */
export async function pruneExpiredCache(db: Db, now: number): Promise<number> {
  const heads = await db.$client.execute("SELECT agent_id, cache_key FROM semantic_cache_heads");
  let dropped = 0;
  for (const h of heads.rows) {
    const agentId = String(h.agent_id);
    dropped += await groupCommit(db, async (tx: RawTx) => {
      const gone = await tx.execute({ sql: "DELETE FROM semantic_cache WHERE agent_id = ? AND updated_at < ? RETURNING cache_key", args: [agentId, now - CACHE_TTL_MS] });
      if (gone.rows.length === 0) return 0;
      const counted = gone.rows.filter((r) => String(r.cache_key) === String(h.cache_key)).length;
      await tx.execute({ sql: "UPDATE semantic_cache_heads SET entries = max(0, entries - ?), version = version + 1 WHERE agent_id = ?", args: [counted, agentId] });
      return gone.rows.length;
    });
  }
  return dropped;
}

/** What the agent page shows: entries held, answers served from the cache and the money they saved (lifetime totals). */
export async function cacheStats(db: Db, agentId: string) {
  const [count] = await db
    .select({ entries: sql<number>`count(*)` })
    .from(semanticCache)
    .where(eq(semanticCache.agentId, agentId));
  const [head] = await db.select({ hits: semanticCacheHeads.hits, saved: semanticCacheHeads.savedMilliCents }).from(semanticCacheHeads).where(eq(semanticCacheHeads.agentId, agentId));
  return { entries: Number(count?.entries ?? 0), hits: Number(head?.hits ?? 0), savedBrl: Number(head?.saved ?? 0) / 100_000 };
}
