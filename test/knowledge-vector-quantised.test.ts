/**
 * The quantised structures behind the vector index's sparse path (issue 12): top-k selection by
 * threshold, the int8 column store and its SWAR scan, and the index they make, checked against
 * exact cosine on seeded data: the offline embedder's questions over a shop catalogue, where every
 * chunk repeats the same vocabulary and the sign-code scan used to miss a sixth of the true top 10.
 */
import { describe, expect, test } from "bun:test";
import { catalogue } from "../bench/retrieval/catalogue";
import { exactTopK, gaussian, rng } from "../bench/retrieval/synthetic";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { Int8Columns } from "../src/knowledge/int8-columns";
import { TopK, topOf } from "../src/knowledge/top-k";
import { VectorIndex } from "../src/knowledge/vector-index";

const DIM = 384;
const bestScores = (xs: ArrayLike<number>, k: number) => Array.from(xs).sort((a, b) => b - a).slice(0, k);
const keptScores = (t: TopK) => Array.from(t.scores.subarray(0, t.size)).sort((a, b) => b - a);

function unit(v: Float32Array): Float32Array {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

describe("topOf", () => {
  test("keeps exactly the best scores, spread out or full of ties, large or small", () => {
    const r = rng(3);
    const scratch = new Int32Array(10_000);
    const cases: [string, Float64Array, number][] = [
      ["spread", Float64Array.from({ length: 10_000 }, () => gaussian(r)), 128],
      ["five distinct values", Float64Array.from({ length: 10_000 }, () => Math.floor(r() * 5)), 128],
      ["ascending", Float64Array.from({ length: 10_000 }, (_, i) => i), 40],
      ["small", Float64Array.from({ length: 300 }, () => r()), 50],
    ];
    for (const [name, scores, wanted] of cases) {
      const top = topOf(scores, scores.length, wanted, scratch);
      expect({ name, kept: keptScores(top) }).toEqual({ name, kept: bestScores(scores, wanted) });
      for (let i = 0; i < top.size; i++) expect(scores[top.slots[i] ?? -1]).toBe(top.scores[i] ?? Number.NaN);
    }
  });

  test("TopK.sorted: best first, ties by slot", () => {
    const t = new TopK(3);
    for (const [s, slot] of [[0.5, 4], [0.9, 7], [0.1, 1], [0.9, 2], [0.7, 3]] as const) t.push(s, slot);
    expect(t.sorted()).toEqual([
      { slot: 2, score: 0.9 },
      { slot: 7, score: 0.9 },
      { slot: 3, score: 0.7 },
    ]);
  });
});

describe("Int8Columns", () => {
  const r = rng(5);
  const vectors = Array.from({ length: 203 }, () => unit(Float32Array.from({ length: DIM }, () => gaussian(r))));
  const flat = new Float32Array(vectors.length * DIM);
  for (const [i, v] of vectors.entries()) flat.set(v, i * DIM);

  test("every component within half a step of its float, through a grow and a move", () => {
    const cols = new Int8Columns(DIM);
    cols.grow(10, 0);
    for (let i = 0; i < 10; i++) cols.set(i, flat, i * DIM);
    cols.grow(vectors.length, 10);
    for (let i = 10; i < vectors.length; i++) cols.set(i, flat, i * DIM);
    cols.move(vectors.length - 1, 3);
    const expected = (slot: number) => (slot === 3 ? vectors.length - 1 : slot);
    for (const slot of [0, 3, 9, 10, 150, 201]) {
      const v = vectors[expected(slot)] ?? new Float32Array(DIM);
      const step = Math.max(...v.map(Math.abs)) / 127;
      for (let j = 0; j < DIM; j++) expect(Math.abs(cols.component(slot, j) - (v[j] ?? 0))).toBeLessThanOrEqual(step / 2 + 1e-7);
    }
  });

  test("scan keeps the best partial dot products over the given dims, negative weights included", () => {
    // Components ±1/0 on the scanned dims and weights of 15, 10, 5… units: the quantised sums are exact.
    const n = 1000;
    const dims = Int32Array.from([7, 300, 41, 99, 250, 3]);
    const weights = Float64Array.from([1.5, -1.0, 0.5, 0.3, -0.2, 0.1]);
    const g = rng(9);
    const data = new Float32Array(n * DIM);
    for (let i = 0; i < n; i++) {
      data[i * DIM + 383] = 1;
      for (const d of dims) data[i * DIM + d] = Math.floor(g() * 3) - 1;
    }
    const cols = new Int8Columns(DIM);
    cols.grow(n, 0);
    for (let i = 0; i < n; i++) cols.set(i, data, i * DIM);
    const partial = Array.from({ length: n }, (_, i) => dims.reduce((s, d, x) => s + (weights[x] ?? 0) * (data[i * DIM + d] ?? 0), 0));
    const top = cols.scan(n, dims, weights, dims.length, 25);
    const got = Array.from(top.slots.subarray(0, top.size), (slot) => partial[slot] ?? Number.NaN).sort((a, b) => b - a);
    expect(got.map((x) => x.toFixed(6))).toEqual(bestScores(partial, 25).map((x) => x.toFixed(6)));
  });
});

describe("VectorIndex with offline-embedded (sparse) questions", () => {
  const embedder = offlineEmbedder();

  test("on a 5,000-chunk catalogue the top 10 is the exact top 10 (≥ 0.97), with exact cosines", async () => {
    const { chunks, questions } = catalogue({ chunks: 5000, questions: 100 });
    const vectors = await embedder.embed(chunks.map((c) => c.content));
    const queries = await embedder.embed(questions.map((q) => q.question));
    const index = new VectorIndex(DIM);
    index.reserve(vectors.length);
    for (const [i, v] of vectors.entries()) index.add(i, v);
    let hits = 0;
    for (const q of queries) {
      const truth = new Set(exactTopK(vectors, q, 10));
      const got = index.search(q, 10);
      for (const h of got) {
        if (truth.has(h.id)) hits++;
        const v = vectors[h.id] ?? new Float32Array(DIM);
        expect(h.score).toBeCloseTo(v.reduce((s, x, j) => s + x * (q[j] ?? 0), 0), 5);
      }
    }
    expect(hits / (queries.length * 10)).toBeGreaterThanOrEqual(0.97);
  });

  test("after removals no removed id comes back and the survivors' top 10 is found", async () => {
    const { chunks, questions } = catalogue({ chunks: 1500, questions: 40, seed: 4 });
    const vectors = await embedder.embed(chunks.map((c) => c.content));
    const queries = await embedder.embed(questions.map((q) => q.question));
    const index = new VectorIndex(DIM);
    for (const [i, v] of vectors.entries()) index.add(i, v);
    const removed = (i: number) => i % 3 === 0;
    for (let i = 0; i < vectors.length; i++) if (removed(i)) index.remove(i);
    const kept = vectors.map((v, i) => (removed(i) ? new Float32Array(DIM) : v));
    let hits = 0;
    for (const q of queries) {
      const got = index.search(q, 10);
      expect(got.some((h) => removed(h.id))).toBe(false);
      const truth = new Set(exactTopK(kept, q, 10));
      hits += got.filter((h) => truth.has(h.id)).length;
    }
    expect(hits / (queries.length * 10)).toBeGreaterThanOrEqual(0.97);
  });

  test("below the candidate pool a sparse query is answered exactly", () => {
    const r = rng(21);
    const sparse = () => {
      const v = new Float32Array(DIM);
      for (let t = 0; t < 40; t++) v[Math.floor(r() * DIM)] = gaussian(r);
      return unit(v);
    };
    const vectors = Array.from({ length: 100 }, sparse);
    const index = new VectorIndex(DIM);
    for (const [i, v] of vectors.entries()) index.add(i + 1, v);
    for (let t = 0; t < 10; t++) {
      const q = sparse();
      expect(index.search(q, 10).map((h) => h.id)).toEqual(exactTopK(vectors, q, 10).map((i) => i + 1));
    }
  });
});
