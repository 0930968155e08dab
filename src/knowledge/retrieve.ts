import type { Db } from "../services/context";
import { chunksByIds } from "../services/knowledge-index";
import { agentIndex } from "./agent-index";
import type { Embedder } from "./embedder";
import { ftsSearch } from "./fts";

export { invalidateAgentIndex, indexCacheStats, setIndexMemoryBudget } from "./agent-index";

/**
 * `score` is the chunk's cosine similarity to the question; the array is in fused (RRF) order.
 * `minScore`: the cosine a chunk needs alone; one BM25 also matched needs half of it.
 */
export type RetrievedChunk = { id: number; sourceId: string; source: string; sourceType: string; content: string; score: number; chunkIndex: number };
export type RetrieveOptions = { k?: number; minScore?: number };

/** Reciprocal rank fusion constant (Cormack et al.: 60 works across collections). */
const RRF_K = 60;
/** Each side proposes this many candidates (at least 4k) before fusion. */
const POOL = 20;
/** A chunk BM25 also matched needs only this share of minScore: the two signals agree. */
const FTS_BAR = 0.5;

/**
 * Cosine a chunk needs on its own to count as relevant, by embedder id prefix. offline: tuned on
 * test/fixtures/faq-pt.ts (unrelated questions peak at 0.26 from hashing collisions). Others: a
 * conservative default, not tuned here; callers can pass opts.minScore.
 */
const MIN_SCORE: [prefix: string, score: number][] = [["offline", 0.3]];
const DEFAULT_MIN_SCORE = 0.3;

export function defaultMinScore(embedderId: string): number {
  return MIN_SCORE.find(([prefix]) => embedderId.startsWith(prefix))?.[1] ?? DEFAULT_MIN_SCORE;
}

type Candidate = { id: number; rrf: number; cosine: number; fts: boolean };

/**
 * Hybrid retrieval over one agent's chunks: vector top-k from the in-process index and FTS5 BM25,
 * both restricted to the agent, fused by reciprocal rank; chunks below the relevance threshold are
 * dropped, so an unrelated question returns []. The FTS side asks only the question's words that
 * are rare among the agent's chunks, so "produto" in every chunk never makes it rank them all.
 */
export async function retrieve(db: Db, agentId: string, query: string, embedder: Embedder, opts: RetrieveOptions = {}): Promise<RetrievedChunk[]> {
  const k = opts.k ?? 5;
  const minScore = opts.minScore ?? defaultMinScore(embedder.id);
  if (k <= 0 || !query.trim()) return [];
  const agent = await agentIndex(db, agentId);
  // No chunks: skip the (possibly paid) query embedding.
  if (!agent || agent.index.size === 0) return [];
  const pool = Math.max(POOL, k * 4);
  const [vectors, ftsIds] = await Promise.all([embedder.embed([query]), ftsSearch(db, agent, query, pool)]);
  const q = vectors[0];
  if (!q) return [];

  const candidates = new Map<number, Candidate>();
  agent.index.search(q, pool).forEach((hit, rank) => {
    candidates.set(hit.id, { id: hit.id, rrf: 1 / (RRF_K + rank + 1), cosine: hit.score, fts: false });
  });
  ftsIds.forEach((id, rank) => {
    const c = candidates.get(id) ?? { id, rrf: 0, cosine: agent.index.similarity(q, id) ?? 0, fts: false };
    c.rrf += 1 / (RRF_K + rank + 1);
    c.fts = true;
    candidates.set(id, c);
  });

  const kept = [...candidates.values()]
    .filter((c) => c.cosine >= (c.fts ? minScore * FTS_BAR : minScore))
    .sort((a, b) => b.rrf - a.rrf || b.cosine - a.cosine)
    .slice(0, k);
  if (kept.length === 0) return [];
  return fetchChunks(db, agentId, agent.workspaceId, kept);
}

async function fetchChunks(db: Db, agentId: string, workspaceId: string, kept: Candidate[]): Promise<RetrievedChunk[]> {
  const rows = await chunksByIds(db, agentId, workspaceId, kept.map((c) => c.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: RetrievedChunk[] = [];
  // A row deleted since the index was read is simply skipped.
  for (const c of kept) {
    const r = byId.get(c.id);
    if (!r) continue;
    out.push({ id: c.id, sourceId: r.sourceId, source: r.source, sourceType: r.sourceType, content: r.content, score: c.cosine, chunkIndex: r.chunkIndex });
  }
  return out;
}
