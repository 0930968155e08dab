/**
 * Retrieval's reads of trained chunks: what the in-process vector index loads (src/knowledge/
 * agent-index.ts), the FTS5 ranking and the chunks a search keeps. Plain SQL on the client: these
 * run on every answer and every index refresh, and each is answered from an index on agent_id
 * (or the FTS table), never a scan of the wide rows.
 */
import type { Db } from "../../db/client";

/** Dimensions of every stored vector (the F32_BLOB column type): the embedders and the index follow it. */
export { EMBEDDING_DIM } from "../../db/schema/knowledge";

/** The agent's workspace and knowledge version (bumped by every ingest), or null when it is gone. */
export async function agentKnowledgeHead(db: Db, agentId: string): Promise<{ workspaceId: string; version: number } | null> {
  const meta = await db.$client.execute({ sql: "SELECT workspace_id, knowledge_version FROM agents WHERE id = ?", args: [agentId] });
  const row = meta.rows[0];
  return row ? { workspaceId: String(row.workspace_id), version: Number(row.knowledge_version) } : null;
}

/** Up to `limit` chunk vectors with ids above `afterId`, in id order (the embedding is the raw BLOB). */
export async function embeddingPage(db: Db, agentId: string, workspaceId: string, afterId: number, limit: number): Promise<{ id: number; embedding: unknown }[]> {
  const res = await db.$client.execute({
    sql: "SELECT id, embedding FROM embeddings WHERE agent_id = ? AND workspace_id = ? AND id > ? ORDER BY id LIMIT ?",
    args: [agentId, workspaceId, afterId, limit],
  });
  return res.rows.map((row) => ({ id: Number(row.id), embedding: row.embedding }));
}

/**
 * By agent_id alone (ids are global, the workspace was checked on the agent row), so the count
 * and the id list are answered from embeddings_agent_idx without touching the wide rows.
 */
export async function countAgentChunks(db: Db, agentId: string): Promise<number> {
  const res = await db.$client.execute({ sql: "SELECT count(*) AS n FROM embeddings WHERE agent_id = ?", args: [agentId] });
  return Number(res.rows[0]?.n ?? 0);
}

export async function agentChunkIds(db: Db, agentId: string): Promise<number[]> {
  const res = await db.$client.execute({ sql: "SELECT id FROM embeddings WHERE agent_id = ?", args: [agentId] });
  return res.rows.map((r) => Number(r.id));
}

/**
 * BM25 ranking of one agent's chunks for an FTS5 MATCH expression. The JOIN filters agent and
 * workspace before ORDER BY/LIMIT, so another tenant's rows can never take a slot; ids only.
 * `idRange` (the agent's lowest and highest chunk id) lets FTS5 skip other agents' rows outside it.
 */
export async function ftsChunkIds(
  db: Db,
  scope: { agentId: string; workspaceId: string; idRange?: [min: number, max: number] },
  match: string,
  limit: number,
): Promise<number[]> {
  const [min, max] = scope.idRange ?? [0, Number.MAX_SAFE_INTEGER];
  const res = await db.$client.execute({
    sql:
      // CROSS JOIN keeps FTS5 the outer loop: led by embeddings_agent_idx, every agent row would probe the FTS index.
      "SELECT e.id AS id FROM embeddings_fts CROSS JOIN embeddings e ON e.id = embeddings_fts.rowid " +
      "WHERE embeddings_fts MATCH ? AND embeddings_fts.rowid BETWEEN ? AND ? AND e.agent_id = ? AND e.workspace_id = ? " +
      "ORDER BY bm25(embeddings_fts) LIMIT ?",
    args: [match, min, max, scope.agentId, scope.workspaceId, limit],
  });
  return res.rows.map((r) => Number(r.id));
}

/** One FTS5 term to count; `guard`, a phrase matching a subset of its rows, is counted first. */
export type FtsCount = { match: string; guard?: string };

/** One shape for every term, so the statement is prepared once (a term without guard is its own). */
const COUNT = "(SELECT count(*) FROM (SELECT 1 FROM embeddings_fts WHERE embeddings_fts MATCH ? AND rowid BETWEEN ? AND ? LIMIT ?))";
const COUNT_TERM = `SELECT CASE WHEN ${COUNT} >= ? THEN ? ELSE ${COUNT} END AS n`;

/**
 * How many FTS5 rows with rowids in `idRange` each term matches, counting no further than `cap`
 * (the LIMIT inside stops the walk). A prefix term reads every posting of every word it covers
 * before its first row, so its typed word (`guard`) is counted first: when that alone reaches
 * `cap`, the prefix is never expanded. Rows of another agent inside the range count too: they are
 * rows a search would walk as well.
 */
export async function ftsMatchCounts(db: Db, idRange: [min: number, max: number], terms: FtsCount[], cap: number): Promise<number[]> {
  const [min, max] = idRange;
  const counts: number[] = [];
  for (const t of terms) {
    const res = await db.$client.execute({ sql: COUNT_TERM, args: [t.guard ?? t.match, min, max, cap, cap, cap, t.match, min, max, cap] });
    counts.push(Number(res.rows[0]?.n ?? 0));
  }
  return counts;
}

export type ChunkRow = { id: number; sourceId: string; source: string; sourceType: string; content: string; chunkIndex: number };

/** The agent's chunks among `ids` (a row deleted since the index was read is simply absent). */
export async function chunksByIds(db: Db, agentId: string, workspaceId: string, ids: number[]): Promise<ChunkRow[]> {
  const res = await db.$client.execute({
    sql:
      "SELECT id, source_id, source, source_type, content, chunk_index FROM embeddings " +
      `WHERE agent_id = ? AND workspace_id = ? AND id IN (${ids.map(() => "?").join(",")})`,
    args: [agentId, workspaceId, ...ids],
  });
  return res.rows.map((r) => ({
    id: Number(r.id),
    sourceId: String(r.source_id),
    source: String(r.source),
    sourceType: String(r.source_type),
    content: String(r.content),
    chunkIndex: Number(r.chunk_index),
  }));
}
