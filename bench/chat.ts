/**
 * bun bench/chat.ts → JSON. Three processes: fake LLM, app, and this load generator.
 *  1. overhead of POST chat-external over calling the fake directly (p50/p99), concurrency 1 and 50,
 *     fake at a fixed latency;
 *  2. time-to-first-byte of the streamed chat, p95 at 60 concurrent over p95 at 1;
 *  3. turns/s at 8 concurrent with the fake answering instantly (conversation, messages and the
 *     credit debit persisted);
 *  4. overhead at 50 concurrent and the TTFB ratio again with the fake's latency spread ± BENCH_LLM_JITTER_MS (default
 *     25): with a fixed latency the 50 clients stay in lockstep — every reply comes back in the same
 *     millisecond and the app works through 50 turns in one burst, so the median turn waits for
 *     half a burst. A real model's latency varies, which spreads the turns out; both figures are
 *     printed, the lockstep one is what the target was set on.
 * Each app is warmed with BENCH_WARMUP requests (default 1,000) before it is measured, and each loaded
 * phase takes BENCH_REQUESTS samples (default 10,000; the turns/s phase twice that); the single-client
 * phases take 150 (overhead) and 300 (TTFB). Why 10,000: under lockstep the 50–60 requests of one
 * round share their fate, and the first round of a phase is a thundering herd (every client sends in
 * the same millisecond). With 2,000 samples (600 for the TTFB) one round is 2.5 % (10 %) of them, so
 * the p99 (p95) was whichever round went worst: the same build measured a p99 of 11.6 to 28 ms from
 * run to run. With 10,000 a slow round still counts, as often as it happens, without deciding alone.
 * Each loaded phase also reports the app process's event-loop delay (perf_hooks, read from the
 * target's side port) and its CPU time per request (process.cpuUsage: steadier than wall times on a
 * shared machine); `event_loop_delay_p99_ms` is the worst p99 of the phases at 50 and 60 clients.
 * BENCH_CPU_PROF=<dir>: the app runs under `bun --cpu-prof` and writes one profile per process there;
 * BENCH_APP_BUN_FLAGS: more bun flags for the app process (e.g. "--preload ./probe.ts").
 */
import { load, pct, startProcess } from "./support";

const LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 50);
const JITTER_MS = Number(process.env.BENCH_LLM_JITTER_MS ?? 25);
// Samples per loaded phase: see the header for why so many.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const SINGLE_TTFB_SAMPLES = 300;
// Requests through the app before a phase is measured: a server that has run for a while has its hot
// paths compiled by the JIT; 50 requests measured its first seconds of life instead.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const APP_FLAGS = (process.env.BENCH_APP_BUN_FLAGS ?? "").split(" ").filter(Boolean);

