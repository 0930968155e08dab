/**
 * Synthetic clustered unit vectors for bench/retrieval.ts and the index tests: `clusters` gaussian
 * blobs around random unit centres; `spread` is the per-dimension noise (0.05 at 384-d puts a
 * point at cosine ≈ 0.7 of its centre, neighbours at ≈ 0.5, like sentence embeddings).
 */
export type Rng = () => number;

/** mulberry32: seeded, so every run measures the same data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(r: Rng): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const inv = 1 / Math.sqrt(s || 1);
  for (let j = 0; j < v.length; j++) v[j] = (v[j] ?? 0) * inv;
  return v;
}

export function clusteredVectors(opts: { n: number; dim: number; clusters: number; spread: number; seed: number }) {
  const r = rng(opts.seed);
  const centres: Float32Array[] = [];
  for (let c = 0; c < opts.clusters; c++) centres.push(normalise(Float32Array.from({ length: opts.dim }, () => gaussian(r))));
  const near = (c: number, spread: number) => {
    const centre = centres[c] ?? new Float32Array(opts.dim);
    return normalise(Float32Array.from(centre, (x) => x + spread * gaussian(r)));
  };
  const vectors: Float32Array[] = [];
  for (let i = 0; i < opts.n; i++) vectors.push(near(i % opts.clusters, opts.spread));
  /** Queries fall near a random cluster, like a question near the passages that answer it. */
  const labelledQueries = (count: number) =>
    Array.from({ length: count }, () => {
      const cluster = Math.floor(r() * opts.clusters);
      return { cluster, vector: near(cluster, opts.spread) };
    });
  const queries = (count: number) => labelledQueries(count).map((q) => q.vector);
  return { vectors, queries, labelledQueries };
}

/** Exact top-k by cosine over unit vectors: the ground truth. */
export function exactTopK(vectors: Float32Array[], q: Float32Array, k: number): number[] {
  const scored = vectors.map((v, i) => {
    let s = 0;
    for (let j = 0; j < v.length; j++) s += (v[j] ?? 0) * (q[j] ?? 0);
    return { i, s };
  });
  scored.sort((a, b) => b.s - a.s);
  return scored.slice(0, k).map((x) => x.i);
}

/** The vectors in one Float32Array, for a tight brute-force loop. */
export function flatten(vectors: Float32Array[], dim: number): Float32Array {
  const flat = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => {
    flat.set(v, i * dim);
  });
  return flat;
}

/** Exact top-k indices by dot product over a flat matrix (brute force, insertion into a sorted list). */
export function exactTopKFlat(flat: Float32Array, dim: number, q: Float32Array, k: number): number[] {
  const top: { i: number; s: number }[] = [];
  const n = flat.length / dim;
  for (let i = 0, o = 0; i < n; i++, o += dim) {
    let s = 0;
    for (let j = 0; j < dim; j++) s += (flat[o + j] ?? 0) * (q[j] ?? 0);
    if (top.length < k || s > (top[top.length - 1]?.s ?? 0)) {
      let p = top.length;
      while (p > 0 && (top[p - 1]?.s ?? 0) < s) p--;
      top.splice(p, 0, { i, s });
      if (top.length > k) top.pop();
    }
  }
  return top.map((x) => x.i);
}
