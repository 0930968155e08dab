import { type TopK, topOf } from "./top-k";

/**
 * The int8 copy of an index's vectors that vector-index.ts scans for sparse queries. Stored
 * dimension by dimension: column j holds component j of every slot contiguously, biased to
 * 0..255, with one scale per slot (component ≈ (byte − 128) × scale). A scan over a query's few
 * heaviest dims then streams through a handful of columns instead of striding over whole rows.
 *
 * The scan reads each column as 32-bit words, four slots a word, and multiplies two 16-bit lanes
 * at once (SWAR): the even and odd bytes of a word, each times a 4-bit query weight, sixteen dims
 * a pass so that no lane overflows into the next.
 */
/** Dims summed per pass: 16 dims of 15 × 255 stay below a lane's 65,536. */
const BLOCK_DIMS = 16;
const WEIGHT_MAX = 15;
const LANES = 0x00ff00ff;
/** Which slot of a word each lane holds: [low of even bytes, low of odd, high of even, high of odd]. */
const LANE_SLOTS: [number, number, number, number] = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? [0, 1, 2, 3] : [3, 2, 1, 0];

export class Int8Columns {
  private capacity = 0;
  private bytes = new Uint8Array(0);
  private words = new Uint32Array(0);
  private scales = new Float32Array(0);
  /** Per-scan scratch: the two lanes of each word's sums, then every slot's score. */
  private even = new Uint32Array(0);
  private odd = new Uint32Array(0);
  private scores = new Float64Array(0);
  private kept = new Int32Array(0);
  private readonly laneWeights = new Int32Array(4);
  private readonly laneColumns = new Int32Array(4);
  private readonly laneFlips = new Int32Array(4);

  constructor(readonly dim: number) {}

  /** Re-lays the columns for `capacity` slots (rounded up to whole words), keeping the first `count`. */
  grow(capacity: number, count: number): void {
    const cap = Math.ceil(capacity / 4) * 4;
    const bytes = new Uint8Array(cap * this.dim);
    for (let j = 0; j < this.dim; j++) bytes.set(this.bytes.subarray(j * this.capacity, j * this.capacity + count), j * cap);
    const scales = new Float32Array(cap);
    scales.set(this.scales.subarray(0, count));
    this.bytes = bytes;
    this.words = new Uint32Array(bytes.buffer);
    this.scales = scales;
    this.even = new Uint32Array(cap / 4);
    this.odd = new Uint32Array(cap / 4);
    this.scores = new Float64Array(cap);
    this.kept = new Int32Array(cap);
    this.capacity = cap;
  }

  /** Quantises the unit vector at src[offset, offset + dim) into `slot`. */
  set(slot: number, src: Float32Array, offset: number): void {
    let max = 0;
    for (let j = 0; j < this.dim; j++) max = Math.max(max, Math.abs(src[offset + j] as number));
    const scale = max / 127;
    const inv = scale > 0 ? 1 / scale : 0;
    this.scales[slot] = scale;
    for (let j = 0, c = slot; j < this.dim; j++, c += this.capacity) this.bytes[c] = 128 + Math.round((src[offset + j] as number) * inv);
  }

  /** Copies slot `from` over slot `to` (a removal moves the last slot into the gap). */
  move(from: number, to: number): void {
    this.scales[to] = this.scales[from] as number;
    for (let c = 0; c < this.bytes.length; c += this.capacity) this.bytes[c + to] = this.bytes[c + from] as number;
  }

  /** The int8 estimate of component j of `slot` (for tests). */
  component(slot: number, j: number): number {
    return ((this.bytes[j * this.capacity + slot] as number) - 128) * (this.scales[slot] as number);
  }

  byteLength(): number {
    return this.bytes.byteLength + this.scales.byteLength + this.even.byteLength + this.odd.byteLength + this.scores.byteLength + this.kept.byteLength;
  }

