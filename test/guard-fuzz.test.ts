/**
 * Input fuzzing (issue 11, guard rails): malformed inputs derived from every procedure's zod input
 * schema are sent as an authorized caller (the owner of a throwaway workspace; the platform admin
 * for admin procedures), and malformed bodies to every REST route and webhook. A 5xx fails the
 * test with the procedure and the input. Seeded: GUARD_FUZZ_SEED=<n> replays a run. Outside
 * services point at a loopback stand-in that refuses every token (helpers/guard-http.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { startFakeTelegram } from "./fakes/telegram";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin } from "./helpers/factories";
import { type Fixture, botTokens, nextBotToken, settled, workspaceWithEverything } from "./helpers/guard-fixtures";
import { MALFORMED_BODIES, fuzzCases, seededRandom } from "./helpers/guard-fuzz";
import { type Outcome, callProcedure, loadAllEndpoints, inBatches, listProcedures, listRoutes, send, startBlackHole } from "./helpers/guard-http";
import { PROCEDURES } from "./helpers/guard-procedures";
import { ROUTES } from "./helpers/guard-routes";

const SEED = Number(process.env.GUARD_FUZZ_SEED ?? 20_251_111);

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let hole: ReturnType<typeof startBlackHole>;
let owner: Client;
let admin: Client;
let f: Fixture;

beforeAll(async () => {
  const token = nextBotToken();
  tg = await startFakeTelegram({ tokens: botTokens });
  hole = startBlackHole();
  // GUARD_FUZZ_LOG=1 shows the server's error lines (the stack of a 5xx) while replaying a seed.
  app = await startTestApp({ ...hole.env, TELEGRAM_API_BASE: tg.url, ...(process.env.GUARD_FUZZ_LOG ? { LOG_LEVEL: "error" } : {}) });
  await loadAllEndpoints(app);
  // Integrations that take a base URL from the form (Agendor) reach outside through safe-fetch: let it reach the stand-in.
  process.env.AGENDOR_API_BASE = hole.url;
  setSafeFetchTestAllowlist([hole.host]);
  const w = await workspaceWithEverything(app, token);
  owner = w.owner.client;
  f = w.fixture;
  admin = (await loginAdmin(app)).client;
  await settled(app, w.owner, f);
}, 60_000);

afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  delete process.env.AGENDOR_API_BASE;
  await app.stop();
  tg.stop();
  hole.stop();
});

type Sent = { target: string; label: string; outcome: Outcome | { status: number; body: string } };

const show = (v: unknown) => {
  const text = JSON.stringify(v, (_k, x) => (typeof x === "number" && !Number.isFinite(x) ? String(x) : x)) ?? "undefined";
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
};

/** A transport failure (the server closed the socket) counts like a 5xx: the request broke something. */
async function settle(target: string, label: string, run: () => Promise<Outcome>): Promise<Sent> {
  try {
    return { target, label, outcome: await run() };
  } catch (err) {
    return { target, label, outcome: { status: 599, body: `transport error: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

describe("input fuzzing", () => {
  test("no malformed input to any procedure, REST route or webhook gets a 5xx", async () => {
    const random = seededRandom(SEED);
    const started = Date.now();
    const tasks: (() => Promise<Sent>)[] = [];
    const skipped: string[] = [];

    for (const p of listProcedures()) {
      const e = PROCEDURES[p.path];
      if (!e) continue; // the matrix reports procedures without an expectation
      if (e.noFuzz) {
        skipped.push(`${p.path}: ${e.noFuzz}`);
        continue;
      }
      const caller = e.access === "admin" ? admin : owner;
      for (const c of fuzzCases(p.input, e.input?.(f), random, p.type === "query" ? 64 * 1024 : 1 << 20)) {
        tasks.push(() => settle(`trpc ${p.path}`, `${c.label}: ${show(c.input)}`, () => callProcedure(app.base, caller, p, c.input)));
      }
    }

    for (const key of listRoutes()) {
      const e = ROUTES[key];
      const method = key.slice(0, key.indexOf(" "));
      if (!e || method === "GET" || method === "OPTIONS") continue;
      if (e.noFuzz) {
        skipped.push(`${key}: ${e.noFuzz}`);
        continue;
      }
      const caller = e.access === "admin" ? admin : owner;
      for (const b of MALFORMED_BODIES) {
        tasks.push(() => settle(`http ${key}`, b.label, () => send(app.base, caller, method, e.url(f), { raw: b.raw, contentType: b.contentType })));
      }
      // Path parameters that are not ids.
      if (key.includes("/:")) {
        for (const junk of ["nao-e-um-id", "x".repeat(4000)]) {
          const url = e.url(f).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, junk);
          tasks.push(() => settle(`http ${key}`, `path id ${junk.slice(0, 20)}`, () => send(app.base, caller, method, url, e.body?.(f))));
        }
      }
    }

    const sent = await inBatches(tasks, 8);
    const serverErrors = sent.filter((s) => s.outcome.status >= 500).map((s) => `${s.target} [${s.label}] → ${s.outcome.status} ${s.outcome.body.slice(0, 160)}`);
    console.log(JSON.stringify({ guard: "fuzz", seed: SEED, cases: sent.length, fiveXX: serverErrors.length, skipped, ms: Date.now() - started }));
    expect(serverErrors).toEqual([]);
  }, 120_000);
});
