import type { Db } from "../services/context";
import { agentChunkIds, agentKnowledgeHead, countAgentChunks, embeddingPage } from "../services/knowledge-index";
import { EMBEDDING_DIM } from "./embedder";
import { VectorIndex } from "./vector-index";

/**
 * One VectorIndex per agent, built lazily from its `embeddings` rows (libSQL stays the truth) and
 * kept in step by agents.knowledge_version: one indexed SELECT per call tells whether another
 * process or worker changed the chunks. Embedding rows are immutable (the ingest deletes and
 * inserts, and ids only grow), so a refresh adds ids above the last seen and drops vanished ones.
 * Indexes beyond the memory budget are evicted least-recently-used. Beside the vectors, for the
 * FTS side (fts.ts): the agent's lowest and highest chunk id, and how many rows in that range
 * each query term matched, cached until the chunks change.
 */
export type AgentIndex = {
  agentId: string;
  workspaceId: string;
  version: number;
  index: VectorIndex;
  idRange: [min: number, max: number];
  termCounts: Map<string, number>;
};

type Entry = AgentIndex & { db: Db };

/** ~170k chunks of 384 floats: far above any one agent, well below the machine. */
const DEFAULT_BUDGET_BYTES = 256 * 1024 * 1024;
let budgetBytes = DEFAULT_BUDGET_BYTES;

/** Map order is recency order: a hit is deleted and set again, so the first key is the LRU. */
const entries = new Map<string, Entry>();
const inFlight = new Map<string, Promise<Entry | null>>();
/** Bumped by invalidate, so a load that started before it does not store a stale index. */
const generations = new Map<string, number>();

/** The term-count cache is small (fts.ts caps it) and left out. */
const entryBytes = (e: Entry) => e.index.bytes() + e.index.rawBytes();

export function setIndexMemoryBudget(bytes: number): void {
  budgetBytes = Math.max(0, bytes);
  evict(null);
}

export function indexCacheStats() {
  let bytes = 0;
  for (const e of entries.values()) bytes += entryBytes(e);
  return { agents: entries.size, bytes, budgetBytes, vectors: [...entries.values()].reduce((n, e) => n + e.index.size, 0) };
}

/** Drops the in-process index of an agent; the next retrieve rebuilds it from the rows. */
export function invalidateAgentIndex(agentId: string): void {
  entries.delete(agentId);
  generations.set(agentId, (generations.get(agentId) ?? 0) + 1);
}

function evict(keep: string | null): void {
  let total = 0;
  for (const e of entries.values()) total += entryBytes(e);
  for (const [id, e] of entries) {
    if (total <= budgetBytes) break;
    if (id === keep) continue;
    entries.delete(id);
    total -= entryBytes(e);
  }
}

/** A BLOB column as float32s: libSQL hands back an ArrayBuffer (file client) or a Uint8Array. */
export function blobToVector(value: unknown): Float32Array | null {
  if (value instanceof ArrayBuffer) return value.byteLength % 4 === 0 ? new Float32Array(value) : null;
  if (value instanceof Uint8Array && value.byteLength % 4 === 0) {
    const copy = value.byteOffset % 4 === 0 ? value : value.slice();
    return new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
  }
  return null;
}

/** Rows are read in pages, so a 100k-chunk rebuild never holds the event loop for seconds. */
const PAGE_ROWS = 5000;

async function addNewRows(e: Entry): Promise<void> {
  for (;;) {
    const rows = await embeddingPage(e.db, e.agentId, e.workspaceId, e.idRange[1], PAGE_ROWS);
    for (const row of rows) {
      const v = blobToVector(row.embedding);
      if (v && v.length === e.index.dim) e.index.add(row.id, v);
      if (e.idRange[0] === 0 || row.id < e.idRange[0]) e.idRange[0] = row.id;
      if (row.id > e.idRange[1]) e.idRange[1] = row.id;
    }
    if (rows.length < PAGE_ROWS) return;
  }
}

/** Deletions: when the row count differs from the index size, drop the ids that are gone. */
async function dropVanishedRows(e: Entry): Promise<void> {
  if ((await countAgentChunks(e.db, e.agentId)) === e.index.size) return;
  const live = new Set(await agentChunkIds(e.db, e.agentId));
  for (const id of e.index.ids()) if (!live.has(id)) e.index.remove(id);
}

async function sync(db: Db, agentId: string): Promise<Entry | null> {
  const generation = generations.get(agentId) ?? 0;
  const head = await agentKnowledgeHead(db, agentId);
  if (!head) {
    entries.delete(agentId);
    return null;
  }
  const { workspaceId, version } = head;
  let e = entries.get(agentId);
  if (e && (e.db !== db || e.workspaceId !== workspaceId)) e = undefined;
  if (e && e.version === version) {
    entries.delete(agentId);
    entries.set(agentId, e);
    return e;
  }
  // Build into a fresh entry when there is none, else refresh in place: readers keep a consistent
  // view because search never awaits.
  let next = e;
  if (!next) {
    next = { db, agentId, workspaceId, version, index: new VectorIndex(EMBEDDING_DIM), idRange: [0, 0], termCounts: new Map() };
    // Sized once up front: growing by doubling would leave up to half the float store unused.
    next.index.reserve(await countAgentChunks(db, agentId));
  }
  await addNewRows(next);
  await dropVanishedRows(next);
  // Counts were taken over the old rows; a search still holding the old map writes into that one.
  next.termCounts = new Map();
  // The version was read before the rows, so a concurrent ingest is picked up on the next call.
  next.version = version;
  if ((generations.get(agentId) ?? 0) === generation) {
    entries.delete(agentId);
    entries.set(agentId, next);
    evict(agentId);
  }
  return next;
}

/** The agent's up-to-date index, or null when the agent does not exist. Concurrent calls share one load. */
export async function agentIndex(db: Db, agentId: string): Promise<AgentIndex | null> {
  const running = inFlight.get(agentId);
  if (running) return running;
  const p = sync(db, agentId).finally(() => inFlight.delete(agentId));
  inFlight.set(agentId, p);
  return p;
}
