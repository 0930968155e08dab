/**
 * bun bench/tools.ts → JSON. Figures only, nothing asserted; never run by the test suite.
 *  1. slots: computeFreeSlots (pure) per call, p50/p99 µs, over the SPEC §9 default schedule
 *     (Mon–Fri 09–18, 30-min steps, 30 days ahead, 5 suggestions) with 0 and 300 busy intervals,
 *     and with no suggestion limit (every free slot in the 30 days).
 *  2. toolTurn: what one dynamic-API tool call adds to a chat turn. Three processes like
 *     bench/chat.ts: the fakes (OpenAI at latency 0 + a loopback shop API), the app, and this load
 *     generator. Agent "plain" has no tools (one model call); agent "tool" gets a tool call on the
 *     first model request, the app calls the shop over safe-fetch, then a second model request
 *     answers in text. p50/p99 at concurrency 1, turns/s at concurrency 8, and the differences.
 */
import { DEFAULT_CALENDAR_SETTINGS } from "../src/schemas/google-calendar";
import { scheduleOf } from "../src/services/google-calendar-actions";
import { type BusyInterval, computeFreeSlots, localInstant } from "../src/services/google-calendar-slots";
import { load, nearestRank as pct, startProcess } from "./support";

const SLOT_CALLS = Number(process.env.BENCH_SLOT_CALLS ?? 2000);
const C1_TURNS = Number(process.env.BENCH_C1_TURNS ?? 300);
const C8_TURNS = Number(process.env.BENCH_C8_TURNS ?? 1500);

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

// ---- 1. slots ---------------------------------------------------------------------------------

/** Small seeded PRNG so every run uses the same busy calendar. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function benchSlots() {
  const schedule = scheduleOf(DEFAULT_CALENDAR_SETTINGS);
  // Monday 2026-01-05 10:00 in São Paulo: a fixed "now" so the figures do not depend on the day run.
  const now = localInstant(schedule.timezone, 2026, 0, 5, 10 * 60);
  const rand = mulberry32(42);
  /** 300 busy meetings of 30 or 60 min on half-hour starts inside business hours, spread over the 30 days. */
  const busy300: BusyInterval[] = Array.from({ length: 300 }, () => {
    const day = Math.floor(rand() * 30);
    const startMin = 9 * 60 + 30 * Math.floor(rand() * 18);
    const start = localInstant(schedule.timezone, 2026, 0, 5 + day, startMin);
    return { start, end: start + (rand() < 0.5 ? 30 : 60) * 60_000 };
  });
  const run = (busy: BusyInterval[], limit: number, calls: number) => {
    let count = 0;
    for (let i = 0; i < Math.min(200, calls); i++) count = computeFreeSlots({ schedule, now, busy, limit }).length;
    const us: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      count = computeFreeSlots({ schedule, now, busy, limit }).length;
      us.push((performance.now() - t0) * 1000);
    }
    return { calls, slots: count, p50Us: round(pct(us, 50), 1), p99Us: round(pct(us, 99), 1), meanUs: round(us.reduce((a, b) => a + b, 0) / us.length, 1) };
  };
  const all = 100_000;
  return {
    schedule: { days: "Mon–Fri 09:00–18:00", intervalMinutes: schedule.intervalMinutes, durationMinutes: schedule.durationMinutes, maxAdvanceDays: schedule.maxAdvanceDays, minAdvanceHours: schedule.minAdvanceHours, timezone: schedule.timezone },
    suggestions5Busy0: run([], DEFAULT_CALENDAR_SETTINGS.maxTimeSuggestions, SLOT_CALLS),
    suggestions5Busy300: run(busy300, DEFAULT_CALENDAR_SETTINGS.maxTimeSuggestions, SLOT_CALLS),
    allSlotsBusy0: run([], all, SLOT_CALLS),
    allSlotsBusy300: run(busy300, all, SLOT_CALLS),
  };
}

// ---- 2. toolTurn ------------------------------------------------------------------------------

