/**
 * Helpers the load-generating benches (chat, semantic-cache, retrieval-realistic, tools) share.
 * Kept free of app imports: it runs in the load generator's process, not the app's.
 */
import { type Subprocess, spawn } from "bun";

export type Started = { proc: Subprocess; info: Record<string, string> };

/**
 * Spawns `bun <args>` and waits for its first stdout line, a JSON object (url, port, ids…): the
 * bench processes (fake LLM, app targets) print it once ready, so the caller knows where to connect.
 * `env` adds variables to this process's environment.
 */
export async function startProcess(args: string[], env?: Record<string, string>): Promise<Started> {
  const proc = spawn([process.execPath, ...args], { stdout: "pipe", stderr: "inherit", ...(env ? { env: { ...process.env, ...env } } : {}) });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return { proc, info: JSON.parse(new TextDecoder().decode(value).trim().split("\n")[0] ?? "{}") };
}

/** The nearest-rank p-th percentile, unrounded: for callers that round the result their own way. */
export const nearestRank = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** The p-th percentile in ms, to two decimals: the precision the benches report latencies at. */
export const pct = (xs: number[], p: number) => Math.round(nearestRank(xs, p) * 100) / 100;

/**
 * Runs `total` calls of fn with at most `concurrency` in flight; returns each call's latency in ms
 * (or the number fn returns, when it measures something of its own, e.g. time to first byte) and
 * the wall time of the whole run.
 */
export async function load(total: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const measured = await fn(i);
        latencies.push(typeof measured === "number" ? measured : performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Clock ticks a second of /proc/<pid>/stat, asked once on first use (not by every bench that imports this). */
let clockTicks = 0;

/**
 * CPU time a process (all its threads) has used, in ms, from /proc: on a shared machine wall-clock
 * figures move with other people's load, the CPU spent per request much less.
 */
export async function cpuMsOf(pid: number): Promise<number> {
  clockTicks ||= Number(new TextDecoder().decode(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout).trim()) || 100;
  const stat = await Bun.file(`/proc/${pid}/stat`).text();
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}
