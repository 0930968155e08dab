import { Int8Columns } from "./int8-columns";
import { TopK, topOf } from "./top-k";

/**
 * In-process vector index of one agent's chunks (docs/decisions/002-retrieval.md). Every vector is
 * kept three ways: the float copy, which gives every returned score exactly; a 1-bit sign code
 * (dim/8 bytes) for dense queries; and an int8 copy stored dimension by dimension (int8-columns.ts)
 * for sparse ones. Two search paths, both ending in exact float rescoring of the best candidates:
 *  - dense query (an API embedder's): the sign codes are scanned exhaustively with an asymmetric
 *    score (the float query against the ±1 code, 4 table look-ups per 32 dims), `rescore` rescored;
 *  - sparse query (the offline embedder's hashed features: ~60 of 384 dims): the int8 columns of
 *    its 16 heaviest dims are summed over every vector (a stream through contiguous memory), and
 *    the best SPARSE_RESCORE rescored over the query's non-zero dims only.
 * No graph, no training: add/remove are O(1) (a grow re-lays the columns).
 */
export type VectorHit = { id: number; score: number };
export type VectorIndexOptions = { /** Candidates rescored with floats (default 512; the sparse path takes at most 128). */ rescore?: number };

const INITIAL_CAPACITY = 64;
/** Rough per-entry cost of a Map<number, number> in JavaScriptCore, for bytes(). */
const MAP_ENTRY_BYTES = 40;
/** A query with at most this share of non-zero dims takes the sparse path. */
const SPARSE_SHARE = 0.25;
/**
 * Candidates the sparse path rescores. On a 10,000-chunk catalogue (offline embedder) a question's
 * 16 heaviest dims carry ~80 % of its weight, and the best 128 by them hold 0.98 of the exact top
 * 20 (the sign scan's best 512 held 0.71, at 4× the cost).
 */
const SPARSE_DIMS = 16;
const SPARSE_RESCORE = 128;

function normalised(v: Float32Array, dim: number): Float32Array {
  let s = 0;
  for (let j = 0; j < dim; j++) {
    const x = v[j] ?? 0;
    s += x * x;
  }
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  const out = new Float32Array(dim);
  for (let j = 0; j < dim; j++) out[j] = (v[j] ?? 0) * inv;
  return out;
}

export class VectorIndex {
  readonly dim: number;
  private readonly words: number;
  private readonly rescore: number;
  private capacity = 0;
  private count = 0;
  private slotIds = new Float64Array(0);
  private codes = new Uint32Array(0);
  private floats = new Float32Array(0);
  private readonly columns: Int8Columns;
  /** The query's non-zero dims, heaviest first (search never awaits, so one scratch per index). */
  private readonly qDims: Int32Array;
  private readonly qWeights: Float64Array;
  private readonly slotOf = new Map<number, number>();
  /** Per-query look-up table: 256 partial sums per byte of the code. */
  private readonly table: Float32Array;
  /** Per-query scratch of the sign scan: every code's score, and the slots topOf keeps. */
  private scores = new Float64Array(0);
  private kept = new Int32Array(0);

  constructor(dim: number, opts: VectorIndexOptions = {}) {
    if (!Number.isInteger(dim) || dim <= 0) throw new RangeError(`invalid dimension ${dim}`);
    this.dim = dim;
    this.words = Math.ceil(dim / 32);
    this.rescore = Math.max(1, opts.rescore ?? 512);
    this.table = new Float32Array(this.words * 4 * 256);
    this.qDims = new Int32Array(dim);
    this.qWeights = new Float64Array(dim);
    this.columns = new Int8Columns(dim);
  }

