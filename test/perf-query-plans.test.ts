/**
 * No request path runs an unbounded query (issue 12, item 4). libSQL runs on the one JavaScript
 * thread, so a query that reads a whole table, or every row a tenant ever wrote, stalls every other
 * request while it runs. Every tRPC procedure and REST route is called once as an authorised user
 * with data present, plus the hot paths (public chat, a channel message, the inbox's filters);
 * every statement the server ran is captured and its EXPLAIN QUERY PLAN must be bounded
 * (helpers/query-plans.ts says what that means). Exceptions live in ALLOWED below, each with why.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { channelConnections, orchestrations, routingDecisions } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { chat, chatSse, setWallet, visitorIp } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { telegramCustomer } from "./helpers/channels";
import { Client, must } from "./helpers/client";
import { PASSWORD, loginAdmin, registerUser, uniqueEmail } from "./helpers/factories";
import { type Fixture, botTokens, nextBotToken, settled, workspaceWithEverything } from "./helpers/guard-fixtures";
import { type Outcome, callProcedure, loadAllEndpoints, listProcedures, listRoutes, send, startBlackHole } from "./helpers/guard-http";
import { PROCEDURES } from "./helpers/guard-procedures";
import { ROUTES } from "./helpers/guard-routes";
import { CONFIG_TABLES, GROWING_TABLES, PER_TENANT_TABLES, type Captured, captureStatements, explain, planProblems, showPlan, uniqueIndexes } from "./helpers/query-plans";
import { eventually } from "./helpers/training";

/**
 * Statements that read without a bound on purpose. Each says why it cannot stall a request, or
 * names the owner who must bound it (TODO). An entry that no longer matches anything fails the test.
 */
