/**
 * bun bench/inbound.ts → JSON. The real server in its own process, the fake LLM in another, the
 * fake WhatsApp Graph API and the load generator here.
 *  1. ingest: signed WhatsApp webhooks accepted durably per second (ack p50/p99), every one a
 *     distinct message, driven by wrk (Lua reading pre-signed bodies) for 10 s; the worker answers
 *     them meanwhile as in production; "durable" is counted from the database afterwards;
 *  2. end to end: messages answered per second (webhook → turn with the fake LLM → send on Graph);
 *  3. crash: the server is SIGKILLed while the burst is still being ingested (once a third of it
 *     was acknowledged), then started again on the same file; deliveries refused while it was down
 *     are redelivered (as Meta does). Lost and duplicated replies are counted only once every
 *     message was answered and the queue holds no channel work (bounded wait). Lost must be 0.
 *     Duplicated is the replies whose send to Graph was in flight at the kill (sent, not yet marked):
 *     Graph has no idempotency key for sends, so delivery is at-least-once; a handful is expected.
 * Env: BENCH_INGEST_SECONDS (10), BENCH_E2E (2000), BENCH_CRASH (2000), BENCH_CONCURRENCY (64).
 */
import { type Subprocess, spawn, spawnSync } from "bun";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeGraph } from "../test/fakes/whatsapp-graph";
import { openDatabase } from "../db/client";
import { SPAWN_WA_TOKEN, type SpawnedServer, type WhatsAppSetup, setupWhatsAppAgent, signedWhatsAppDelivery, spawnServer } from "../test/helpers/spawned";

if (spawnSync(["wrk", "--version"]).exitCode === null) {
  console.error("wrk not found: apt-get install -y wrk");
  process.exit(1);
}

/** wrk sends each pre-signed delivery once (one thread walks the file in order). */
const WRK_SCRIPT = `
local lines = {}
local i = 0
init = function(args)
  for line in io.lines(args[1]) do lines[#lines + 1] = line end
end
request = function()
  i = i + 1
  local line = lines[((i - 1) % #lines) + 1]
  local tab = string.find(line, "\t")
  return wrk.format("POST", "/webhooks/whatsapp", { ["content-type"] = "application/json", ["x-hub-signature-256"] = string.sub(line, 1, tab - 1) }, string.sub(line, tab + 1))
end
`;

/** Runs wrk against the webhook with distinct signed deliveries; parses rate and latency. */
function wrkIngest(base: string, setup: WhatsAppSetup, seconds: number, connections: number, workDir: string) {
  // Enough distinct deliveries that none repeats within the run even at 30k/s.
  const n = seconds * 30_000;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = signedWhatsAppDelivery(setup, `5544${String(i).padStart(9, "0")}`, `wamid.W${i}`, `Mensagem ${i}`);
    lines.push(`${d.signature}\t${d.body}`);
  }
  writeFileSync(join(workDir, "deliveries.tsv"), lines.join("\n"));
  writeFileSync(join(workDir, "deliveries.lua"), WRK_SCRIPT);
  const out = spawnSync(["wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", join(workDir, "deliveries.lua"), base, "--", join(workDir, "deliveries.tsv")]).stdout.toString();
  const toMs = (v: string, unit: string) => Number(v) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const pctOf = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? Math.round(toMs(m[1] ?? "0", m[2] ?? "ms") * 100) / 100 : null;
  };
  return {
    requestsPerSecond: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)),
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0),
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    ackP50Ms: pctOf("50"),
    ackP99Ms: pctOf("99"),
  };
}