  /**
   * The `wanted` slots among the first `count` with the highest Σ weights[x] · v[dims[x]] over
   * x < m (weights heaviest first), estimated: components in int8, weights in 4 bits against the
   * heaviest of their block of BLOCK_DIMS (one pass of SWAR sums per block). Scores are on an
   * arbitrary common scale.
   */
  scan(count: number, dims: Int32Array, weights: Float64Array, m: number, wanted: number): TopK {
    const words = Math.ceil(count / 4);
    const { even, odd, scores, scales } = this;
    const [s0, s1, s2, s3] = LANE_SLOTS;
    for (let start = 0; start === 0 || start < m; start += BLOCK_DIMS) {
      const end = Math.min(m, start + BLOCK_DIMS);
      even.fill(0, 0, words);
      odd.fill(0, 0, words);
      const unit = WEIGHT_MAX / Math.abs((weights[start] as number) || 1);
      // Σ over a dim of weight × biased byte = weight × component + weight × 128: subtracted below.
      // A negative weight reads the complemented byte (127 − component) with its magnitude.
      let bias = 0;
      for (let x = start; x < end; x += 4) {
        for (let g = 0; g < 4; g++) {
          const w = x + g < end ? (weights[x + g] as number) : 0;
          const iw = Math.round(Math.abs(w) * unit);
          this.laneWeights[g] = iw;
          this.laneColumns[g] = x + g < end ? ((dims[x + g] as number) * this.capacity) >> 2 : 0;
          this.laneFlips[g] = w < 0 ? -1 : 0;
          bias += (w < 0 ? 127 : 128) * iw;
        }
        this.accumulate(words);
      }
      // Blocks add up on the weights' own scale; a slot's scale multiplies every block alike.
      const keep = start === 0 ? 0 : 1;
      const per = 1 / unit;
      for (let i = 0, b = 0; i < words; i++, b += 4) {
        const e = even[i] as number;
        const o = odd[i] as number;
        scores[b + s0] = keep * (scores[b + s0] as number) + ((e & 0xffff) - bias) * per * (scales[b + s0] as number);
        scores[b + s1] = keep * (scores[b + s1] as number) + ((o & 0xffff) - bias) * per * (scales[b + s1] as number);
        scores[b + s2] = keep * (scores[b + s2] as number) + ((e >>> 16) - bias) * per * (scales[b + s2] as number);
        scores[b + s3] = keep * (scores[b + s3] as number) + ((o >>> 16) - bias) * per * (scales[b + s3] as number);
      }
    }
    return topOf(scores, count, wanted, this.kept);
  }

  /** Adds four columns (laneColumns, times laneWeights, complemented where laneFlips) to the lane sums. */
  private accumulate(words: number): void {
    const { words: c, even, odd, laneWeights: lw, laneColumns: lc, laneFlips: lf } = this;
    const w0 = lw[0] as number;
    const w1 = lw[1] as number;
    const w2 = lw[2] as number;
    const w3 = lw[3] as number;
    const o0 = lc[0] as number;
    const o1 = lc[1] as number;
    const o2 = lc[2] as number;
    const o3 = lc[3] as number;
    const f0 = lf[0] as number;
    const f1 = lf[1] as number;
    const f2 = lf[2] as number;
    const f3 = lf[3] as number;
    for (let i = 0; i < words; i++) {
      const a = (c[o0 + i] as number) ^ f0;
      const b = (c[o1 + i] as number) ^ f1;
      const d = (c[o2 + i] as number) ^ f2;
      const e = (c[o3 + i] as number) ^ f3;
      even[i] = (even[i] as number) + Math.imul(a & LANES, w0) + Math.imul(b & LANES, w1) + Math.imul(d & LANES, w2) + Math.imul(e & LANES, w3);
      odd[i] = (odd[i] as number) + Math.imul((a >>> 8) & LANES, w0) + Math.imul((b >>> 8) & LANES, w1) + Math.imul((d >>> 8) & LANES, w2) + Math.imul((e >>> 8) & LANES, w3);
    }
  }
}
