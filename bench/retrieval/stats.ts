/** Small measuring helpers for bench/retrieval.ts. */
export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0, 3);
}

/** Latency of fn over every query (after `warmup` untimed runs), and what it returned. */
export async function timed<T>(queries: Float32Array[], fn: (q: Float32Array, i: number) => T | Promise<T>, warmup = 5) {
  for (let i = 0; i < Math.min(warmup, queries.length); i++) await fn(queries[i] ?? new Float32Array(), i);
  const latencies: number[] = [];
  const results: T[] = [];
  for (const [i, q] of queries.entries()) {
    const t0 = performance.now();
    results.push(await fn(q, i));
    latencies.push(performance.now() - t0);
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), results };
}

/** Mean share of the true top-k found. */
export function recallAtK(found: number[][], truth: number[][], k: number): number {
  let hits = 0;
  found.forEach((ids, q) => {
    const t = new Set(truth[q] ?? []);
    hits += ids.slice(0, k).filter((id) => t.has(id)).length;
  });
  return round(hits / (truth.length * k), 4);
}
