import { describe, expect, test } from "bun:test";
import { VectorIndex } from "../../src/knowledge/vector-index";
import { clusteredVectors, exactTopK, gaussian, rng } from "../../bench/retrieval/synthetic";

const DIM = 384;

function recall(index: VectorIndex, vectors: Float32Array[], queries: Float32Array[], k: number) {
  let hits = 0;
  for (const q of queries) {
    const truth = new Set(exactTopK(vectors, q, k).map((i) => i + 1));
    for (const h of index.search(q, k)) if (truth.has(h.id)) hits++;
  }
  return hits / (queries.length * k);
}

describe("VectorIndex", () => {
  test("below the rescoring pool the search is exact: same ids and cosines as brute force", () => {
    const r = rng(7);
    const vectors = Array.from({ length: 300 }, () => Float32Array.from({ length: DIM }, () => gaussian(r)));
    const index = new VectorIndex(DIM);
    for (const [i, v] of vectors.entries()) index.add(i + 1, v);
    const unit = (v: Float32Array) => {
      const n = Math.hypot(...v);
      return v.map((x) => x / n);
    };
    const units = vectors.map(unit);
    for (let t = 0; t < 10; t++) {
      const q = Float32Array.from({ length: DIM }, () => gaussian(r));
      const got = index.search(q, 10);
      const want = exactTopK(units, unit(q), 10);
      expect(got.map((h) => h.id)).toEqual(want.map((i) => i + 1));
      const qn = unit(q);
      for (const h of got) {
        const v = units[h.id - 1] ?? new Float32Array(DIM);
        const cos = v.reduce((s, x, j) => s + x * (qn[j] ?? 0), 0);
        expect(h.score).toBeCloseTo(cos, 5);
      }
    }
  });

  test("quantised scan + float rescoring matches brute force on clustered data (recall@10 ≥ 0.95)", () => {
    const { vectors, queries } = clusteredVectors({ n: 6000, dim: DIM, clusters: 60, spread: 0.05, seed: 3 });
    const index = new VectorIndex(DIM, { rescore: 128 });
    for (const [i, v] of vectors.entries()) index.add(i + 1, v);
    expect(recall(index, vectors, queries(40), 10)).toBeGreaterThanOrEqual(0.95);
  });

  test("add, replace, remove, has, size", () => {
    const index = new VectorIndex(4);
    index.add(10, new Float32Array([1, 0, 0, 0]));
    index.add(20, new Float32Array([0, 1, 0, 0]));
    index.add(30, new Float32Array([0, 0, 1, 0]));
    expect(index.size).toBe(3);
    expect(index.search(new Float32Array([0, 2, 0, 0]), 1)).toEqual([{ id: 20, score: 1 }]);
    index.add(20, new Float32Array([0, 0, 0, 5]));
    expect(index.size).toBe(3);
    expect(index.search(new Float32Array([0, 0, 0, 1]), 1)[0]?.id).toBe(20);
    index.remove(10);
    index.remove(99);
    expect(index.has(10)).toBe(false);
    expect(index.has(30)).toBe(true);
    expect(index.size).toBe(2);
    expect(index.search(new Float32Array([1, 0, 0, 0]), 5).map((h) => h.id).sort()).toEqual([20, 30]);
    expect(index.similarity(new Float32Array([0, 0, 1, 0]), 30)).toBeCloseTo(1, 6);
    expect(index.similarity(new Float32Array([0, 0, 1, 0]), 10)).toBeNull();
  });

  test("removal keeps the large-index path exact for the survivors", () => {
    const { vectors, queries } = clusteredVectors({ n: 3000, dim: DIM, clusters: 30, spread: 0.05, seed: 5 });
    const index = new VectorIndex(DIM, { rescore: 64 });
    for (const [i, v] of vectors.entries()) index.add(i + 1, v);
    // Vector i sits in cluster i % 30: dropping every other round of 30 halves every cluster.
    const removed = (i: number) => Math.floor(i / 30) % 2 === 0;
    for (let i = 0; i < vectors.length; i++) if (removed(i)) index.remove(i + 1);
    expect(index.size).toBe(1500);
    const kept = vectors.map((v, i) => (removed(i) ? new Float32Array(DIM) : v));
    for (const q of queries(10)) {
      const hits = index.search(q, 10);
      expect(hits.every((h) => !removed(h.id - 1))).toBe(true);
      const truth = exactTopK(kept, q, 10).map((i) => i + 1);
      expect(hits.filter((h) => truth.includes(h.id)).length).toBeGreaterThanOrEqual(9);
    }
  });

  test("memory: sign codes and int8 columns are ~1/3 of the floats; empty and k ≤ 0 searches return []", () => {
    const index = new VectorIndex(DIM);
    expect(index.search(new Float32Array(DIM), 5)).toEqual([]);
    index.reserve(1000);
    const r = rng(1);
    for (let i = 0; i < 1000; i++) index.add(i, Float32Array.from({ length: DIM }, () => gaussian(r)));
    expect(index.rawBytes()).toBe(1000 * DIM * 4);
    expect(index.bytes()).toBeLessThan(index.rawBytes() * 0.4);
    expect(index.search(new Float32Array(DIM).fill(1), 0)).toEqual([]);
    expect(() => index.add(1, new Float32Array(3))).toThrow();
  });
});
