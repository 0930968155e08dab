import type { Db } from "../services/context";
import { CACHE_MAX_ENTRIES, CACHE_TTL_MS, type CacheRow, cacheHead, cacheRowids, cacheRowsAfter, newestCacheRows } from "../services/semantic-cache";
import { blobToVector } from "./agent-index";
import { EMBEDDING_DIM } from "./embedder";
import { VectorIndex } from "./vector-index";

/**
 * Each agent's semantic cache in memory (what agent-index.ts is for its chunks), so a lookup
 * searches at most CACHE_MAX_ENTRIES vectors (vector-index.ts) instead of reading rows. libSQL
 * stays the truth, and other threads write it too (channel turns run in the job Worker): one key
 * lookup per call reads the agent's change counter, and when it moved, only rows above the highest
 * rowid seen are read (rowids grow with every insert). The copy applies the table's own rules
 * (size cap by least recent use, expiry), and reconciles its rowids when the head's count disagrees.
 */
export type CacheCandidate = { rowid: number; id: string; answer: string; similarity: number };
type Slot = { rowid: number; id: string; answer: string; updatedAt: number };

/** Per-entry overhead beside the vectors and the answer, for the memory budget. */
const SLOT_BYTES = 96;
/**
 * Candidates rescored exactly after the 1-bit scan (vector-index.ts): a question at ≥ 0.92 of an
 * entry is among the closest few by the sign codes, and 64 of 2,000 costs a fifth of a full scan.
 */
const RESCORE = 64;

/** One agent's entries: vectors in a VectorIndex keyed by rowid, answers and recency beside it. */
class CacheEntries {
  private readonly index = new VectorIndex(EMBEDDING_DIM, { rescore: RESCORE });
  private readonly slots = new Map<number, Slot>();
  private answerBytes = 0;

  get size() {
    return this.slots.size;
  }

  bytes() {
    return this.index.bytes() + this.index.rawBytes() + this.answerBytes + this.slots.size * SLOT_BYTES;
  }

  add(slot: Slot, v: Float32Array) {
    const known = this.slots.get(slot.rowid);
    if (known) {
      known.updatedAt = Math.max(known.updatedAt, slot.updatedAt);
      return;
    }
    if (v.length !== this.index.dim) return;
    this.index.add(slot.rowid, v);
    this.slots.set(slot.rowid, slot);
    this.answerBytes += slot.answer.length * 2;
  }

  remove(rowid: number) {
    const gone = this.slots.get(rowid);
    if (!gone) return;
    this.index.remove(rowid);
    this.slots.delete(rowid);
    this.answerBytes -= gone.answer.length * 2;
  }

  touch(rowid: number, at: number) {
    const s = this.slots.get(rowid);
    if (s) s.updatedAt = Math.max(s.updatedAt, at);
  }

  rowids() {
    return [...this.slots.keys()];
  }

  /** The table's rules: drop what expired, then the least recently used (ties: older rowid) beyond `max`. */
  trim(notBefore: number, max: number) {
    for (const s of [...this.slots.values()]) if (s.updatedAt < notBefore) this.remove(s.rowid);
    const older = (a: Slot, b: Slot) => a.updatedAt - b.updatedAt || a.rowid - b.rowid;
    // In steady state one entry over: a linear pass beats a sort.
    if (this.slots.size - max > 8) {
      const order = [...this.slots.values()].sort(older);
      for (let k = 0; this.slots.size > max; k++) this.remove(order[k]?.rowid ?? -1);
    }
    while (this.slots.size > max) {
      let oldest: Slot | null = null;
      for (const x of this.slots.values()) if (!oldest || older(x, oldest) < 0) oldest = x;
      if (!oldest) return;
      this.remove(oldest.rowid);
    }
  }

  /** The most similar unexpired entry at or above `min` (exact cosine), or null. */
  best(q: Float32Array, min: number, notBefore: number): CacheCandidate | null {
    if (q.length !== this.index.dim) return null;
    // A few more than one: an entry that expired since the last sync must not hide the next.
    for (const h of this.index.search(q, 4)) {
      if (h.score < min) return null;
      const s = this.slots.get(h.id);
      if (s && s.updatedAt >= notBefore) return { rowid: s.rowid, id: s.id, answer: s.answer, similarity: h.score };
    }
    return null;
  }
}

type Entry = { db: Db; key: string; version: number; maxRowid: number; loadedAt: number; entries: CacheEntries };

/** ~20 agents at the full 2,000 entries; most agents hold far fewer. */
const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;
/**
 * A copy that changed is rebuilt from the rows when older than this, so what the rules cannot
 * mirror (another thread's hits reorder the least recently used) cannot drift for long.
 */