const INGEST_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 10);
const E2E = Number(process.env.BENCH_E2E ?? 2000);
const CRASH = Number(process.env.BENCH_CRASH ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
/** Bound on waiting for the crash phase to be fully answered and settled. */
const CRASH_TIMEOUT_MS = Number(process.env.BENCH_CRASH_TIMEOUT_MS ?? 300_000);


async function startFakeLlm(): Promise<{ proc: Subprocess; url: string }> {
  const proc = spawn([process.execPath, "bench/fake-llm.ts", "0", "0"], { stdout: "pipe", stderr: "inherit" });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return { proc, url: (JSON.parse(new TextDecoder().decode(value).trim().split("\n")[0] ?? "{}") as { url: string }).url };
}

type Delivery = { body: string; signature: string; from: string };

function deliveries(setup: WhatsAppSetup, n: number, tag: string): Delivery[] {
  return Array.from({ length: n }, (_, i) => {
    const from = `55${tag}${String(i).padStart(9, "0")}`;
    return { ...signedWhatsAppDelivery(setup, from, `wamid.${tag}.${i}`, `Pergunta número ${i} sobre ${tag}`), from };
  });
}

/** Posts every delivery with `concurrency` in flight; returns ack latencies and what was refused (server down). */
async function post(base: () => string, list: Delivery[], concurrency: number, onAck?: (acked: number) => void) {
  const acks: number[] = [];
  const refused: Delivery[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < list.length) {
        const d = list[next++] as Delivery;
        const t0 = performance.now();
        try {
          const res = await fetch(`${base()}/webhooks/whatsapp`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-hub-signature-256": d.signature },
            body: d.body,
          });
          await res.text();
          if (res.status === 200) {
            acks.push(performance.now() - t0);
            onAck?.(acks.length);
          } else refused.push(d);
        } catch {
          refused.push(d);
        }
      }
    }),
  );
  return { acks, refused, seconds: (performance.now() - started) / 1000 };
}

/** CPU time (user + system, every thread) the process used so far, in ms; null off Linux. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function waitAnswered(graph: Awaited<ReturnType<typeof startFakeGraph>>, froms: Set<string>, timeoutMs: number) {
  const t0 = performance.now();
  for (;;) {
    const answered = new Set(graph.sends.filter((s) => froms.has(s.body.to)).map((s) => s.body.to));
    if (answered.size === froms.size || performance.now() - t0 > timeoutMs) return (performance.now() - t0) / 1000;
    await Bun.sleep(100);
  }
}

/**
 * Waits (bounded) until the server's queue holds no channel job that is due or running: every
 * accepted message was handled and no retry or re-claim after the crash is still to come.
 */
async function waitQueueSettled(dbFile: string, timeoutMs: number) {
  const db = await openDatabase(`file:${dbFile}`);
  const t0 = performance.now();
  try {
    for (;;) {
      const r = await db.client.execute({
        sql: "SELECT count(*) AS n FROM jobs WHERE type LIKE 'channel-%' AND status IN ('pending', 'running') AND type <> 'channel-follow-up'",
        args: [],
      });
      const open = Number(r.rows[0]?.n ?? 0);
      if (open === 0) return { settled: true, seconds: (performance.now() - t0) / 1000 };
      if (performance.now() - t0 > timeoutMs) return { settled: false, openJobs: open, seconds: (performance.now() - t0) / 1000 };
      await Bun.sleep(200);
    }
  } finally {
    db.close();
  }
}

