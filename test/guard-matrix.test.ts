/**
 * The tenancy and permission matrix (issue 11, guard rails): every tRPC procedure of appRouter and
 * every HTTP route of the app is called anonymously, as a non-admin, as a viewer of workspace A,
 * and as A's owner with workspace B's ids, and must refuse as its entry in the expectations table
 * says (test/helpers/guard-procedures.ts, guard-routes.ts). A procedure or route without an entry
 * fails the first test: whoever adds one states its access there.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeTelegram } from "./fakes/telegram";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { type Actor, type Fixture, botTokens, nextBotToken, settled, viewerOf, workspaceWithEverything } from "./helpers/guard-fixtures";
import { type Outcome, callProcedure, loadAllEndpoints, inBatches, listProcedures, listRoutes, send, snapshotDiff, snapshotWorkspace, startBlackHole } from "./helpers/guard-http";
import { type Access, PROCEDURES } from "./helpers/guard-procedures";
import { ROUTES } from "./helpers/guard-routes";

type Role = "anonymous" | "nonAdmin" | "viewer" | "crossWorkspace";
type Check = { name: string; role: Role; run: () => Promise<Outcome>; verdict: (o: Outcome) => string | null };

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let hole: ReturnType<typeof startBlackHole>;
let A: { owner: Actor; fixture: Fixture };
let B: { owner: Actor; fixture: Fixture };
let viewer: Actor;
let anonymous: Client;

beforeAll(async () => {
  const tokens = [nextBotToken(), nextBotToken()] as const;
  tg = await startFakeTelegram({ tokens: botTokens });
  hole = startBlackHole();
  app = await startTestApp({ ...hole.env, TELEGRAM_API_BASE: tg.url });
  await loadAllEndpoints(app);
  [A, B] = await Promise.all([workspaceWithEverything(app, tokens[0]), workspaceWithEverything(app, tokens[1])]);
  viewer = await viewerOf(app, A.owner);
  anonymous = await new Client(app.base).warmUp();
  await Promise.all([settled(app, A.owner, A.fixture), settled(app, B.owner, B.fixture)]);
}, 60_000);

afterAll(async () => {
  await app.stop();
  tg.stop();
  hole.stop();
});

const isWrite = (access: Access) => access !== "public" && access !== "authed" && access !== "member";
const refusedAs =
  (...statuses: number[]) =>
  (o: Outcome) =>
    statuses.includes(o.status) ? null : `expected ${statuses.join(" or ")}, got ${o.status} ${o.body.slice(0, 200)}`;
const notServerError = (o: Outcome) => (o.status < 500 ? null : `server error ${o.status} ${o.body.slice(0, 200)}`);
/** Allowed: not refused by access (a 4xx about the sample's state, e.g. "not configured", is fine). */
const allowed = (o: Outcome) => ([401, 403].includes(o.status) || o.status >= 500 ? `expected to be allowed, got ${o.status} ${o.body.slice(0, 200)}` : null);
/** A webhook without its proof: refused, or acknowledged with nothing accepted. */
const unproven = (o: Outcome) => {
  if (o.status >= 400 && o.status < 500) return null;
  if (o.status < 300 && !/"accepted":\s*[1-9]/.test(o.body)) return null;
  return `expected a refusal without proof, got ${o.status} ${o.body.slice(0, 200)}`;
};

/** Every identifier of B: none may appear in an answer given to someone outside B. */
const leaksB = (o: Outcome) => {
  if (o.status >= 300) return null;
  const { crm, campaigns, orchestration, insights, ...plain } = B.fixture;
  const crmIds = Object.entries(crm).flatMap(([k, v]) => (Array.isArray(v) ? v.map((id, i) => [`crm.${k}[${i}]`, id] as const) : [[`crm.${k}`, v] as const]));
  const campaignIds = Object.entries(campaigns).map(([k, v]) => [`campaigns.${k}`, v] as const);
  const orchestrationIds = Object.entries(orchestration).map(([k, v]) => [`orchestration.${k}`, v] as const);
  const insightIds = Object.entries(insights).map(([k, v]) => [`insights.${k}`, v] as const);
  const ids = [...Object.entries(plain).filter(([k]) => k !== "endpointKey" && k !== "invitationToken"), ...crmIds, ...campaignIds, ...orchestrationIds, ...insightIds];
  const leaked = ids.filter(([, id]) => o.body.includes(id)).map(([k]) => k);
  return leaked.length ? `answer contains workspace B's ${leaked.join(", ")}` : null;
};