const RELOAD_AFTER_MS = 10 * 60 * 1000;

let budgetBytes = DEFAULT_BUDGET_BYTES;
/** Map order is recency order: a use deletes and sets again, so the first key is the LRU. */
const copies = new Map<string, Entry>();
/** One sync per agent at a time: only a sync changes a copy, so none interleaves with another. */
const inFlight = new Map<string, Promise<Entry>>();

export function setCacheMemoryBudget(bytes: number) {
  budgetBytes = Math.max(0, bytes);
  evict(null);
}

export function cacheMemoryStats() {
  let bytes = 0;
  let entries = 0;
  for (const e of copies.values()) {
    bytes += e.entries.bytes();
    entries += e.entries.size;
  }
  return { agents: copies.size, entries, bytes, budgetBytes };
}

function evict(keep: string | null) {
  let total = 0;
  for (const e of copies.values()) total += e.entries.bytes();
  for (const [agentId, e] of copies) {
    if (total <= budgetBytes) break;
    if (agentId === keep) continue;
    copies.delete(agentId);
    total -= e.entries.bytes();
  }
}

function addRows(e: Entry, rows: CacheRow[]) {
  for (const r of rows) {
    const v = blobToVector(r.embedding);
    if (v) e.entries.add({ rowid: r.rowid, id: r.id, answer: r.answer, updatedAt: r.updatedAt }, v);
    if (r.rowid > e.maxRowid) e.maxRowid = r.rowid;
  }
}

function fresh(db: Db, key: string, version: number, now: number): Entry {
  return { db, key, version, maxRowid: 0, loadedAt: now, entries: new CacheEntries() };
}

async function sync(db: Db, agentId: string, key: string, now: number): Promise<Entry> {
  // The head is read before the rows: a change committed in between is seen again on the next call.
  const head = await cacheHead(db, agentId);
  const notBefore = now - CACHE_TTL_MS;
  const known = copies.get(agentId);
  let e = known && known.db === db && known.key === key ? known : undefined;
  if (e && e.version === head.version) {
    copies.delete(agentId);
    copies.set(agentId, e);
    return e;
  }
  if (e && now - e.loadedAt > RELOAD_AFTER_MS) e = undefined;
  const added = e ? await cacheRowsAfter(db, agentId, key, e.maxRowid, CACHE_MAX_ENTRIES + 1) : [];
  // No copy yet, or more new rows than the cap: load the newest entries from scratch.
  if (!e || added.length > CACHE_MAX_ENTRIES) {
    e = fresh(db, key, head.version, now);
    addRows(e, await newestCacheRows(db, agentId, key, notBefore, CACHE_MAX_ENTRIES));
  } else {
    addRows(e, added);
    e.entries.trim(notBefore, CACHE_MAX_ENTRIES);
    // Deletions the rules did not mirror (an invalidation, a sweep): keep only the rowids still there.
    if (head.cacheKey !== key || head.entries !== e.entries.size) {
      const live = await cacheRowids(db, agentId, key, CACHE_MAX_ENTRIES * 2);
      for (const rowid of e.entries.rowids()) if (!live.has(rowid)) e.entries.remove(rowid);
    }
    e.version = head.version;
  }
  e.entries.trim(notBefore, CACHE_MAX_ENTRIES);
  copies.delete(agentId);
  copies.set(agentId, e);
  evict(agentId);
  return e;
}

/** The agent's cache under `key`, in step with the table. Concurrent calls share one sync. */
async function agentCache(db: Db, agentId: string, key: string, now: number): Promise<Entry> {
  for (let running = inFlight.get(agentId); running; running = inFlight.get(agentId)) {
    const e = await running.catch(() => null);
    if (e && e.db === db && e.key === key) return e;
  }
  const p = sync(db, agentId, key, now).finally(() => inFlight.delete(agentId));
  inFlight.set(agentId, p);
  return p;
}

/** The closest unexpired entry at or above `min` under this agent and key, or null. */
export async function nearestCached(db: Db, agentId: string, key: string, vector: Float32Array, min: number, now: number): Promise<CacheCandidate | null> {
  const e = await agentCache(db, agentId, key, now);
  return e.entries.best(vector, min, now - CACHE_TTL_MS);
}

/** A hit stored by this thread: the copy moves the entry up in recency like the table did. */
export function touchCached(db: Db, agentId: string, rowid: number, at: number) {
  const e = copies.get(agentId);
  if (e && e.db === db) e.entries.touch(rowid, at);
}
