/**
 * bun bench/http.ts → JSON: requests/s and p50/p99 latency for (1) a plain Hono JSON route,
 * (2) an authenticated tRPC query (session lookup + membership check + db read), (3) a bare
 * Bun.serve route, in one run, with wrk (Debian package) as the loopback load generator.
 * BENCH_CPU_PROF=<dir>: the target runs under `bun --cpu-prof` and writes its profile there.
 */
import { spawn, spawnSync } from "node:child_process";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "50";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk not found: apt-get install -y wrk");
  process.exit(1);
}

const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, "--cpu-prof-name=http.cpuprofile"] : [];
const target = spawn(process.execPath, [...profile, "bench/http-target.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const ports = await new Promise<{ appPort: number; barePort: number; controlPort: number }>((resolve) => {
  target.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString().trim().split("\n")[0] ?? "{}")));
});
const app = `http://127.0.0.1:${ports.appPort}`;

const login = await fetch(`${app}/api/v1/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "bench@atenda.test", password: "bench-password" }),
});
const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
if (!login.ok || !cookie.includes("atenda_session")) throw new Error(`login failed: ${login.status}`);

/** The target's CPU milliseconds since the last call. */
const cpuSince = async () => ((await (await fetch(`http://127.0.0.1:${ports.controlPort}/`)).json()) as { cpuMs: number }).cpuMs;

/** Parses wrk's --latency output into { rps, p50Ms, p99Ms }, with the target's CPU time per request. */
async function runWrk(url: string, headers: string[] = []) {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION}`, "--latency", ...headers.flatMap((h) => ["-H", h]), url];
  await cpuSince();
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const cpuMs = await cpuSince();
  const toMs = (v: string, unit: string) => Number(v) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const pct = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Math.round(toMs(m[1] ?? "0", m[2] ?? "ms") * 1000) / 1000 : null;
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const cpuUsPerRequest = requests ? Math.round((cpuMs * 1000) / requests) : null;
  return { rps: Math.round(rps), p50Ms: pct("50"), p99Ms: pct("99"), non2xx, cpuUsPerRequest };
}

const results = {
  machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
  load: { tool: "wrk", threads: 1, connections: Number(CONNECTIONS), duration: DURATION },
  honoJsonRoute: await runWrk(`${app}/api/v1/health`),
  trpcAuthenticatedQuery: await runWrk(`${app}/trpc/workspaces.list`, [`Cookie: ${cookie}`]),
  bareBunServe: await runWrk(`http://127.0.0.1:${ports.barePort}/`),
};
const ratio = results.honoJsonRoute.rps ? Math.round((results.trpcAuthenticatedQuery.rps / results.honoJsonRoute.rps) * 1000) / 1000 : null;
console.log(JSON.stringify({ ...results, trpcOverHonoRps: ratio, targets: { trpcOverHonoRps: 0.5 } }, null, 2));
// SIGINT: the target exits normally, so a --cpu-prof run writes its profile.
target.kill("SIGINT");