const llm = await startFakeLlm();
const graph = await startFakeGraph();
for (const phoneId of ["5550100", "5550200"]) graph.addPhoneNumber(phoneId, { accessToken: SPAWN_WA_TOKEN });
const dataDir = mkdtempSync(join(tmpdir(), "atenda-bench-inbound-"));
const port = 21000 + Math.floor(Math.random() * 10_000);
const env = {
  OPENAI_API_KEY: "sk-bench",
  OPENAI_BASE_URL: llm.url,
  WHATSAPP_GRAPH_BASE: graph.url,
  CHANNEL_BURST_WINDOW_MS: "0",
  JOB_LEASE_MS: "3000",
};
let server: SpawnedServer = await spawnServer(dataDir, port, env);
const base = () => server.base;
const results: Record<string, unknown> = {};
try {
  const setup = await setupWhatsAppAgent(server.base, { phoneNumberId: "5550100", appSecret: "segredo-bench" });

  // 1. Ingest, on its own server and database (its backlog is not drained: the server is stopped).
  const ingestDir = mkdtempSync(join(tmpdir(), "atenda-bench-ingest-"));
  const ingestServer = await spawnServer(ingestDir, port + 1, env);
  try {
    const ingestSetup = await setupWhatsAppAgent(ingestServer.base, { phoneNumberId: "5550200", appSecret: "segredo-ingest" });
    const run = wrkIngest(ingestServer.base, ingestSetup, INGEST_SECONDS, CONCURRENCY, ingestDir);
    await ingestServer.stop();
    const db = await openDatabase(`file:${join(ingestDir, "atenda.db")}`);
    const durable = Number((await db.client.execute("SELECT count(*) AS n FROM inbound_message_ids")).rows[0]?.n ?? 0);
    db.close();
    results.ingest = { seconds: INGEST_SECONDS, connections: CONCURRENCY, ...run, durablyAccepted: durable, durablePerSecond: Math.round(durable / INGEST_SECONDS) };
  } finally {
    await ingestServer.stop().catch(() => {});
    rmSync(ingestDir, { recursive: true, force: true });
  }

  // Warm-up.
  await post(base, deliveries(setup, 300, "99"), CONCURRENCY);
  await waitAnswered(graph, new Set(deliveries(setup, 300, "99").map((d) => d.from)), 60_000);

  // 2. End to end.
  const e2eList = deliveries(setup, E2E, "22");
  const e2eFroms = new Set(e2eList.map((d) => d.from));
  const t0 = performance.now();
  const cpu0 = cpuMs(server.proc.pid);
  await post(base, e2eList, CONCURRENCY);
  await waitAnswered(graph, e2eFroms, 600_000);
  const e2eSeconds = (performance.now() - t0) / 1000;
  const cpu1 = cpuMs(server.proc.pid);
  results.endToEnd = {
    messages: E2E,
    answeredPerSecond: Math.round(E2E / e2eSeconds),
    seconds: Math.round(e2eSeconds * 10) / 10,
    // The server's CPU per answered message (both threads): steadier than the rate on a busy machine.
    serverCpuMsPerMessage: cpu0 !== null && cpu1 !== null ? Math.round(((cpu1 - cpu0) / E2E) * 100) / 100 : null,
  };

  // 3. Crash while the burst is still being ingested: the kill lands once a third of it was acknowledged.
  const crashList = deliveries(setup, CRASH, "33");
  const crashFroms = new Set(crashList.map((d) => d.from));
  let killed: Promise<void> | null = null;
  const victim = server;
  const first = await post(base, crashList, CONCURRENCY, (acked) => {
    if (!killed && acked >= Math.ceil(CRASH / 3)) killed = victim.stop("SIGKILL");
  });
  await killed;
  const sentAtKill = graph.sends.filter((s) => crashFroms.has(s.body.to)).length;
  server = await spawnServer(dataDir, port, env);
  // Meta redelivers what it could not deliver (refused, or cut off by the kill: maybe stored already).
  const retried = await post(base, first.refused, CONCURRENCY);
  const answeredIn = await waitAnswered(graph, crashFroms, CRASH_TIMEOUT_MS);
  const queue = await waitQueueSettled(join(dataDir, "atenda.db"), CRASH_TIMEOUT_MS);
  const perCustomer = new Map<string, number>();
  for (const s of graph.sends) if (crashFroms.has(s.body.to)) perCustomer.set(s.body.to, (perCustomer.get(s.body.to) ?? 0) + 1);
  results.crash = {
    messages: CRASH,
    acceptedBeforeKill: first.acks.length,
    refusedOrCutOff: first.refused.length,
    repliesSentBeforeKill: sentAtKill,
    stillRefusedAfterRestart: retried.refused.length,
    answeredAfterRestartSeconds: Math.round(answeredIn * 10) / 10,
    queueSettled: queue.settled,
    lost: [...crashFroms].filter((f) => !perCustomer.has(f)).length,
    duplicated: [...perCustomer.values()].filter((n) => n > 1).length,
  };
} finally {
  await server.stop();
  llm.proc.kill();
  graph.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(results, null, 2));