const ALLOWED: { match: RegExp; why: string }[] = [
  {
    // suggestions.list / adminSuggestions.list (src/services/suggestions): the board's total and the
    // admin's per-status tabs count the platform's suggestions off covering indexes.
    match: /^select (count\(\*\)|"status", count\(\*\)) from "feature_suggestions"( where "feature_suggestions"\."status" <> \?| group by "feature_suggestions"\."status")?$/,
    why: "suggestions are written by hand (5 an hour per user at most): thousands, counted off a covering index",
  },
  {
    // support.list (src/services/support/mine.ts): the pager's total of one user's own requests.
    match: /^select count\(\*\) from "support_requests" where "support_requests"\."user_id" = \?$/,
    why: "one user's support requests, 10 an hour at most",
  },
  {
    // adminSupport.list (src/services/support/admin.ts): the admin's total and per-status tabs, also
    // under a search. Admin-only; requests are rate-limited per user.
    match: /^select (count\(\*\)|"support_requests"\."status", count\(\*\)) from "support_requests" inner join "users"/,
    why: "the admin's support queue counts (admin-only screen, rate-limited rows)",
  },
  {
    // handoffs.pendingCount (src/services/handoffs/queries.ts): the inbox badge counts the
    // workspace's waiting handoffs off handoffs_pending_idx, a partial index of pending rows only.
    match: /^select count\(\*\) from "handoffs" where \("handoffs"\."workspace_id" = \? and "handoffs"\."status" = \?\)/,
    why: "only the pending handoffs, which a person accepts or the timeout expires",
  },
  {
    // abTests.results (src/services/ab-tests/results.ts): one test's assignments and outcomes
    // counted per variant through their test_id indexes, never another test's rows.
    match: /from "ab_test_(assignments|results)" where \(?"ab_test_(assignments|results)"\."test_id" = \?/,
    why: "one A/B test's sample, counted per variant",
  },
  {
    // campaigns.results / campaigns.sends (src/services/campaigns/results.ts): a campaign's counters,
    // daily/hourly series and per-contact page read that campaign's sends through
    // campaign_sends_queue_idx — at most one row per list member, never another campaign's.
    match: /from "campaign_sends"( left join "campaign_contacts" on [^ ]+ = [^ ]+)? where \(?"campaign_sends"\."campaign_id" = \?/,
    why: "one campaign's sends, bounded by its list",
  },
  {
    // TODO(semantic cache, issue 12 item 2, work in progress in src/services/semantic-cache.ts):
    // invalidation deletes, and the statistics and size checks count, every entry of the agent
    // (or of its current key) on a public-chat turn and in training.cacheStats. Bounded once the
    // cache keeps a maximum size per agent; then narrow or drop this entry.
    match: /from "?semantic_cache"? where \(?("?semantic_cache"?\.)?"?agent_id"? = \?/i,
    why: "semantic cache, owned by the semantic-cache engineer",
  },
  {
    // TODO(retrieval, issue 12 item 3): counts the agent's chunks from the covering index on every
    // turn that (re)loads the knowledge index (src/services/knowledge-index.ts); ≤ 50,000 entries
    // by TRAINING_MAX_WORKSPACE_CHUNKS.
    match: /^SELECT count\(\*\) AS n FROM embeddings WHERE agent_id = \?$/,
    why: "knowledge index load, owned by the retrieval engineer",
  },
  {
    // src/services/rate-limit.ts clear(): a key's hits are bounded by the limiter itself (it refuses
    // past the limit) and pruned after a day.
    match: /^delete from "rate_limit_hits" where \("rate_limit_hits"\."bucket" = \? and "rate_limit_hits"\."key" = \?\)$/,
    why: "bounded by the rate limit it enforces",
  },
  {
    // admin.jobs.summary (admin page): counts the live queue (pending, running, failed, dead), never
    // the history of completed jobs, which is counted over the last 24 h only.
    match: /from "jobs" where "jobs"\."status" in \(\?, \?, \?, \?\) group by/,
    why: "admin-only, as long as the backlog",
  },
  {
    // adminPlatform.status (/admin/status, src/services/admin/platform/status.ts): connections up and
    // down per channel across the platform; a few per workspace, read at most once per 10 s (cached).
    match: /from "channel_connections" group by "channel_connections"\."channel"$/,
    why: "admin-only, cached 10 s, a few connections per workspace",
  },
  {
    // affiliates.me (src/services/billing/affiliates-queries.ts commissionTotals): one affiliate's
    // commission sums by status must be exact; a commission is one paid invoice of a person they
    // referred, so the slice grows with real sales, read from the affiliate's index.
    match: /from "affiliate_commissions" where "affiliate_commissions"\."affiliate_id" = \? group by "affiliate_commissions"\."status"/,
    why: "one affiliate's commissions, exact totals",
  },
];

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let hole: ReturnType<typeof startBlackHole>;
let owner: Client;
let admin: Client;
let f: Fixture;
let captured: Captured[] = [];
const outcomes: { label: string; status: number }[] = [];

const destructive = (name: string) => /\.(delete|remove|disconnect|revoke|discard|erase)$|^DELETE /.test(name);

async function drive() {
  const cap = captureStatements(app.deps.db.$client);
  const call = async (label: string, run: () => Promise<Outcome | { status: number }>) => {
    cap.setLabel(label);
    outcomes.push({ label, status: (await run()).status });
  };
  const procedure = (path: string, input?: unknown) => {
    const p = listProcedures().find((x) => x.path === path);
    const e = PROCEDURES[path];
    if (!p || !e) throw new Error(`unknown procedure ${path}`);
    return call(`trpc ${path}`, () => callProcedure(app.base, e.access === "admin" ? admin : owner, p, input === undefined ? e.input?.(f) : input));
  };
  const route = (key: string) => {
    const e = ROUTES[key];
    if (!e) throw new Error(`unknown route ${key}`);
    return call(`http ${key}`, () => send(app.base, e.access === "admin" ? admin : owner, key.slice(0, key.indexOf(" ")), e.url(f), e.body?.(f)));
  };
  const procedures = listProcedures();
  const routes = listRoutes();
  const [reads, writes] = [procedures.filter((p) => p.type === "query"), procedures.filter((p) => p.type === "mutation")];

  for (const p of reads) await procedure(p.path);
  // The inbox as people use it: each filter, a search (name and message text), the next page.
  for (const input of [{ channel: "telegram" }, { status: "active" }, { unread: true }, { needsHuman: true }, { mine: true }, { search: "Olá" }, { search: "11 9999" }]) {
    await procedure("conversations.list", input);
  }
  await procedure("conversations.list", { cursor: `${Date.now()}_00000000-0000-4000-8000-000000000000` });
  await procedure("conversations.thread", { id: f.conversationId, limit: 1 });
  await procedure("credits.usageHistory", { period: 30 });

  // The hot paths: a visitor's turns (JSON and streamed), feedback, a channel message.
  const ip = visitorIp();
  await call("public chat", () => chat(app, f.agentId, { message: "Qual o horário?", chatHistory: [] }, { ip }));
  await call("public chat (history)", () => chat(app, f.agentId, { message: "E no sábado?", chatHistory: [{ role: "user", content: "Qual o horário?" }] }, { ip }));
  await call("public chat (SSE)", () => chatSse(app, f.agentId, { message: "Vocês entregam?", chatHistory: [] }, { ip }));
  await call("telegram webhook", () => telegramMessage("Olá, qual o horário?"));
  await call("public chat (orchestration)", routedChat);

  for (const key of routes.filter((r) => !destructive(r) && r.startsWith("GET "))) await route(key);
  for (const key of routes.filter((r) => !destructive(r) && !r.startsWith("GET "))) await route(key);
  await call("auth flows", authFlows);
  for (const p of writes.filter((p) => !destructive(p.path))) await procedure(p.path);
  for (const p of writes.filter((p) => destructive(p.path) && p.path !== "agents.delete")) await procedure(p.path);
  for (const key of routes.filter((r) => destructive(r))) await route(key);
  await procedure("agents.delete");
  cap.stop();
  return cap.statements();
}

/** A customer's message through the signed Telegram webhook, answered by the job worker. */
async function telegramMessage(text: string) {
  const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, f.connectionId));
  const config = must(row, "the fixture's connection").config as unknown as { webhookSecret: string };
  const secret = app.deps.secrets.decrypt(config.webhookSecret);
  const customer = telegramCustomer(app, tg, { connectionId: f.connectionId, secret });
  await customer.say(text);
  await eventually(async () => (customer.received().length > 0 ? true : null), 15_000);
  return { status: 200 };
}

/**
 * A turn routed by an orchestration (issue 18, src/services/routing): the fixture's orchestration is
 * switched on for this one turn, whose keyword rule moves the conversation to the fixture's agent.
 */
async function routedChat() {
  const o = f.orchestration;
  await app.deps.db.update(orchestrations).set({ isActive: true }).where(eq(orchestrations.id, o.id));
  try {
    const res = await chat(app, o.secondAgentId, { message: "Quero comprar o plano", sessionId: "perf-routed" }, { ip: visitorIp() });
    const [decision] = await app.deps.db.select({ id: routingDecisions.id }).from(routingDecisions).where(eq(routingDecisions.orchestrationId, o.id)).limit(1);
    if (!decision) throw new Error("the routed turn stored no routing decision");
    return res;
  } finally {
    await app.deps.db.update(orchestrations).set({ isActive: false }).where(eq(orchestrations.id, o.id));
  }
}

/** Sign-up, sign-in, recovery and verification with valid shapes, so their lookups run. */
async function authFlows() {
  const fresh = await registerUser(app);
  const anon = await new Client(app.base).warmUp();
  await anon.post("/api/v1/auth/login", { email: fresh.email, password: PASSWORD });
  await anon.post("/api/v1/auth/forgot-password", { email: fresh.email });
  await anon.post("/api/v1/auth/reset-password", { token: "token-invalido-123", password: "nova-senha-segura-1" });
  await anon.post("/api/v1/auth/verify-email", { token: "token-invalido-123" });
  await anon.post("/api/v1/auth/forgot-password", { email: uniqueEmail("ninguem") });
  await fresh.client.post("/api/v1/auth/logout");
  return { status: 200 };
}

beforeAll(async () => {
  const token = nextBotToken();
  tg = await startFakeTelegram({ tokens: botTokens });
  openai = await startFakeOpenAi();
  hole = startBlackHole();
  app = await startTestApp({ ...hole.env, TELEGRAM_API_BASE: tg.url, OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, CHANNEL_BURST_WINDOW_MS: "0" });
  await loadAllEndpoints(app);
  process.env.AGENDOR_API_BASE = hole.url;
  setSafeFetchTestAllowlist([hole.host]);
  const w = await workspaceWithEverything(app, token);
  owner = w.owner.client;
  f = w.fixture;
  admin = (await loginAdmin(app)).client;
  await setWallet(app, f.workspaceId, { regular: 10_000 });
  await settled(app, w.owner, f);
  captured = await drive();
}, 120_000);

afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  delete process.env.AGENDOR_API_BASE;
  await app.stop();
  tg.stop();
  openai.stop();
  hole.stop();
});

