/**
 * bun bench/retrieval-realistic.ts → JSON. Retrieval on text like a real shop's training: a product
 * catalogue/FAQ of BENCH_CHUNKS (10,000) template chunks where "produto", "garantia", "entrega"…
 * appear everywhere and one detail (name or model code) tells chunks apart.
 *  1. retrieve() in process (offline embedder, k = 10, default threshold) on a real libSQL file:
 *     p50/p99 per question, top-10 recall against the labelled chunk, the FTS side alone, and
 *     questions made only of common words (timed, not scored);
 *  2. turns/s at 8 clients through the public chat (instant fake LLM, mid-conversation so the
 *     semantic cache never answers) against an agent with 0 chunks and with BENCH_CHUNKS chunks.
 * BENCH_QUESTIONS, BENCH_TURNS shrink it; BENCH_TURNS=0 skips part 2.
 */
import { agentIndex } from "../src/knowledge/agent-index";
import { offlineEmbedder } from "../src/knowledge/embedder";
import { ftsSearch } from "../src/knowledge/fts";
import { invalidateAgentIndex, retrieve } from "../src/knowledge/retrieve";
import { createAgent, createWorkspace, insertSource, openTestDb } from "../test/knowledge/db";
import { COMMON_QUESTIONS, catalogue } from "./retrieval/catalogue";
import { percentile, round } from "./retrieval/stats";
import { type Started, startProcess } from "./support";

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 10_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 500);
const TURNS = Number(process.env.BENCH_TURNS ?? 4000);
const K = 10;
const CLIENTS = 8;

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function latencies<T>(items: T[], fn: (x: T) => Promise<unknown>) {
  for (const x of items.slice(0, 5)) await fn(x);
  const ms: number[] = [];
  for (const x of items) {
    const t0 = performance.now();
    await fn(x);
    ms.push(performance.now() - t0);
  }
  return { p50_ms: percentile(ms, 50), p99_ms: percentile(ms, 99) };
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

// 2. Turns through the public chat, in separate processes as bench/chat.ts does.
// History present: the semantic cache only serves first questions, so every turn retrieves.
const history = [
  { role: "user", content: "Oi, tudo bem?" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];

async function turnsPerSecond(trained: number): Promise<number> {
  const fake = await startProcess(["bench/fake-llm.ts", "0", "0"]);
  let app: Started | null = null;
  try {
    app = await startProcess(["bench/retrieval-target.ts", fake.info.url ?? "", String(trained)]);
    const url = `http://127.0.0.1:${app.info.port}/api/v1/agents/${app.info.agentId}/chat-external`;
    const turn = async (i: number) => {
      const message = questions[i % questions.length]?.question ?? "Qual é a garantia?";
      const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message, chatHistory: history, sessionId: `bench-${i % 500}` }) });
      if (!r.ok) throw new Error(`chat ${r.status}: ${await r.text()}`);
      await r.text();
    };
    const run = async (total: number) => {
      let next = 0;
      const t0 = performance.now();
      await Promise.all(Array.from({ length: CLIENTS }, async () => { while (next < total) await turn(next++); }));
      return total / ((performance.now() - t0) / 1000);
    };
    await run(200);
    return Math.round(await run(TURNS));
  } finally {
    app?.proc.kill();
    fake.proc.kill();
    await Promise.all([app?.proc.exited, fake.proc.exited]);
  }
}

let turns: { chunks0_per_s: number; trained_per_s: number; trained_over_empty: number } | null = null;
if (TURNS > 0) {
  log("turns with 0 chunks");
  const empty = await turnsPerSecond(0);
  log(`turns with ${CHUNKS} chunks`);
  const trained = await turnsPerSecond(CHUNKS);
  turns = { chunks0_per_s: empty, trained_per_s: trained, trained_over_empty: round(trained / empty, 3) };
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
