/**
 * bun bench/binary.ts [path/to/atenda] → JSON: the compiled executable's exec → first 200 on
 * /login (the page: served as soon as the port opens), on /api/v1/health (200 once the boot is
 * done and the job loop runs; "starting" 503 before) and on the admin's POST /api/v1/auth/login
 * (a signed-in user), with a fresh data dir and with an existing one (median of BENCH_RUNS), and
 * its idle RSS after boot and BENCH_SETTLE_MS of quiet (VmRSS of the process,
 * which counts every thread, the job Worker's included, plus any child processes). Each start also
 * reports the CPU the process had used by its first 200 (steadier than wall time on a busy machine).
 * Builds dist/atenda first when it is missing (or BENCH_BUILD=1). Run by hand, never in npm test.
 */
import { type Subprocess, spawn, spawnSync } from "bun";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5000);
const root = resolve(import.meta.dir, "..");
const binary = resolve(process.argv[2] ?? join(root, "dist/atenda"));

if (process.env.BENCH_BUILD === "1" || !existsSync(binary)) {
  const build = spawnSync([process.execPath, "scripts/build-bin.ts", binary], { cwd: root, stdout: "ignore", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
}

const work = mkdtempSync(join(tmpdir(), "atenda-bench-bin-"));

type Started = { proc: Subprocess; base: string };

/**
 * A port nothing uses, as the kernel hands out for a listen on port 0. A random pick in 20000–60000
 * collided with the TIME_WAIT sockets the bench's own requests leave behind (EADDRINUSE at boot).
 */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(null) });
  const port = probe.port ?? 0;
  probe.stop(true);
  return port;
}

function start(dataDir: string, extraEnv: Record<string, string> = {}): Started {
  const port = freePort();
  const proc = spawn([binary], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? "",
      TMPDIR: work,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "bench@atenda.test",
      ADMIN_PASSWORD: "bench-password",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  return { proc, base: `http://127.0.0.1:${port}` };
}

/** Milliseconds from `t0` until `url` first answers 200 (polled every 2 ms). */
async function firstOk(url: string, t0: number, proc: Subprocess, init?: RequestInit): Promise<number> {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`binary exited with ${proc.exitCode}`);
    const ok = await fetch(url, init).then(
      (r) => r.arrayBuffer().then(() => r.status === 200),
      () => false,
    );
    if (ok) return performance.now() - t0;
    if (performance.now() - t0 > 30_000) throw new Error(`${url} did not answer 200 in 30 s`);
    await Bun.sleep(2);
  }
}

async function stop(s: Started) {
  s.proc.kill("SIGTERM");
  await s.proc.exited;
}

/** CPU time (user + system, all threads) the process has used so far, in ms: steadier than wall time on a busy machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * (1000 / 100);
}

/** The admin's sign-in: what a user first does with a started server. */
const ADMIN_LOGIN: RequestInit = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "bench@atenda.test", password: "bench-password" }),
};

/** One boot: exec → first 200 on the path asked (the other paths are not touched before). */
async function boot(dataDir: string, path: string, env: Record<string, string> = {}) {
  const t0 = performance.now();
  const s = start(dataDir, env);
  const ms = await firstOk(`${s.base}${path}`, t0, s.proc, path === "/api/v1/auth/login" ? ADMIN_LOGIN : undefined);
  const cpu = cpuMs(s.proc.pid);
  await stop(s);
  return { ms, cpu };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.floor((s.length - 1) / 2)] ?? 0) * 10) / 10;
};

async function startup(path: string, env: Record<string, string> = {}) {
  const fresh: { ms: number; cpu: number }[] = [];
  const existing: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = join(work, `data-${path.replace(/\W/g, "")}-${i}`);
    fresh.push(await boot(dataDir, path, env));
    existing.push(await boot(dataDir, path, env));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    freshDataDirMs: median(fresh.map((r) => r.ms)),
    existingDataDirMs: median(existing.map((r) => r.ms)),
    freshCpuMs: median(fresh.map((r) => r.cpu)),
    existingCpuMs: median(existing.map((r) => r.cpu)),
    freshRunsMs: fresh.map((r) => Math.round(r.ms)),
    existingRunsMs: existing.map((r) => Math.round(r.ms)),
  };
}

/** VmRSS in kB of a process and, recursively, of its child processes; threads are in VmRSS. */
function rssKb(pid: number): { rssKb: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  let kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    for (const child of children) kb += rssKb(Number(child)).rssKb;
  }
  return { rssKb: kb, threads };
}

/** Boots on an existing data dir, loads /login and /health once, waits, and reads the RSS. */
async function idle(env: Record<string, string> = {}) {
  const dataDir = join(work, "data-idle");
  await boot(dataDir, "/api/v1/health", env);
  const s = start(dataDir, env);
  await firstOk(`${s.base}/api/v1/health`, performance.now(), s.proc);
  await firstOk(`${s.base}/login`, performance.now(), s.proc);
  await Bun.sleep(SETTLE_MS);
  const { rssKb: kb, threads } = rssKb(s.proc.pid);
  await stop(s);
  rmSync(dataDir, { recursive: true, force: true });
  return { idleRssMb: Math.round(kb / 102.4) / 10, threads };
}

try {
  const result = {
    machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
    binary,
    runs: RUNS,
    settleMs: SETTLE_MS,
    health: await startup("/api/v1/health"),
    login: await startup("/login"),
    adminLogin: await startup("/api/v1/auth/login"),
    idle: await idle(),
    idleJobsWorkerTrue: await idle({ JOBS_WORKER: "true" }),
    idleJobsWorkerFalse: await idle({ JOBS_WORKER: "false" }),
    targets: { idleRssMb: 80, execToFirst200Ms: 100 },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(work, { recursive: true, force: true });
}
