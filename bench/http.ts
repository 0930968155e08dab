/**
 * bun bench/http.ts → JSON: requests/s and p50/p99 latency for (1) a plain Hono JSON route,
 * (2) an authenticated tRPC query (session lookup + membership check + db read), (3) a bare
 * Bun.serve route, in one run, with wrk (Debian package) as the loopback load generator.
 * BENCH_CPU_PROF=<dir>: the target runs under `bun --cpu-prof` and writes its profile there.
 */
import { spawn, spawnSync } from "node:child_process";
import { benchLogin, runWrk } from "./support";

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

const { cookie } = await benchLogin(app);

/** The target's CPU milliseconds since the last call. */
const wrkLoad = (headers: string[] = []) => ({ connections: CONNECTIONS, duration: DURATION, headers });
const cpuSince = async () => ((await (await fetch(`http://127.0.0.1:${ports.controlPort}/`)).json()) as { cpuMs: number }).cpuMs;

const results = {
  machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
  load: { tool: "wrk", threads: 1, connections: Number(CONNECTIONS), duration: DURATION },
  honoJsonRoute: await runWrk(`${app}/api/v1/health`, wrkLoad(), cpuSince),
  trpcAuthenticatedQuery: await runWrk(`${app}/trpc/workspaces.list`, wrkLoad([`Cookie: ${cookie}`]), cpuSince),
  bareBunServe: await runWrk(`http://127.0.0.1:${ports.barePort}/`, wrkLoad(), cpuSince),
};
const ratio = results.honoJsonRoute.rps ? Math.round((results.trpcAuthenticatedQuery.rps / results.honoJsonRoute.rps) * 1000) / 1000 : null;
console.log(JSON.stringify({ ...results, trpcOverHonoRps: ratio, targets: { trpcOverHonoRps: 0.5 } }, null, 2));
// SIGINT: the target exits normally, so a --cpu-prof run writes its profile.
target.kill("SIGINT");
