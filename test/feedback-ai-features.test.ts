/**
 * The per-agent AI switches (issue 18): get (missing switches on, offline flag), update of only
 * the switches sent, editors only, another workspace's agent refused, and the next turn honouring
 * them: with every switch off the after-turn insights job is not even queued.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, jobs, userActivityLogs } from "../db/schema";
import { TURN_INSIGHTS_JOB } from "../src/services/insights/after-turn";
import { startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type Actor, viewerOf } from "./helpers/guard-fixtures";

type Features = { sentiment: boolean; alerts: boolean; memory: boolean; summaries: boolean; autoTags: boolean };
type Got = { agentId: string; features: Features; offline: boolean };
const ALL_OFF: Features = { sentiment: false, alerts: false, memory: false, summaries: false, autoTags: false };

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let A: Awaited<ReturnType<typeof ownerWithAgent>>;
let B: Awaited<ReturnType<typeof ownerWithAgent>>;
let viewer: Actor;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  A = await ownerWithAgent(app, {}, { name: "Bia da Padaria" });
  B = await ownerWithAgent(app, {}, { name: "Outro Agente" });
  await setWallet(app, A.workspaceId, { regular: 100_000 });
  await A.client.warmUp();
  await B.client.warmUp();
  viewer = await viewerOf(app, { client: A.client, userId: A.user.id });
  await viewer.client.warmUp();
}, 60_000);

afterAll(async () => {
  await app.stop();
  fake.stop();
});

const insightJobs = async () => app.deps.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.type, TURN_INSIGHTS_JOB), eq(jobs.agentId, A.agent.id)));

describe("[feedback] agentAiFeatures", () => {
  test("get: every switch off for a new agent (each costs credits online, so each is chosen), online", async () => {
    const got = await A.client.query<Got>("agentAiFeatures.get", { agentId: A.agent.id });
    expect(got.data).toEqual({ agentId: A.agent.id, features: ALL_OFF, offline: false });
  });

  test("update changes only the switches sent, stores them and leaves an audit line", async () => {
    const res = await A.client.mutate<{ features: Features }>("agentAiFeatures.update", { agentId: A.agent.id, memory: true });
    expect(res.data.features).toEqual({ ...ALL_OFF, memory: true });
    const again = await A.client.mutate<{ features: Features }>("agentAiFeatures.update", { agentId: A.agent.id, summaries: true });
    expect(again.data.features).toEqual({ ...ALL_OFF, memory: true, summaries: true });
    const [row] = await app.deps.db.select({ f: agents.aiFeatures }).from(agents).where(eq(agents.id, A.agent.id));
    expect(row?.f).toEqual({ ...ALL_OFF, memory: true, summaries: true });
    expect((await A.client.query<Got>("agentAiFeatures.get", { agentId: A.agent.id })).data.features).toEqual({ ...ALL_OFF, memory: true, summaries: true });
    const audit = await app.deps.db.select().from(userActivityLogs).where(and(eq(userActivityLogs.action, "agent.ai_features"), eq(userActivityLogs.resourceId, A.agent.id)));
    expect(audit).toHaveLength(2);
    const bad = await A.client.mutate("agentAiFeatures.update", { agentId: A.agent.id, memory: "não" });
    expect(bad.error?.code).toBe("BAD_REQUEST");
  });

  test("a viewer reads but cannot switch; another workspace's agent is not found", async () => {
    expect((await viewer.client.query<Got>("agentAiFeatures.get", { agentId: A.agent.id })).ok).toBe(true);
    expect((await viewer.client.mutate("agentAiFeatures.update", { agentId: A.agent.id, sentiment: true })).error?.code).toBe("FORBIDDEN");
    expect((await A.client.query("agentAiFeatures.get", { agentId: B.agent.id })).error?.code).toBe("NOT_FOUND");
    expect((await A.client.mutate("agentAiFeatures.update", { agentId: B.agent.id, sentiment: true })).error?.code).toBe("NOT_FOUND");
    const [row] = await app.deps.db.select({ f: agents.aiFeatures }).from(agents).where(eq(agents.id, B.agent.id));
    expect(row?.f).toEqual({});
    const [a] = await app.deps.db.select({ f: agents.aiFeatures }).from(agents).where(eq(agents.id, A.agent.id));
    expect(a?.f.sentiment).toBe(false);
  });

  test("the next turn sees the switches: all off → no insights job; one back on → queued again", async () => {
    // Warm the public chat's agent cache first, so a stale cached row would show.
    expect((await chat(app, A.agent.id, { message: "Oi, bom dia", sessionId: "fb-sw-1" })).status).toBe(200);
    const before = (await insightJobs()).length;
    expect(before).toBe(1);
    expect((await A.client.mutate("agentAiFeatures.update", { agentId: A.agent.id, ...ALL_OFF })).ok).toBe(true);
    const off = await chat(app, A.agent.id, { message: "Vocês abrem no sábado?", sessionId: "fb-sw-1" });
    expect(off.status).toBe(200);
    expect((await insightJobs()).length).toBe(before);
    expect((await A.client.mutate("agentAiFeatures.update", { agentId: A.agent.id, sentiment: true })).ok).toBe(true);
    expect((await chat(app, A.agent.id, { message: "E no domingo?", sessionId: "fb-sw-1" })).status).toBe(200);
    expect((await insightJobs()).length).toBe(before + 1);
  });

  test("offline platform: get says so", async () => {
    const offline = await startTestApp();
    try {
      const o = await ownerWithAgent(offline);
      await o.client.warmUp();
      const got = await o.client.query<Got>("agentAiFeatures.get", { agentId: o.agent.id });
      expect(got.data.offline).toBe(true);
      expect(got.data.features).toEqual(ALL_OFF);
    } finally {
      await offline.stop();
    }
  }, 60_000);
});
