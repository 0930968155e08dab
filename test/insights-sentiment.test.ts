/**
 * Sentiment, alerts, daily metrics and tags online (issue 18): turns through the public chat, the
 * turn-insights job on the in-process loop (JOBS_WORKER=false) reading the test's clock.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, creditTransactions, handoffs, messageSentiments, sentimentAlerts } from "../db/schema";
import { startFakeOpenAi } from "./fakes/openai";
import { type AgentRow, enableAiFeatures, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { joinAs } from "./helpers/inbox";
import { sentimentReply, turn } from "./helpers/insights";

let app: TestApp;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let owner: Client;
let agent: AgentRow;
let workspaceId: string;
let clock = Date.now();

beforeAll(async () => {
  openai = await startFakeOpenAi({ reply: sentimentReply });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, JOBS_WORKER: "false", JOB_POLL_MS: "20" });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  workspaceId = o.workspaceId;
  await enableAiFeatures(owner, agent.id);
  await setWallet(app, workspaceId, { regular: 100_000 });
  app.deps.now = () => clock;
}, 60_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
});

const sentimentCharges = async (ws: string) =>
  (await app.deps.db.select().from(creditTransactions).where(and(eq(creditTransactions.workspaceId, ws), eq(creditTransactions.action, "sentiment")))).length;
const alertsOf = (conversationId: string) => app.deps.db.select().from(sentimentAlerts).where(eq(sentimentAlerts.conversationId, conversationId));

describe("[insights] online sentiment", () => {
  test("one model call per turn (schema message_sentiment), stored, charged as 'sentiment', tagged, counted per day", async () => {
    const before = await sentimentCharges(workspaceId);
    const conversationId = await turn(app, agent.id, "sessao-positiva", "Adorei! Qual o preço do plano anual?");
    const asked = openai.chatRequests().filter((b) => b.response_format?.json_schema?.name === "message_sentiment");
    expect(asked.length).toBeGreaterThanOrEqual(1);
    const rows = await app.deps.db.select().from(messageSentiments).where(eq(messageSentiments.conversationId, conversationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sentiment: "positive", source: "model", score: 0.9, confidence: 0.95, emotions: ["alegria"] });
    expect(await sentimentCharges(workspaceId)).toBe(before + 1);

    const tags = await owner.trpc.insights.conversationTags.query({ conversationId });
    expect(tags.data?.map((t) => t.tag)).toEqual(["preço"]);
    const popular = await owner.trpc.insights.popularTags.query({ limit: 10 });
    expect(popular.data).toContainEqual(expect.objectContaining({ tag: "preço", count: 1 }));

    const daily = await owner.trpc.insights.daily.query({ period: 7 });
    expect(daily.data?.days).toHaveLength(7);
    expect(daily.data?.days.at(-1)).toMatchObject({ positive: 1, negative: 0, total: 1, avgScore: 0.9 });
    expect(daily.data?.offline).toBe(false);
    const dots = await owner.trpc.insights.messageSentiments.query({ conversationId });
    expect(dots.data?.[0]?.sentiment).toBe("positive");
  });

  test("an alert fires once per cooldown: 3 negatives → 1 alert; more within 30 min → none; after the cooldown → a second", async () => {
    const session = "sessao-negativa";
    let conversationId = "";
    for (const text of ["O produto é ruim", "Continua ruim", "Muito ruim mesmo"]) conversationId = await turn(app, agent.id, session, text);
    let alerts = await alertsOf(conversationId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.details).toMatchObject({ kind: "consecutive_negative", ruleName: "3 mensagens negativas seguidas" });

    clock += 10 * 60_000;
    await turn(app, agent.id, session, "Ainda ruim");
    await turn(app, agent.id, session, "Tudo ruim");
    expect(await alertsOf(conversationId)).toHaveLength(1);

    clock += 31 * 60_000;
    await turn(app, agent.id, session, "Que serviço ruim");
    alerts = await alertsOf(conversationId);
    expect(alerts).toHaveLength(2);

    const summary = await owner.trpc.insights.summary.query({ period: 7 });
    expect(summary.data?.openAlerts).toBe(2);
    expect(summary.data?.negative).toBe(6);
    const listed = await owner.trpc.insights.alerts.query({ status: "open", limit: 1 });
    expect(listed.data?.items).toHaveLength(1);
    expect(listed.data?.nextCursor).not.toBeNull();
    const page2 = await owner.trpc.insights.alerts.query({ status: "open", limit: 1, cursor: listed.data?.nextCursor });
    expect(page2.data?.items[0]?.id).not.toBe(listed.data?.items[0]?.id);
    const ack = await owner.trpc.insights.acknowledgeAlert.mutate({ id: alerts[0]?.id ?? "" });
    expect(ack.ok).toBe(true);
    expect((await owner.trpc.insights.summary.query({ period: 7 })).data?.openAlerts).toBe(1);
    const daily = await owner.trpc.insights.daily.query({ period: 7, agentId: agent.id });
    expect(daily.data?.days.reduce((n, d) => n + d.alerts, 0)).toBe(2);
  });

  test("a rule with triggerHandoff escalates the conversation to a person (reason escalation) and keeps the handoff id", async () => {
    const rule = await owner.trpc.insights.alertRules.create.mutate({ name: "Cliente quer o gerente", kind: "keyword", keywords: ["diretoria"], triggerHandoff: true, cooldownMinutes: 30 });
    expect(rule.ok).toBe(true);
    const conversationId = await turn(app, agent.id, "sessao-gerente", "Quero falar com a diretoria agora");
    const alerts = await alertsOf(conversationId);
    const fired = alerts.find((a) => a.ruleId === rule.data?.id);
    expect(fired).toBeDefined();
    const [handoff] = await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conversationId));
    expect(handoff?.reason).toBe("escalation");
    expect(fired?.handoffId).toBe(handoff?.id ?? "missing");
  });

  test("the agent's sentiment switch off: nothing analysed, nothing charged", async () => {
    await app.deps.db.update(agents).set({ aiFeatures: { sentiment: false, autoTags: false, alerts: false } }).where(eq(agents.id, agent.id));
    try {
      const before = await sentimentCharges(workspaceId);
      const conversationId = await turn(app, agent.id, "sessao-desligada", "Isso é ruim e urgente");
      expect(await app.deps.db.select().from(messageSentiments).where(eq(messageSentiments.conversationId, conversationId))).toHaveLength(0);
      expect(await alertsOf(conversationId)).toHaveLength(0);
      expect(await sentimentCharges(workspaceId)).toBe(before);
    } finally {
      await enableAiFeatures(owner, agent.id);
    }
  });
});

describe("[insights] rules, tags and access", () => {
  test("default rules exist; zod bounds; rule CRUD", async () => {
    const list = await owner.trpc.insights.alertRules.list.query();
    expect(list.data?.map((r) => r.name)).toEqual(expect.arrayContaining(["3 mensagens negativas seguidas", "Urgência alta", "Pediu um gerente"]));
    const bad = await owner.trpc.insights.alertRules.create.mutate({ name: "", kind: "consecutive_negative", threshold: 1 });
    expect(bad.ok).toBe(false);
    const badCooldown = await owner.trpc.insights.alertRules.create.mutate({ name: "X", kind: "urgency_high", cooldownMinutes: 2000 });
    expect(badCooldown.ok).toBe(false);
    const noKeywords = await owner.trpc.insights.alertRules.create.mutate({ name: "X", kind: "keyword" });
    expect(noKeywords.error?.message).toBe("Informe ao menos uma palavra-chave");
    const created = await owner.trpc.insights.alertRules.create.mutate({ name: "Satisfação baixa", kind: "low_satisfaction", threshold: 0.3 });
    expect(created.data?.cooldownMinutes).toBe(30);
    const id = created.data?.id ?? "";
    const updated = await owner.trpc.insights.alertRules.update.mutate({ id, rule: { name: "Satisfação muito baixa", kind: "low_satisfaction", threshold: 0.2, cooldownMinutes: 60 } });
    expect(updated.data).toMatchObject({ name: "Satisfação muito baixa", threshold: 0.2, cooldownMinutes: 60 });
    expect((await owner.trpc.insights.alertRules.delete.mutate({ id })).ok).toBe(true);
    expect((await owner.trpc.insights.alertRules.delete.mutate({ id })).status).toBe(404);
  });

  test("manual tags: add, list, remove; popular counts follow", async () => {
    const conversationId = await turn(app, agent.id, "sessao-tags", "Bom dia");
    expect((await owner.trpc.insights.addTag.mutate({ conversationId, tag: "  VIP " })).data).toEqual({ added: true });
    expect((await owner.trpc.insights.addTag.mutate({ conversationId, tag: "vip" })).data).toEqual({ added: false });
    expect((await owner.trpc.insights.conversationTags.query({ conversationId })).data).toContainEqual(expect.objectContaining({ tag: "vip", source: "manual" }));
    expect((await owner.trpc.insights.popularTags.query({ limit: 10 })).data).toContainEqual(expect.objectContaining({ tag: "vip", count: 1 }));
    expect((await owner.trpc.insights.removeTag.mutate({ conversationId, tag: "vip" })).ok).toBe(true);
    expect((await owner.trpc.insights.popularTags.query({ limit: 10 })).data?.some((t) => t.tag === "vip")).toBe(false);
    expect((await owner.trpc.insights.addTag.mutate({ conversationId, tag: "<script>" })).ok).toBe(false);
  });

  test("tenancy and viewer: another workspace sees nothing; a viewer reads but cannot write", async () => {
    const conversationId = await turn(app, agent.id, "sessao-acesso", "Olá");
    const other = await ownerWithAgent(app);
    expect((await other.client.trpc.insights.messageSentiments.query({ conversationId })).status).toBe(404);
    expect((await other.client.trpc.insights.addTag.mutate({ conversationId, tag: "intrusa" })).status).toBe(404);
    const ownAlert = (await owner.trpc.insights.alerts.query({ limit: 1 })).data?.items[0];
    expect((await other.client.trpc.insights.acknowledgeAlert.mutate({ id: ownAlert?.id ?? "" })).status).toBe(404);
    expect((await other.client.trpc.insights.alerts.query({ limit: 10 })).data?.items).toHaveLength(0);
    const rules = (await owner.trpc.insights.alertRules.list.query()).data ?? [];
    expect((await other.client.trpc.insights.alertRules.delete.mutate({ id: rules[0]?.id ?? "" })).status).toBe(404);

    const viewer = await joinAs(app, owner, "viewer");
    expect((await viewer.client.trpc.insights.daily.query({ period: 15 })).data?.days).toHaveLength(15);
    expect((await viewer.client.trpc.insights.alertRules.create.mutate({ name: "Nova", kind: "urgency_high" })).status).toBe(403);
    expect((await viewer.client.trpc.insights.addTag.mutate({ conversationId, tag: "vip" })).status).toBe(403);
    expect((await viewer.client.trpc.insights.acknowledgeAlert.mutate({ id: ownAlert?.id ?? "" })).status).toBe(403);
  });
});
