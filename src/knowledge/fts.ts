import type { Db } from "../services/context";
import { ftsChunkIds } from "../services/knowledge-index";
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

/** BM25 ranking of one agent's chunks for free text: ids only, the caller fetches what it keeps. */
export async function ftsSearch(db: Db, agentId: string, workspaceId: string, text: string, limit: number): Promise<number[]> {
  const match = ftsQuery(text);
  if (!match) return [];
  return ftsChunkIds(db, agentId, workspaceId, match, limit);
}
