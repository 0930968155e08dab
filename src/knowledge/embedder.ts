import { EMBEDDING_DIM } from "../services/knowledge-index";
import { conceptsOf, contentWords, stem } from "./text";

export { EMBEDDING_DIM };

/** Turns texts into L2-normalised vectors of `dim` floats. `id` is stored with each source. */
export interface Embedder {
  id: string;
  dim: number;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Feature weights, tuned on test/fixtures/faq-pt.ts (docs/decisions/002-retrieval.md). */
const W_STEM = 1;
const W_CONCEPT = 0.6;
const W_BIGRAM = 0.5;
const W_GRAM = 0.2;
/** Texts embedded between yields to the event loop, so a long document never stalls a request. */
const YIELD_EVERY = 256;

const FNV_OFFSET = 0x811c9dc5;
const fnv = (h: number, code: number) => Math.imul(h ^ code, 0x01000193);

/** murmur3's finaliser over an FNV-1a state: a well-mixed 32-bit hash. */
function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Hash of a feature: its type letter, then the characters of s[from, to). */
function featureHash(type: number, s: string, from = 0, to = s.length): number {
  let h = fnv(FNV_OFFSET, type);
  for (let i = from; i < to; i++) h = fnv(h, s.charCodeAt(i));
  return mix(h);
}

const T_STEM = 119; // "w"
const T_CONCEPT = 99; // "c"
const T_BIGRAM = 98; // "b"
const T_GRAM = 103; // "g"

/**
 * Feature hash → (weight, count), in an open-addressing table reused across texts (a Map here was
 * most of the embedding time). Only the touched slots are cleared after each text.
 */
class FeatureCounts {
  private keys = new Uint32Array(1 << 12);
  private weights = new Float32Array(1 << 12);
  private counts = new Uint32Array(1 << 12);
  private used: number[] = [];

  bump(h: number, weight: number): void {
    // Key 0 marks an empty slot, so a (1-in-4-billion) zero hash is moved to 1.
    const key = h || 1;
    if (this.used.length * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let i = key & mask;
    for (;;) {
      const k = this.keys[i];
      if (k === key) {
        this.counts[i] = (this.counts[i] ?? 0) + 1;
        return;
      }
      if (k === 0) {
        this.keys[i] = key;
        this.weights[i] = weight;
        this.counts[i] = 1;
        this.used.push(i);
        return;
      }
      i = (i + 1) & mask;
    }
  }

  /** Calls fn for every feature counted, then empties the table. */
  drain(fn: (h: number, weight: number, tf: number) => void): void {
    for (const i of this.used) {
      fn(this.keys[i] ?? 0, this.weights[i] ?? 0, this.counts[i] ?? 0);
      this.keys[i] = 0;
    }
    this.used = [];
  }

  private grow(): void {
    const old = { keys: this.keys, weights: this.weights, counts: this.counts, used: this.used };
    const size = this.keys.length * 2;
    this.keys = new Uint32Array(size);
    this.weights = new Float32Array(size);
    this.counts = new Uint32Array(size);
    this.used = [];
    const mask = size - 1;
    for (const j of old.used) {
      const key = old.keys[j] ?? 0;
      let i = key & mask;
      while (this.keys[i] !== 0) i = (i + 1) & mask;
      this.keys[i] = key;
      this.weights[i] = old.weights[j] ?? 0;
      this.counts[i] = old.counts[j] ?? 0;
      this.used.push(i);
    }
  }
}

const table = new FeatureCounts();

/** A word's own features (stem, concepts, n-grams) and its stem, cached: FAQ vocabularies repeat. */
type WordFeatures = { stem: string; hashes: number[]; weights: number[] };
const wordCache = new Map<string, WordFeatures>();
const WORD_CACHE_LIMIT = 50_000;

function wordFeatures(word: string): WordFeatures {
  const cached = wordCache.get(word);
  if (cached) return cached;
  const s = stem(word);
  const f: WordFeatures = { stem: s, hashes: [featureHash(T_STEM, s)], weights: [W_STEM] };
  for (const c of conceptsOf(s)) {
    f.hashes.push(featureHash(T_CONCEPT, c));
    f.weights.push(W_CONCEPT);
  }
  // Character 3- and 4-grams of the word with boundary marks absorb typos and inflection.
  const padded = `<${word}>`;
  for (let n = 3; n <= 4; n++) {
    for (let i = 0; i + n <= padded.length; i++) {
      f.hashes.push(featureHash(T_GRAM, padded, i, i + n));
      f.weights.push(W_GRAM);
    }
  }
  if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
  wordCache.set(word, f);
  return f;
}

function countFeatures(text: string): void {
  let prev: string | null = null;
  for (const word of contentWords(text)) {
    const f = wordFeatures(word);
    for (let i = 0; i < f.hashes.length; i++) table.bump(f.hashes[i] ?? 0, f.weights[i] ?? 0);
    if (prev) table.bump(featureHash(T_BIGRAM, `${prev} ${f.stem}`), W_BIGRAM);
    prev = f.stem;
  }
}

/** Signed feature hashing with sublinear tf (1 + ln tf), L2-normalised; an empty text gives zeros. */
export function offlineVector(text: string, dim = EMBEDDING_DIM): Float32Array {
  const v = new Float32Array(dim);
  countFeatures(text);
  table.drain((h, weight, tf) => {
    const w = weight * (1 + Math.log(tf));
    const slot = h % dim;
    v[slot] = (v[slot] ?? 0) + (h & 0x80000000 ? -w : w);
  });
  let s = 0;
  for (const x of v) s += x * x;
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < dim; i++) v[i] = (v[i] ?? 0) * inv;
  }
  return v;
}

/**
 * The default embedder: deterministic, no network, no model file. Portuguese-aware hashed bag of
 * stems, concepts, stem bigrams and character 3/4-grams (the n-grams absorb typos and inflection).
 */
export function offlineEmbedder(): Embedder {
  return {
    id: "offline-v1",
    dim: EMBEDDING_DIM,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i++) {
        if (i > 0 && i % YIELD_EVERY === 0) await new Promise((r) => setTimeout(r, 0));
        signal?.throwIfAborted();
        out.push(offlineVector(texts[i] ?? ""));
      }
      return out;
    },
  };
}
