/**
 * bun bench/semantic-cache.ts → JSON. Does the semantic cache's lookup stay flat as it fills up?
 * For each cache size (BENCH_CACHE_SIZES, default 0,100,1000,10000): seed that many entries into
 * a fresh libSQL file (bench/semantic-cache-target.ts seed), start the server on it against an
 * instant fake LLM, then ask the public chat first questions (chatHistory: []) that all MISS the
 * cache (distinct questions: the lookup runs in full, the model answers, the answer is stored):
 *   - sequential p50 (BENCH_SEQUENTIAL requests per round, one at a time);
 *   - throughput at 8 clients (BENCH_REQUESTS requests per round; the median of BENCH_ROUNDS rounds).
 * Target: throughput with 10,000 entries ≥ 80 % of the throughput with an empty cache.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QUESTIONS, question } from "./semantic-cache-target";
import { load, pct, type Started, startProcess } from "./support";

const SIZES = (process.env.BENCH_CACHE_SIZES ?? "0,100,1000,10000").split(",").map(Number);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = 50;
const CONCURRENCY = 8;

type Target = {
  size: number;
  dataDir: string;
  seedSeconds: number;
  app: Started;
  url: string;
  outcomes: Record<string, number>;
  seq: number[];
  rounds: number[];
  cpuMs: number;
};

const CLK_TCK = Number(new TextDecoder().decode(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout).trim()) || 100;
/**
 * CPU time the server process (all its threads) has used, from /proc: on a shared machine the
 * wall-clock figures move with other people's load, the CPU spent per request much less.
 */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await Bun.file(`/proc/${pid}/stat`).text();
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

const fake = await startProcess(["bench/fake-llm.ts", "0", "0"]);
// Asked questions come after every seeded one, so they are new to the cache.
let asked = Math.max(...SIZES) + 1000;
if (asked + SIZES.length * ROUNDS * (WARMUP + SEQUENTIAL + REQUESTS) > QUESTIONS) throw new Error("not enough distinct questions");

// Every size gets its own server, all up at once: the rounds interleave them, so the load of a
// shared machine falls on each size alike.
const targets: Target[] = [];
for (const size of SIZES) {
  const dataDir = mkdtempSync(join(tmpdir(), "atenda-cache-bench-"));
  const t0 = performance.now();
  const seeder = await startProcess(["bench/semantic-cache-target.ts", "seed", dataDir, fake.info.url ?? "", String(size)]);
  await seeder.proc.exited;
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const app = await startProcess(["bench/semantic-cache-target.ts", "serve", dataDir, fake.info.url ?? ""]);
  const url = `http://127.0.0.1:${app.info.port}/api/v1/agents/${app.info.agentId}/chat-external`;
  targets.push({ size, dataDir, seedSeconds, app, url, outcomes: {}, seq: [], rounds: [], cpuMs: 0 });
}

const ask = (t: Target) => async () => {
  const k = asked++;
  const r = await fetch(t.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: question(k), chatHistory: [], sessionId: `cache-bench-${k}` }) });
  if (!r.ok) throw new Error(`chat ${r.status}: ${await r.text()}`);
  const body = (await r.json()) as { data?: { outcome?: string } };
  const o = body.data?.outcome ?? "?";
  if (o === "error") throw new Error("the turn failed: is the fake LLM reachable?");
  t.outcomes[o] = (t.outcomes[o] ?? 0) + 1;
};

try {
  for (const t of targets) await load(WARMUP, CONCURRENCY, ask(t));
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const cpu0 = await cpuMsOf(t.app.proc.pid);
      t.seq.push(...(await load(SEQUENTIAL, 1, ask(t))).latencies);
      t.rounds.push(REQUESTS / (await load(REQUESTS, CONCURRENCY, ask(t))).seconds);
      t.cpuMs += (await cpuMsOf(t.app.proc.pid)) - cpu0;
    }
  }
} finally {
  for (const t of targets) {
    t.app.proc.kill();
    await t.app.proc.exited;
    rmSync(t.dataDir, { recursive: true, force: true });
  }
  fake.proc.kill();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const results = Object.fromEntries(
  targets.map((t) => [
    `entries${t.size}`,
    {
      entriesSeeded: t.size,
      seedSeconds: t.seedSeconds,
      sequentialP50Ms: pct(t.seq, 50),
      sequentialP99Ms: pct(t.seq, 99),
      throughputAt8: Math.round(median(t.rounds)),
      throughputAt8Best: Math.round(Math.max(...t.rounds)),
      throughputAt8Rounds: t.rounds.map(Math.round),
      serverCpuMsPerRequest: Math.round((t.cpuMs / (ROUNDS * (SEQUENTIAL + REQUESTS))) * 100) / 100,
      outcomes: t.outcomes,
    },
  ]),
);
const empty = results.entries0?.throughputAt8 ?? 0;
const tenK = results.entries10000?.throughputAt8 ?? 0;
const cpuEmpty = results.entries0?.serverCpuMsPerRequest ?? 0;
const cpuTenK = results.entries10000?.serverCpuMsPerRequest ?? 0;
console.log(
  JSON.stringify(
    {
      machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
      requests: { warmup: WARMUP, rounds: ROUNDS, sequentialPerRound: SEQUENTIAL, at8PerRound: REQUESTS },
      results,
      ratioThroughput10kOverEmpty: empty && tenK ? Math.round((tenK / empty) * 100) / 100 : null,
      // The same ratio from CPU per request (empty over 10k): the figure to trust on a busy machine.
      ratioCpu10kOverEmpty: cpuEmpty && cpuTenK ? Math.round((cpuEmpty / cpuTenK) * 100) / 100 : null,
      targets: { ratioThroughput10kOverEmpty: 0.8 },
    },
    null,
    2,
  ),
);
process.exit(0);