  get size(): number {
    return this.count;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** The ids held, in slot order. */
  ids(): number[] {
    return Array.from(this.slotIds.subarray(0, this.count));
  }

  /** Adds or replaces the vector of `id`; it is L2-normalised on the way in, so scores are cosines. */
  add(id: number, v: Float32Array): void {
    if (v.length !== this.dim) throw new RangeError(`vector has ${v.length} dimensions, index has ${this.dim}`);
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      if (this.count === this.capacity) this.grow(Math.max(INITIAL_CAPACITY, this.capacity * 2));
      slot = this.count++;
      this.slotOf.set(id, slot);
      this.slotIds[slot] = id;
    }
    // Normalised straight into the float store, and the sign bits taken on the way.
    let sq = 0;
    for (let j = 0; j < this.dim; j++) sq += (v[j] ?? 0) * (v[j] ?? 0);
    const inv = sq > 0 ? 1 / Math.sqrt(sq) : 0;
    const f = slot * this.dim;
    const o = slot * this.words;
    this.codes.fill(0, o, o + this.words);
    for (let j = 0; j < this.dim; j++) {
      const x = (v[j] ?? 0) * inv;
      this.floats[f + j] = x;
      if (x > 0) this.codes[o + (j >> 5)] = ((this.codes[o + (j >> 5)] ?? 0) | (1 << (j & 31))) >>> 0;
    }
    this.columns.set(slot, this.floats, f);
  }

  /** Pre-sizes the arrays for `n` vectors (a rebuild knows its row count; doubling would waste up to 2×). */
  reserve(n: number): void {
    if (n > this.capacity) this.grow(n);
  }

  /** Removes `id` by moving the last slot into its place (order is irrelevant to a scan). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    const last = --this.count;
    if (slot !== last) {
      const lastId = this.slotIds[last] ?? 0;
      this.slotIds[slot] = lastId;
      this.slotOf.set(lastId, slot);
      this.codes.copyWithin(slot * this.words, last * this.words, (last + 1) * this.words);
      this.floats.copyWithin(slot * this.dim, last * this.dim, (last + 1) * this.dim);
      this.columns.move(last, slot);
    }
  }

  /** Exact cosine of `q` with the stored vector of `id`, or null when absent. */
  similarity(q: Float32Array, id: number): number | null {
    const slot = this.slotOf.get(id);
    return slot === undefined ? null : this.dot(normalised(q, this.dim), slot);
  }