function proceduresChecks(): Check[] {
  const checks: Check[] = [];
  for (const p of listProcedures()) {
    const e = PROCEDURES[p.path];
    if (!e) continue;
    const call = (client: Client, f: Fixture) => () => callProcedure(app.base, client, p, e.input?.(f));
    const name = `trpc ${p.path}`;
    if (e.access === "public") checks.push({ name, role: "anonymous", run: call(anonymous, A.fixture), verdict: notServerError });
    else checks.push({ name, role: "anonymous", run: call(anonymous, A.fixture), verdict: refusedAs(401) });
    if (e.access === "admin") checks.push({ name, role: "nonAdmin", run: call(A.owner.client, A.fixture), verdict: refusedAs(403) });
    if (isWrite(e.access)) checks.push({ name, role: "viewer", run: call(viewer.client, A.fixture), verdict: refusedAs(403) });
    else if (p.type === "query") checks.push({ name, role: "viewer", run: call(viewer.client, A.fixture), verdict: allowed });
    if (e.scoped) checks.push({ name, role: "crossWorkspace", run: call(A.owner.client, B.fixture), verdict: refusedAs(403, 404) });
  }
  return checks;
}

function routeChecks(): Check[] {
  const checks: Check[] = [];
  for (const key of listRoutes()) {
    const e = ROUTES[key];
    if (!e) continue;
    const method = key.slice(0, key.indexOf(" "));
    const call = (client: Client, f: Fixture) => () => send(app.base, client, method, e.url(f), e.body?.(f));
    const name = `http ${key}`;
    if (e.access === "public") checks.push({ name, role: "anonymous", run: call(anonymous, A.fixture), verdict: notServerError });
    else if (e.access === "signed") checks.push({ name, role: "anonymous", run: call(anonymous, A.fixture), verdict: unproven });
    else checks.push({ name, role: "anonymous", run: call(anonymous, A.fixture), verdict: refusedAs(401) });
    if (e.access === "admin") checks.push({ name, role: "nonAdmin", run: call(A.owner.client, A.fixture), verdict: refusedAs(403) });
    if (e.access !== "public" && e.access !== "signed") {
      if (isWrite(e.access)) checks.push({ name, role: "viewer", run: call(viewer.client, A.fixture), verdict: refusedAs(403) });
      else if (method === "GET") checks.push({ name, role: "viewer", run: call(viewer.client, A.fixture), verdict: allowed });
    }
    if (e.scoped) checks.push({ name, role: "crossWorkspace", run: call(A.owner.client, B.fixture), verdict: refusedAs(403, 404) });
  }
  return checks;
}

describe("tenancy and permission matrix", () => {
  test("every procedure and route has an expectation, and every expectation still exists", () => {
    const procedures = listProcedures().map((p) => p.path);
    const routes = listRoutes();
    const missing = [
      ...procedures.filter((p) => !PROCEDURES[p]).map((p) => `procedure ${p}: add it to the matrix with its expected access (test/helpers/guard-procedures.ts)`),
      ...routes.filter((r) => !ROUTES[r]).map((r) => `route ${r}: add it to the matrix with its expected access (test/helpers/guard-routes.ts)`),
    ];
    const stale = [
      ...Object.keys(PROCEDURES).filter((p) => !procedures.includes(p)).map((p) => `procedure ${p} is in the matrix but no longer exists`),
      ...Object.keys(ROUTES).filter((r) => !routes.includes(r)).map((r) => `route ${r} is in the matrix but no longer exists`),
    ];
    expect([...missing, ...stale]).toEqual([]);
  });

  test("anonymous, non-admin, viewer and cross-workspace calls are refused; nothing of B leaks or changes", async () => {
    const checks = [...proceduresChecks(), ...routeChecks()];
    const failures: string[] = [];
    const runPhase = async (role: Role) => {
      const phase = checks.filter((c) => c.role === role);
      const outcomes = await inBatches(phase.map((c) => c.run), 12);
      phase.forEach((c, i) => {
        const o = outcomes[i] as Outcome;
        const problem = c.verdict(o) ?? leaksB(o);
        if (problem) failures.push(`${c.name} as ${role}: ${problem}`);
      });
    };
    const started = Date.now();
    await runPhase("anonymous");
    await runPhase("nonAdmin");
    // A viewer's refused writes leave workspace A as it was.
    const beforeA = await snapshotWorkspace(app, A.fixture.workspaceId);
    await runPhase("viewer");
    for (const d of snapshotDiff(beforeA, await snapshotWorkspace(app, A.fixture.workspaceId))) failures.push(`viewer calls changed workspace A: ${JSON.stringify(d)}`);
    // Cross-workspace calls leave workspace B as it was.
    const beforeB = await snapshotWorkspace(app, B.fixture.workspaceId);
    await runPhase("crossWorkspace");
    for (const d of snapshotDiff(beforeB, await snapshotWorkspace(app, B.fixture.workspaceId))) failures.push(`cross-workspace calls changed workspace B: ${JSON.stringify(d)}`);

    const byRole = Object.fromEntries((["anonymous", "nonAdmin", "viewer", "crossWorkspace"] as const).map((r) => [r, checks.filter((c) => c.role === r).length]));
    console.log(
      JSON.stringify({
        guard: "matrix",
        procedures: listProcedures().length,
        routes: listRoutes().length,
        checks: checks.length,
        byRole,
        failures: failures.length,
        ms: Date.now() - started,
      }),
    );
    expect(failures).toEqual([]);
  }, 60_000);
});