// Mid-conversation turns (history present): the semantic cache only serves first questions, and
// this bench measures model-backed turns.
const history = [
  { role: "user", content: "Oi, tudo bem?" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];
const chatBody = (i: number) => JSON.stringify({ message: "Qual é o horário de atendimento?", chatHistory: history, sessionId: `bench-${i % 500}` });

type Delay = { p50Ms: number; p99Ms: number; maxMs: number; samples: number; cpuMs: number; cpuMsPerRequest?: number };

async function phase(llmLatency: number, jitter = 0) {
  const fake = await startProcess(["bench/fake-llm.ts", String(llmLatency), "0", String(jitter)]);
  const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=chat-llm${llmLatency}ms.cpuprofile`] : [];
  const app = await startProcess([...APP_FLAGS, ...profile, "bench/chat-target.ts", fake.info.url ?? ""]);
  /** The app's event-loop delay since the last call (the histogram restarts after each read). */
  const loopDelay = (): Promise<Delay> => fetch(`http://127.0.0.1:${app.info.controlPort}/?reset`).then((r) => r.json() as Promise<Delay>);
  /** Runs a load against the app and returns it with the app's event-loop delay during it. */
  const measured = async (total: number, concurrency: number, fn: (i: number) => Promise<number | undefined>) => {
    await loopDelay();
    const out = await load(total, concurrency, fn);
    const loop = await loopDelay();
    return { ...out, loop: { ...loop, cpuMsPerRequest: Math.round((loop.cpuMs / total) * 1000) / 1000 } };
  };
  const base = `http://127.0.0.1:${app.info.port}`;
  const chatUrl = `${base}/api/v1/agents/${app.info.agentId}/chat-external`;
  const directBody = JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "Qual é o horário de atendimento?" }] });
  const direct = (_i: number) =>
    fetch(`${fake.info.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: directBody }).then((r) => r.text()).then(() => undefined);
  const viaApp = (i: number) =>
    fetch(chatUrl, { method: "POST", headers: { "content-type": "application/json" }, body: chatBody(i) }).then(async (r) => {
      if (!r.ok) throw new Error(`chat ${r.status}: ${await r.text()}`);
      await r.text();
      return undefined;
    });
  /** Time to the first streamed event. */
  const ttfb = async (i: number) => {
    const t0 = performance.now();
    const r = await fetch(chatUrl, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: chatBody(i) });
    const reader = (r.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const first = performance.now() - t0;
    while (!(await reader.read()).done) {}
    return first;
  };
  const stop = async () => {
    app.proc.kill("SIGINT");
    await app.proc.exited;
    fake.proc.kill();
  };
  return { fake, app, direct, viaApp, ttfb, measured, stop };
}

/** The app's latencies against the direct ones to the same fake: what the app adds, at p50 and p99. */
function overheadOf(direct: number[], viaApp: number[]) {
  return {
    directP50Ms: pct(direct, 50),
    directP99Ms: pct(direct, 99),
    appP50Ms: pct(viaApp, 50),
    appP99Ms: pct(viaApp, 99),
    overheadP50Ms: Math.round((pct(viaApp, 50) - pct(direct, 50)) * 100) / 100,
    overheadP99Ms: Math.round((pct(viaApp, 99) - pct(direct, 99)) * 100) / 100,
  };
}

// Warm-up and phases 1-2: fake at a fixed latency.
const p = await phase(LATENCY_MS);
await load(WARMUP, 50, p.viaApp);
await load(50, 10, p.direct);
const overhead: Record<string, unknown> = {};
const loop: Record<string, Delay> = {};
for (const c of [1, 50]) {
  const n = c === 1 ? Math.min(REQUESTS, 150) : REQUESTS;
  const d = await load(n, c, p.direct);
  const a = await p.measured(n, c, p.viaApp);
  loop[`overheadAt${c}`] = a.loop;
  overhead[`concurrency${c}`] = overheadOf(d.latencies, a.latencies);
}
const t1 = await load(SINGLE_TTFB_SAMPLES, 1, p.ttfb);
const t60 = await p.measured(REQUESTS, 60, p.ttfb);
loop.ttfbAt60 = t60.loop;
const ttfb = { p95At1Ms: pct(t1.latencies, 95), p95At60Ms: pct(t60.latencies, 95), ratio: Math.round((pct(t60.latencies, 95) / pct(t1.latencies, 95)) * 100) / 100 };
await p.stop();

// Phase 3: fake answers instantly; how many full turns per second does the app sustain?
const q = await phase(0);
await load(WARMUP, 8, q.viaApp);
const turns = await q.measured(REQUESTS * 2, 8, q.viaApp);
loop.turnsAt8 = turns.loop;
await q.stop();

// Phase 4: the fake's latency spread out, 50 clients.
const j = await phase(LATENCY_MS, JITTER_MS);
await load(WARMUP, 50, j.viaApp);
await load(50, 10, j.direct);
const jd = await load(REQUESTS, 50, j.direct);
const ja = await j.measured(REQUESTS, 50, j.viaApp);
loop.overheadAt50Jittered = ja.loop;
overhead.concurrency50Jittered = { jitterMs: JITTER_MS, ...overheadOf(jd.latencies, ja.latencies) };
const jt1 = await load(SINGLE_TTFB_SAMPLES, 1, j.ttfb);
const jt60 = await j.measured(REQUESTS, 60, j.ttfb);
loop.ttfbAt60Jittered = jt60.loop;
const ttfbJittered = { jitterMs: JITTER_MS, p95At1Ms: pct(jt1.latencies, 95), p95At60Ms: pct(jt60.latencies, 95), ratio: Math.round((pct(jt60.latencies, 95) / pct(jt1.latencies, 95)) * 100) / 100 };
await j.stop();

console.log(
  JSON.stringify(
    {
      machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
      fakeLlmLatencyMs: LATENCY_MS,
      samplesPerLoadedPhase: REQUESTS,
      overhead,
      ttfb,
      ttfbJittered,
      turnsPerSecondAt8: Math.round((REQUESTS * 2) / turns.seconds),
      event_loop_delay_p99_ms: Math.max(loop.overheadAt50?.p99Ms ?? 0, loop.ttfbAt60?.p99Ms ?? 0),
      eventLoopDelay: loop,
      targets: { overheadP50Ms: 3, overheadP99Ms: 15, ttfbRatio: 1.2, turnsPerSecond: 1000 },
    },
    null,
    2,
  ),
);
process.exit(0);