// Mid-conversation turns (history present), as in bench/chat.ts: the semantic cache only serves
// first questions, and this bench measures model-backed turns.
const history = [
  { role: "user", content: "Oi, tudo bem?" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];

async function benchToolTurn() {
  const fakes = await startProcess(["bench/tools-target.ts", "fakes"]);
  const shopHost = new URL(fakes.info.shopUrl ?? "").host;
  const app = await startProcess(["bench/tools-target.ts", "app", fakes.info.url ?? "", fakes.info.shopUrl ?? ""], { NODE_ENV: "test", ATENDA_SAFE_FETCH_ALLOW: shopHost });
  const stop = () => {
    app.proc.kill();
    fakes.proc.kill();
  };
  try {
    const base = `http://127.0.0.1:${app.info.port}/api/v1/agents`;
    const turn = (agentId: string, message: string, tag: string) => async (i: number) => {
      const r = await fetch(`${base}/${agentId}/chat-external`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message, chatHistory: history, sessionId: `${tag}-${i % 500}` }),
      });
      const text = await r.text();
      if (!r.ok) throw new Error(`chat ${r.status}: ${text}`);
    };
    const plain = turn(app.info.plainAgentId ?? "", "Qual é o horário de atendimento?", "plain");
    const tool = turn(app.info.toolAgentId ?? "", "Cadê meu pedido A123?", "tool");
    const stats = async () => (await fetch(`${fakes.info.shopUrl}/__stats`)).json() as Promise<Record<string, number>>;

    // Sanity: the tool agent's reply carries the shop's answer.
    const probe = await fetch(`${base}/${app.info.toolAgentId}/chat-external`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "Cadê meu pedido A123?", chatHistory: history, sessionId: "probe" }),
    }).then((r) => r.json() as Promise<{ response?: string }>);
    if (!probe.response?.includes("CAM-01")) throw new Error(`tool turn did not reach the shop: ${JSON.stringify(probe)}`);

    await load(100, 8, plain);
    await load(100, 8, tool);
    const before = await stats();

    // Concurrency 1, alternating blocks so drift in machine load hits both agents alike.
    const c1 = { plain: [] as number[], tool: [] as number[] };
    const block = 50;
    for (let done = 0; done < C1_TURNS; done += block) {
      const n = Math.min(block, C1_TURNS - done);
      c1.plain.push(...(await load(n, 1, (i) => plain(done + i))).latencies);
      c1.tool.push(...(await load(n, 1, (i) => tool(done + i))).latencies);
    }
    // Concurrency 8, two alternating halves each.
    const c8 = { plain: { turns: 0, seconds: 0 }, tool: { turns: 0, seconds: 0 } };
    const half = Math.ceil(C8_TURNS / 2);
    for (let r = 0; r < 2; r++) {
      for (const [name, fn] of [["plain", plain], ["tool", tool]] as const) {
        const res = await load(half, 8, fn);
        c8[name].turns += half;
        c8[name].seconds += res.seconds;
      }
    }
    const after = await stats();
    const toolTurns = C1_TURNS + 2 * half;
    const plainTps = c8.plain.turns / c8.plain.seconds;
    const toolTps = c8.tool.turns / c8.tool.seconds;
    const summary = (xs: number[]) => ({ p50Ms: round(pct(xs, 50)), p99Ms: round(pct(xs, 99)) });
    return {
      fakeLlmLatencyMs: 0,
      concurrency1: {
        turns: C1_TURNS,
        plain: summary(c1.plain),
        tool: summary(c1.tool),
        toolCostP50Ms: round(pct(c1.tool, 50) - pct(c1.plain, 50)),
        toolCostP99Ms: round(pct(c1.tool, 99) - pct(c1.plain, 99)),
      },
      concurrency8: {
        turnsEach: c8.plain.turns,
        plainTurnsPerSecond: Math.round(plainTps),
        toolTurnsPerSecond: Math.round(toolTps),
        plainMsPerTurn: round(1000 / plainTps, 3),
        toolMsPerTurn: round(1000 / toolTps, 3),
        /** CPU-time view of one tool round trip under load: extra ms of app throughput per turn. */
        toolCostMsPerTurn: round(1000 / toolTps - 1000 / plainTps, 3),
        toolOverPlain: round(plainTps / toolTps),
      },
      /** Counted by the fakes during the measured phases: should be 1 tool call + 1 shop call + 1 follow-up per tool turn. */
      check: {
        toolTurns,
        plainTurns: C1_TURNS + 2 * half,
        modelToolCalls: (after.toolCallReplies ?? 0) - (before.toolCallReplies ?? 0),
        shopCalls: (after.shopCalls ?? 0) - (before.shopCalls ?? 0),
        modelFollowUps: (after.afterToolReplies ?? 0) - (before.afterToolReplies ?? 0),
        modelPlainReplies: (after.textReplies ?? 0) - (before.textReplies ?? 0),
      },
    };
  } finally {
    stop();
  }
}

const slots = benchSlots();
const toolTurn = await benchToolTurn();
console.log(JSON.stringify({ machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version }, slots, toolTurn }, null, 2));
process.exit(0);
