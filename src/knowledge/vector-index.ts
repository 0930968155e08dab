/**
 * In-process vector index of one agent's chunks (docs/decisions/002-retrieval.md). Every vector is
 * kept twice: a 1-bit sign code (dim/8 bytes) scanned exhaustively with an asymmetric score (the
 * float query against the ±1 code, 4 table look-ups per 32 dims), and the float copy that rescores
 * the best `rescore` candidates exactly. No graph, no training: add/remove are O(1) and the result
 * is exact cosine for whatever reaches the rescoring stage.
 */
export type VectorHit = { id: number; score: number };
export type VectorIndexOptions = { /** Candidates rescored with floats (default 512). */ rescore?: number };

const INITIAL_CAPACITY = 64;
/** Rough per-entry cost of a Map<number, number> in JavaScriptCore, for bytes(). */
const MAP_ENTRY_BYTES = 40;

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

/** Keeps the `cap` largest (score, slot) pairs seen; a binary min-heap, so rejects cost one compare. */
class TopK {
  readonly scores: Float64Array;
  readonly slots: Int32Array;
  size = 0;
  constructor(readonly cap: number) {
    this.scores = new Float64Array(cap);
    this.slots = new Int32Array(cap);
  }
  /** The smallest score kept, or -Infinity while not full: callers skip anything not above it. */
  get floor(): number {
    return this.size < this.cap ? Number.NEGATIVE_INFINITY : (this.scores[0] ?? 0);
  }
  push(score: number, slot: number): void {
    const { scores, slots } = this;
    let i: number;
    if (this.size < this.cap) {
      i = this.size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if ((scores[p] ?? 0) <= score) break;
        scores[i] = scores[p] ?? 0;
        slots[i] = slots[p] ?? 0;
        i = p;
      }
    } else {
      if (score <= (scores[0] ?? 0)) return;
      i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= this.size) break;
        const r = l + 1;
        const c = r < this.size && (scores[r] ?? 0) < (scores[l] ?? 0) ? r : l;
        if ((scores[c] ?? 0) >= score) break;
        scores[i] = scores[c] ?? 0;
        slots[i] = slots[c] ?? 0;
        i = c;
      }
    }
    scores[i] = score;
    slots[i] = slot;
  }
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
  private readonly slotOf = new Map<number, number>();
  /** Per-query look-up table: 256 partial sums per byte of the code. */
  private readonly table: Float32Array;

  constructor(dim: number, opts: VectorIndexOptions = {}) {
    if (!Number.isInteger(dim) || dim <= 0) throw new RangeError(`invalid dimension ${dim}`);
    this.dim = dim;
    this.words = Math.ceil(dim / 32);
    this.rescore = Math.max(1, opts.rescore ?? 512);
    this.table = new Float32Array(this.words * 4 * 256);
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
    const wanted = Math.max(k, this.rescore);
    let candidates: Int32Array;
    if (this.count <= wanted) {
      candidates = new Int32Array(this.count);
      for (let i = 0; i < this.count; i++) candidates[i] = i;
    } else {
      const top = this.approximate(qn, wanted);
      candidates = top.slots.subarray(0, top.size);
    }
    const best = new TopK(Math.min(k, candidates.length));
    for (const slot of candidates) best.push(this.dot(qn, slot), slot);
    const hits: VectorHit[] = [];
    for (let i = 0; i < best.size; i++) hits.push({ id: this.slotIds[best.slots[i] ?? 0] ?? 0, score: best.scores[i] ?? 0 });
    return hits.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** Bytes of the search structures: sign codes, id array and id→slot map (the float copy is rawBytes()). */
  bytes(): number {
    return this.codes.byteLength + this.slotIds.byteLength + this.table.byteLength + this.slotOf.size * MAP_ENTRY_BYTES;
  }

  /** Bytes of the float copy used for exact rescoring. */
  rawBytes(): number {
    return this.floats.byteLength;
  }

  private dot(qn: Float32Array, slot: number): number {
    const f = this.floats;
    const o = slot * this.dim;
    let s = 0;
    for (let j = 0; j < this.dim; j++) s += (qn[j] ?? 0) * (f[o + j] ?? 0);
    return s;
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
    const top = new TopK(wanted);
    const codes = this.codes;
    const W = this.words;
    for (let i = 0, o = 0; i < this.count; i++, o += W) {
      let s = 0;
      for (let w = 0, tb = 0; w < W; w++, tb += 1024) {
        const x = codes[o + w] ?? 0;
        s += (T[tb + (x & 255)] ?? 0) + (T[tb + 256 + ((x >>> 8) & 255)] ?? 0) + (T[tb + 512 + ((x >>> 16) & 255)] ?? 0) + (T[tb + 768 + (x >>> 24)] ?? 0);
      }
      if (s > top.floor) top.push(s, i);
    }
    return top;
  }

  private grow(capacity: number): void {
    const slotIds = new Float64Array(capacity);
    slotIds.set(this.slotIds);
    const codes = new Uint32Array(capacity * this.words);
    codes.set(this.codes);
    const floats = new Float32Array(capacity * this.dim);
    floats.set(this.floats);
    this.slotIds = slotIds;
    this.codes = codes;
    this.floats = floats;
    this.capacity = capacity;
  }
}
