import type { Db } from "../../db/client";
import { contentWords, isStopword, stem } from "./text";

/** Longest query the FTS side looks at: a pasted essay should not become a 500-term OR. */
const MAX_TERMS = 16;

/**
 * An FTS5 MATCH expression from free text, safe from FTS syntax: every term is a folded run of
 * [a-z0-9] inside double quotes (so AND/NEAR/column:/^/* typed by a user are plain words), OR-ed
 * for BM25. A stem of ≥ 4 letters becomes a prefix query, so "entregam" finds "entrega".
 * Returns null when nothing searchable is left.
 */
export function ftsQuery(text: string): string | null {
  const terms = new Set<string>();
  for (const word of contentWords(text)) {
    if (isStopword(word)) continue;
    const s = stem(word);
    terms.add(s.length >= 4 && s !== word ? `"${s}"*` : `"${word}"`);
    if (terms.size >= MAX_TERMS) break;
  }
  return terms.size > 0 ? [...terms].join(" OR ") : null;
}

/**
 * BM25 ranking of one agent's chunks. The JOIN filters agent and workspace before ORDER BY/LIMIT,
 * so another tenant's rows can never take a slot; ids only, the caller fetches what it keeps.
 */
export async function ftsSearch(db: Db, agentId: string, workspaceId: string, text: string, limit: number): Promise<number[]> {
  const match = ftsQuery(text);
  if (!match) return [];
  const res = await db.$client.execute({
    sql:
      "SELECT e.id AS id FROM embeddings_fts JOIN embeddings e ON e.id = embeddings_fts.rowid " +
      "WHERE embeddings_fts MATCH ? AND e.agent_id = ? AND e.workspace_id = ? ORDER BY bm25(embeddings_fts) LIMIT ?",
    args: [match, agentId, workspaceId, limit],
  });
  return res.rows.map((r) => Number(r.id));
}
