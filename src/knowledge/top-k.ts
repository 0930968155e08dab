/**
 * Keeps the `cap` largest (score, slot) pairs pushed, in typed arrays: a binary min-heap, so a
 * reject costs one compare and a full scan allocates nothing per item. Not sorted: see sorted().
 */
export class TopK {
  readonly scores: Float64Array;
  readonly slots: Int32Array;
  size = 0;

  constructor(readonly cap: number) {
    this.scores = new Float64Array(cap);
    this.slots = new Int32Array(cap);
  }

  /** The smallest score kept, or -Infinity while not full: callers skip anything not above it. */
  get floor(): number {
    return this.size < this.cap ? Number.NEGATIVE_INFINITY : (this.scores[0] as number);
  }

  push(score: number, slot: number): void {
    const { scores, slots } = this;
    let i: number;
    if (this.size < this.cap) {
      i = this.size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if ((scores[p] as number) <= score) break;
        scores[i] = scores[p] as number;
        slots[i] = slots[p] as number;
        i = p;
      }
    } else {
      if (this.cap === 0 || score <= (scores[0] as number)) return;
      i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= this.size) break;
        const r = l + 1;
        const c = r < this.size && (scores[r] as number) < (scores[l] as number) ? r : l;
        if ((scores[c] as number) >= score) break;
        scores[i] = scores[c] as number;
        slots[i] = slots[c] as number;
        i = c;
      }
    }
    scores[i] = score;
    slots[i] = slot;
  }

  /** The kept slots, best first (ties: lower slot first). */
  sorted(): { slot: number; score: number }[] {
    const out: { slot: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ slot: this.slots[i] as number, score: this.scores[i] as number });
    return out.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }
}

/** Sample size for topOf's threshold: ~2 % of 10,000 scores. */
const SAMPLE = 256;

/**
 * The `wanted` best of scores[0, n), as a TopK. Pushing all n into the heap costs a sift per new
 * leader (hundreds for 128 of 10,000); instead a sample's 2×wanted-th best becomes a threshold,
 * one compare per score keeps ~2×wanted of them, and only those go through the heap. Exact: when
 * fewer than `wanted` pass (an unlucky sample), every score goes through the heap.
 */
export function topOf(scores: Float64Array, n: number, wanted: number, scratch: Int32Array): TopK {
  const top = new TopK(Math.min(wanted, n));
  if (n > wanted * 8 && scratch.length >= n) {
    const step = Math.max(1, Math.floor(n / SAMPLE));
    const taken = Math.ceil(n / step);
    const sample = new TopK(Math.min(taken, Math.ceil((2 * wanted * taken) / n) + 1));
    for (let i = 0; i < n; i += step) sample.push(scores[i] as number, i);
    const threshold = sample.floor;
    let kept = 0;
    for (let i = 0; i < n; i++) if ((scores[i] as number) >= threshold) scratch[kept++] = i;
    if (kept >= wanted) {
      for (let c = 0; c < kept; c++) {
        const i = scratch[c] as number;
        top.push(scores[i] as number, i);
      }
      return top;
    }
  }
  for (let i = 0; i < n; i++) top.push(scores[i] as number, i);
  return top;
}
