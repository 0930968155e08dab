/**
 * Helpers the load-generating benches (chat, semantic-cache, retrieval-realistic, tools) share.
 * Kept free of app imports: it runs in the load generator's process, not the app's.
 */
import { spawnSync } from "node:child_process";
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

export type WrkLoad = { connections: string; duration: string; headers?: string[] };

/**
 * One wrk run (Debian's wrk, one thread) against url: req/s, p50/p99 in ms, the non-2xx count and the
 * target's CPU µs per request, read through cpuSince (the target's CPU ms since its last call).
 */
export async function runWrk(url: string, load: WrkLoad, cpuSince: () => Promise<number>) {
  const args = ["-t1", `-c${load.connections}`, `-d${load.duration}`, "--latency", ...(load.headers ?? []).flatMap((h) => ["-H", h]), url];
  await cpuSince();
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const cpuMs = await cpuSince();
  const toMs = (v: string, unit: string) => Number(v) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const percentile = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Math.round(toMs(m[1] ?? "0", m[2] ?? "ms") * 1000) / 1000 : null;
  };
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  return {
    rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)),
    p50Ms: percentile("50"),
    p99Ms: percentile("99"),
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    cpuUsPerRequest: requests ? Math.round((cpuMs * 1000) / requests) : null,
  };
}

/**
 * Signs in as bench/http-target.ts's admin and returns the Cookie header to send, with the CSRF
 * token writes must echo in x-csrf-token (double submit, as the SPA does).
 */
export async function benchLogin(app: string): Promise<{ cookie: string; csrf: string }> {
  const login = await fetch(`${app}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@atenda.test", password: "bench-password" }),
  });
  const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
  if (!login.ok || !cookie.includes("atenda_session")) throw new Error(`login failed: ${login.status}`);
  return { cookie, csrf: cookie.match(/atenda_csrf=([^;]+)/)?.[1] ?? "" };
}