  search(q: Float32Array, k: number): VectorHit[] {
    if (q.length !== this.dim) throw new RangeError(`query has ${q.length} dimensions, index has ${this.dim}`);
    if (k <= 0 || this.count === 0) return [];
    const qn = normalised(q, this.dim);
    const nonZero = this.sparseDims(qn);
    const best = nonZero <= this.dim * SPARSE_SHARE ? this.searchSparse(nonZero, k) : this.searchDense(qn, k);
    const hits: VectorHit[] = [];
    for (let i = 0; i < best.size; i++) hits.push({ id: this.slotIds[best.slots[i] as number] ?? 0, score: best.scores[i] as number });
    return hits.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** Bytes of the search structures: sign codes, int8 columns, ids and id→slot map (the float copy is rawBytes()). */
  bytes(): number {
    const scratch = this.table.byteLength + this.qDims.byteLength + this.qWeights.byteLength + this.scores.byteLength + this.kept.byteLength;
    return this.codes.byteLength + this.columns.byteLength() + this.slotIds.byteLength + scratch + this.slotOf.size * MAP_ENTRY_BYTES;
  }

  /** Bytes of the float copy used for exact rescoring. */
  rawBytes(): number {
    return this.floats.byteLength;
  }

  private dot(qn: Float32Array, slot: number): number {
    const f = this.floats;
    const o = slot * this.dim;
    let s = 0;
    for (let j = 0; j < this.dim; j++) s += (qn[j] as number) * (f[o + j] as number);
    return s;
  }

  /** The query's non-zero dims into qDims/qWeights, heaviest first (an insertion sort: few of them when it matters). */
  private sparseDims(qn: Float32Array): number {
    const { qDims: dims, qWeights: ws } = this;
    let n = 0;
    for (let j = 0; j < this.dim; j++) {
      const w = qn[j] as number;
      if (w === 0) continue;
      n++;
      if (n > this.dim * SPARSE_SHARE) return n;
      let y = n - 2;
      while (y >= 0 && Math.abs(ws[y] as number) < Math.abs(w)) {
        dims[y + 1] = dims[y] as number;
        ws[y + 1] = ws[y] as number;
        y--;
      }
      dims[y + 1] = j;
      ws[y + 1] = w;
    }
    return n;
  }

  private searchDense(qn: Float32Array, k: number): TopK {
    const wanted = Math.max(k, this.rescore);
    const best = new TopK(Math.min(k, this.count));
    if (this.count <= wanted) {
      for (let i = 0; i < this.count; i++) best.push(this.dot(qn, i), i);
      return best;
    }
    const top = this.approximate(qn, wanted);
    for (let c = 0; c < top.size; c++) {
      const slot = top.slots[c] as number;
      best.push(this.dot(qn, slot), slot);
    }
    return best;
  }

  /** Sparse path over the n dims sparseDims() left in qDims/qWeights. */
  private searchSparse(n: number, k: number): TopK {
    const wanted = Math.max(k, Math.min(this.rescore, SPARSE_RESCORE));
    const best = new TopK(Math.min(k, this.count));
    const { qDims: dims, qWeights: ws, floats: f, dim } = this;
    const rescore = (slot: number) => {
      const o = slot * dim;
      let s = 0;
      for (let x = 0; x < n; x++) s += (ws[x] as number) * (f[o + (dims[x] as number)] as number);
      best.push(s, slot);
    };
    if (this.count <= wanted) {
      for (let i = 0; i < this.count; i++) rescore(i);
      return best;
    }
    const top = this.columns.scan(this.count, dims, ws, Math.min(n, SPARSE_DIMS), wanted);
    for (let c = 0; c < top.size; c++) rescore(top.slots[c] as number);
    return best;
  }

  /**
   * Scores every code by Σ ±q_j (sign bit j of the stored vector picks the sign), through a table
   * of the 256 partial sums of each byte; keeps the `wanted` best slots.
   */
  private approximate(qn: Float32Array, wanted: number): TopK {
    const T = this.table;
    const bytes = this.words * 4;
    for (let b = 0; b < bytes; b++) {
      const base = b << 8;
      let none = 0;
      for (let t = 0; t < 8; t++) none -= qn[b * 8 + t] ?? 0;
      T[base] = none;
      // Each entry is the entry without its lowest set bit, with that dimension flipped from −q to +q.
      for (let x = 1; x < 256; x++) {
        const low = x & -x;
        T[base + x] = (T[base + (x ^ low)] ?? 0) + 2 * (qn[b * 8 + 31 - Math.clz32(low)] ?? 0);
      }
    }
    const { codes, scores, words: W } = this;
    for (let i = 0, o = 0; i < this.count; i++, o += W) {
      let s = 0;
      for (let w = 0, tb = 0; w < W; w++, tb += 1024) {
        const x = codes[o + w] as number;
        s += (T[tb + (x & 255)] as number) + (T[tb + 256 + ((x >>> 8) & 255)] as number) + (T[tb + 512 + ((x >>> 16) & 255)] as number) + (T[tb + 768 + (x >>> 24)] as number);
      }
      scores[i] = s;
    }
    return topOf(scores, this.count, wanted, this.kept);
  }

  private grow(capacity: number): void {
    const slotIds = new Float64Array(capacity);
    slotIds.set(this.slotIds);
    const codes = new Uint32Array(capacity * this.words);
    codes.set(this.codes);
    const floats = new Float32Array(capacity * this.dim);
    floats.set(this.floats);
    this.columns.grow(capacity, this.count);
    this.scores = new Float64Array(capacity);
    this.kept = new Int32Array(capacity);
    this.slotIds = slotIds;
    this.codes = codes;
    this.floats = floats;
    this.capacity = capacity;
  }
}