describe("query plans of every request path", () => {
  test("every table is classified as config, per-tenant or growing", async () => {
    const res = await app.deps.db.$client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' AND name NOT LIKE '%_fts_%' AND name NOT LIKE 'libsql_%' AND name NOT LIKE '%_idx_shadow'",
    );
    const known = new Set([...CONFIG_TABLES, ...PER_TENANT_TABLES, ...GROWING_TABLES]);
    expect(res.rows.map((r) => String(r.name)).filter((t) => !known.has(t))).toEqual([]);
  });

  test("the drive reached every procedure and route without a server error", () => {
    const called = new Set(outcomes.map((o) => o.label));
    const missed = [...listProcedures().map((p) => `trpc ${p.path}`), ...listRoutes().map((r) => `http ${r}`)].filter((l) => !called.has(l));
    expect(missed).toEqual([]);
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    expect(captured.length).toBeGreaterThan(100);
  });

  test("every statement's plan is bounded (or allowed, with the reason)", async () => {
    const client = app.deps.db.$client;
    const unique = await uniqueIndexes(client);
    const failures: string[] = [];
    const used = new Set<number>();
    for (const s of captured) {
      const plan = await explain(client, s);
      const problems = planProblems(s.sql, plan, unique);
      if (!problems.length) continue;
      const allowed = ALLOWED.findIndex((a) => a.match.test(s.sql));
      if (allowed >= 0) {
        used.add(allowed);
        continue;
      }
      failures.push(`${[...s.labels].join(", ")}\n  ${s.sql.slice(0, 400)}\n${showPlan(plan)}\n  → ${problems.join("\n  → ")}`);
    }
    if (failures.length) console.log(failures.join("\n\n"));
    expect(failures.length).toBe(0);
    expect(ALLOWED.filter((_a, i) => !used.has(i)).map((a) => String(a.match))).toEqual([]);
  });
});
