import type { Db } from "../services/context";
import { type FtsCount, ftsChunkIds, ftsMatchCounts } from "../services/knowledge-index";
import { fold, isLexicalStopword, lexicalKey } from "./text";

/** Longest query the FTS side looks at: a pasted essay should not become a 500-term OR. */
const MAX_TERMS = 16;
/** Terms read from a question when their counts can pick the rarest MAX_TERMS of them. */
const MAX_SCANNED = 32;
/**
 * Rows the kept terms may match together: all FTS5 will ever rank for one question (BM25 and the
 * agent check cost ~10 µs a row). A word in more chunks than this tells little about any one.
 */
export const MAX_POSTINGS = 200;
/** Term counts remembered per agent until its chunks change. */
const MAX_CACHED_COUNTS = 4096;

/**
 * Whose chunks a search ranks. From the agent's index (agent-index.ts): `idRange`, its lowest and
 * highest chunk id, bounds the rowids FTS5 walks; `termCounts` caches each term's row count.
 */
export type LexicalScope = { agentId: string; workspaceId: string; idRange?: [min: number, max: number]; termCounts?: Map<string, number> };

/**
 * The FTS5 phrases of a question, one per distinct key (text.ts lexicalKey), in order: a folded
 * run of [a-z0-9] in double quotes, with `*` when some word of it was stemmed; `guard` is then the
 * first such word as typed, whose rows are a subset of the prefix's (see ftsMatchCounts).
 */
function questionTerms(text: string, max: number): FtsCount[] {
  const terms = new Map<string, { prefix: boolean; guard: string | null }>();
  for (const word of fold(text).split(" ")) {
    if (!word || isLexicalStopword(word)) continue;
    const key = lexicalKey(word);
    let t = terms.get(key);
    if (!t) {
      if (terms.size >= max) break;
      t = { prefix: false, guard: null };
      terms.set(key, t);
    }
    if (key === word) continue;
    t.prefix = true;
    // "marque" → "marc": a word that does not start with its key is no subset of the prefix.
    if (!t.guard && word.startsWith(key)) t.guard = `"${word}"`;
  }
  return [...terms].map(([key, t]) => {
    if (!t.prefix) return { match: `"${key}"` };
    return t.guard ? { match: `"${key}"*`, guard: t.guard } : { match: `"${key}"*` };
  });
}

/**
 * An FTS5 MATCH expression from free text, safe from FTS syntax: every term is quoted (so
 * AND/NEAR/column:/^/* typed by a user are plain words), OR-ed for BM25. A stem of ≥ 4 letters
 * becomes a prefix query, so "entregam" finds "entrega". Null when nothing searchable is left.
 * Unbounded: searches go through boundedTerms.
 */
export function ftsQuery(text: string): string | null {
  const terms = questionTerms(text, MAX_TERMS);
  return terms.length > 0 ? terms.map((t) => t.match).join(" OR ") : null;
}

/**
 * The terms worth asking, given how many rows each matches: none of those matching nothing, then
 * the rarest first while their rows add up to MAX_POSTINGS. In question order.
 */
export function boundedTerms(terms: string[], counts: number[]): string[] {
  const ranked = terms
    .map((term, i) => ({ term, n: counts[i] ?? 0 }))
    .filter((t) => t.n > 0 && t.n <= MAX_POSTINGS)
    .sort((a, b) => a.n - b.n);
  const kept = new Set<string>();
  let rows = 0;
  for (const t of ranked) {
    if (kept.size >= MAX_TERMS || rows + t.n > MAX_POSTINGS) break;
    kept.add(t.term);
    rows += t.n;
  }
  return terms.filter((t) => kept.has(t));
}

/** Rows each term matches in the scope's id range (capped just above MAX_POSTINGS), cached. */
async function termCounts(db: Db, scope: LexicalScope, terms: FtsCount[]): Promise<number[]> {
  const cache = scope.termCounts ?? new Map<string, number>();
  const missing = terms.filter((t) => !cache.has(t.match));
  if (missing.length > 0) {
    const counts = await ftsMatchCounts(db, scope.idRange ?? [0, Number.MAX_SAFE_INTEGER], missing, MAX_POSTINGS + 1);
    if (cache.size + missing.length > MAX_CACHED_COUNTS) cache.clear();
    for (const [i, t] of missing.entries()) cache.set(t.match, counts[i] ?? 0);
  }
  return terms.map((t) => cache.get(t.match) ?? 0);
}

/**
 * BM25 ranking of one agent's chunks for free text, over its rare terms only: "produto" in every
 * chunk would make FTS5 rank them all, and says nothing the vector side does not. Ids only.
 */
export async function ftsSearch(db: Db, scope: LexicalScope, text: string, limit: number): Promise<number[]> {
  const terms = questionTerms(text, MAX_SCANNED);
  if (terms.length === 0) return [];
  const kept = boundedTerms(
    terms.map((t) => t.match),
    await termCounts(db, scope, terms),
  );
  if (kept.length === 0) return [];
  return ftsChunkIds(db, scope, kept.join(" OR "), limit);
}
