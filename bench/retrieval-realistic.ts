/**
 * bun bench/retrieval-realistic.ts → JSON. Retrieval on text like a real shop's training: a product
 * catalogue/FAQ of BENCH_CHUNKS (10,000) template chunks where "produto", "garantia", "entrega"…
 * appear everywhere and one detail (name or model code) tells chunks apart.
 *  1. retrieve() in process (offline embedder, k = 10, default threshold) on a real libSQL file:
 *     p50/p99 per question, top-10 recall against the labelled chunk, the FTS side alone, and
 *     questions made only of common words (timed, not scored);
 *  2. turns/s at 8 clients through the public chat (instant fake LLM, mid-conversation so the
 *     semantic cache never answers) against an agent with 0 chunks and with BENCH_CHUNKS chunks:
 *     both servers up at once, BENCH_ROUNDS (4) alternating rounds, and each server's CPU per turn.
 * BENCH_QUESTIONS, BENCH_TURNS shrink it; BENCH_TURNS=0 skips part 2. BENCH_CPU_PROF=<dir>: the
 * servers run under `bun --cpu-prof` and write their profiles there.
 */
import { agentIndex } from "../src/knowledge/agent-index";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { ftsSearch } from "../src/knowledge/fts";
import { invalidateAgentIndex, retrieve } from "../src/knowledge/retrieve";
import { createAgent, createWorkspace, insertSource, openTestDb } from "../test/knowledge/db";
import { COMMON_QUESTIONS, catalogue } from "./retrieval/catalogue";
import { percentile, round } from "./retrieval/stats";
import { cpuMsOf, load, type Started, startProcess } from "./support";

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 10_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
const TURNS = Number(process.env.BENCH_TURNS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const K = 10;
const CLIENTS = 8;

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function latencies<T>(items: T[], fn: (x: T) => Promise<unknown>) {
  // Warm enough for the JIT's top tier: a server answers thousands of turns, not five.
  for (const x of items.slice(0, 100)) await fn(x);
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (const x of items) {
    const t0 = performance.now();
    await fn(x);
    ms.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50_ms: percentile(ms, 50), p99_ms: percentile(ms, 99), cpu_us: Math.round((cpu.user + cpu.system) / items.length) };
}

// 1. In process.
const { chunks, questions } = catalogue({ chunks: CHUNKS, questions: QUESTIONS });
const embedder = offlineEmbedder();
const t = await openTestDb("atenda-bench-realistic-");
const agent = await createAgent(t, await createWorkspace(t, "Loja"), "Loja");
log(`embedding and inserting ${chunks.length} chunks`);
const vectors = await embedder.embed(chunks.map((c) => c.content));
const ids = await insertSource(
  t,
  agent,
  "Catálogo",
  chunks.map((c, i) => ({ content: c.content, vector: vectors[i] ?? new Float32Array(embedder.dim) })),
);
invalidateAgentIndex(agent.id);
const b0 = performance.now();
await agentIndex(t.db, agent.id);
const indexBuildMs = Math.round(performance.now() - b0);

log("retrieve()");
Bun.gc(true);
let hits = 0;
const labelled = await latencies(questions, async (q) => {
  const res = await retrieve(t.db, agent.id, q.question, embedder, { k: K });
  return res;
});
for (const q of questions) {
  const res = await retrieve(t.db, agent.id, q.question, embedder, { k: K });
  if (res.some((r) => r.id === ids[q.label])) hits++;
}
// The FTS side as retrieve() runs it: with the agent's index (term frequencies, id range).
const scope = async () => (await agentIndex(t.db, agent.id)) ?? { agentId: agent.id, workspaceId: agent.workspaceId };
const ftsOnly = await latencies(questions, async (q) => ftsSearch(t.db, await scope(), q.question, 4 * K));
const common = await latencies(
  Array.from({ length: 100 }, (_, i) => COMMON_QUESTIONS[i % COMMON_QUESTIONS.length] ?? ""),
  (q) => retrieve(t.db, agent.id, q, embedder, { k: K }),
);
const commonFts = await latencies(
  Array.from({ length: 100 }, (_, i) => COMMON_QUESTIONS[i % COMMON_QUESTIONS.length] ?? ""),
  async (q) => ftsSearch(t.db, await scope(), q, 4 * K),
);
t.dispose();
const recall = round(hits / questions.length, 4);

// 2. Turns through the public chat, in separate processes as bench/chat.ts does. Both servers are
// up at once and the rounds alternate between them, so a shared machine's load falls on both alike.
// History present: the semantic cache only serves first questions, so every turn retrieves.
const history = [
  { role: "user", content: "Oi, tudo bem?" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];

type Target = { trained: number; app: Started; url: string; seconds: number; turns: number; cpuMs: number };

async function startTarget(fakeUrl: string, trained: number): Promise<Target> {
  const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=retrieval-${trained}.cpuprofile`] : [];
  const app = await startProcess([...profile, "bench/retrieval-target.ts", fakeUrl, String(trained)]);
  const url = `http://127.0.0.1:${app.info.port}/api/v1/agents/${app.info.agentId}/chat-external`;
  return { trained, app, url, seconds: 0, turns: 0, cpuMs: 0 };
}

async function runRound(t: Target, total: number, offset: number, measured: boolean): Promise<void> {
  const turn = async (i: number) => {
    const message = questions[(offset + i) % questions.length]?.question ?? "Qual é a garantia?";
    const body = JSON.stringify({ message, chatHistory: history, sessionId: `bench-${(offset + i) % 500}` });
    const r = await fetch(t.url, { method: "POST", headers: { "content-type": "application/json" }, body });
    if (!r.ok) throw new Error(`chat ${r.status}: ${await r.text()}`);
    await r.text();
  };
  const cpu0 = await cpuMsOf(t.app.proc.pid);
  const { seconds } = await load(total, CLIENTS, turn);
  if (!measured) return;
  t.cpuMs += (await cpuMsOf(t.app.proc.pid)) - cpu0;
  t.seconds += seconds;
  t.turns += total;
}

async function turnsAt8Clients() {
  const fake = await startProcess(["bench/fake-llm.ts", "0", "0"]);
  const targets: Target[] = [];
  try {
    for (const trained of [0, CHUNKS]) targets.push(await startTarget(fake.info.url ?? "", trained));
    for (const t of targets) await runRound(t, 200, 0, false);
    const perRound = Math.ceil(TURNS / ROUNDS);
    for (let r = 0; r < ROUNDS; r++) for (const t of targets) await runRound(t, perRound, r * perRound, true);
  } finally {
    for (const t of targets) t.app.proc.kill("SIGINT");
    fake.proc.kill();
    await Promise.all([...targets.map((t) => t.app.proc.exited), fake.proc.exited]);
  }
  const [empty, trained] = targets.map((t) => ({ per_s: Math.round(t.turns / t.seconds), cpu_ms: round(t.cpuMs / t.turns, 2) }));
  if (!empty || !trained) throw new Error("targets missing");
  return {
    chunks0_per_s: empty.per_s,
    trained_per_s: trained.per_s,
    trained_over_empty: round(trained.per_s / empty.per_s, 3),
    server_cpu_ms_per_turn: { chunks0: empty.cpu_ms, trained: trained.cpu_ms },
    // Throughput as CPU allows it: steadier than the wall-clock ratio on a shared machine.
    cpu_empty_over_trained: round(empty.cpu_ms / trained.cpu_ms, 3),
  };
}

let turns: Awaited<ReturnType<typeof turnsAt8Clients>> | null = null;
if (TURNS > 0) {
  log(`turns at ${CLIENTS} clients: 0 and ${CHUNKS} chunks, ${ROUNDS} alternating rounds`);
  turns = await turnsAt8Clients();
}

console.log(
  JSON.stringify(
    {
      chunks: chunks.length,
      questions: questions.length,
      k: K,
      machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
      index_build_ms: indexBuildMs,
      retrieve_labelled: { ...labelled, recall_at_10: recall },
      fts_side_labelled: ftsOnly,
      retrieve_common_words_only: common,
      fts_side_common_words_only: commonFts,
      turns_at_8_clients: turns,
      targets: { recall_at_10_min: 0.95, trained_over_empty_min: 0.5 },
      meets_targets: recall >= 0.95 && (turns ? turns.trained_over_empty >= 0.5 : true),
    },
    null,
    2,
  ),
);
process.exit(0);
