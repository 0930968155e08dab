/**
 * bun bench/http.ts → JSON: requests/s and p50/p99 latency for (1) a plain Hono JSON route,
 * (2) an authenticated tRPC query (session lookup + membership check + db read), (3) a bare
 * Bun.serve route, in one run, with wrk (Debian package) as the loopback load generator.
 */
import { spawn, spawnSync } from "node:child_process";

const DURATION = process.env.BENCH_DURATION ?? "10s";
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? "50";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk not found: apt-get install -y wrk");
  process.exit(1);
}

const target = spawn(process.execPath, ["bench/http-target.ts"], { stdio: ["ignore", "pipe", "inherit"] });
const ports = await new Promise<{ appPort: number; barePort: number }>((resolve) => {
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

/** Parses wrk's --latency output into { rps, p50Ms, p99Ms }. */
function runWrk(url: string, headers: string[] = []) {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${DURATION}`, "--latency", ...headers.flatMap((h) => ["-H", h]), url];
  const out = spawnSync("wrk", args, { encoding: "utf8" }).stdout;
  const toMs = (v: string, unit: string) => Number(v) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const pct = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Math.round(toMs(m[1] ?? "0", m[2] ?? "ms") * 1000) / 1000 : null;
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  return { rps: Math.round(rps), p50Ms: pct("50"), p99Ms: pct("99"), non2xx };
}

const results = {
  machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
  load: { tool: "wrk", threads: 1, connections: Number(CONNECTIONS), duration: DURATION },
  honoJsonRoute: runWrk(`${app}/api/v1/health`),
  trpcAuthenticatedQuery: runWrk(`${app}/trpc/workspaces.list`, [`Cookie: ${cookie}`]),
  bareBunServe: runWrk(`http://127.0.0.1:${ports.barePort}/`),
};
console.log(JSON.stringify(results, null, 2));
target.kill("SIGTERM");
