/**
 * The routing engine offline (no provider, issue 18) and its hot path: keyword rules and intent
 * keywords route without any model call, the extractive summary travels with the transfer, and an
 * agent in no orchestration costs the routing engine one indexed statement per turn.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import { creditTransactions, handoffs, routingDecisions } from "../db/schema";
import { chat, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { explain, showPlan } from "./helpers/query-plans";
import { routingWorkspace, webThread } from "./helpers/routing";

let app: TestApp;
let w: Awaited<ReturnType<typeof routingWorkspace>>;
let intentRuleId = "";

beforeAll(async () => {
  app = await startTestApp();
  w = await routingWorkspace(app);
  await w.rule(w.entry.id, w.support.id, 7, [{ type: "keyword", keywords: ["boleto"], match: "any" }]);
  intentRuleId = await w.rule(w.entry.id, w.sales.id, 5, [{ type: "intent", topic: "dúvidas de preço", keywords: ["orçamento", "quanto custa"] }]);
}, 30_000);
afterAll(() => app.stop());

describe("[offline] routing", () => {
  test("a keyword rule routes; the specialist answers and the extractive summary travels in the handoff", async () => {
    await chat(app, w.entry.id, { message: "Olá, tudo bem?", sessionId: "off-rule" });
    await chat(app, w.entry.id, { message: "A segunda via do boleto não chegou", sessionId: "off-rule" });
    const { conv, thread } = await webThread(app, w.entry.id, "off-rule");
    const replies = thread.filter((m) => m.senderType === "agent");
    expect(replies.map((m) => m.senderName)).toEqual(["Recepção", "Suporte Sérgio"]);
    expect(replies[1]?.metadata).toMatchObject({ agentId: w.support.id });
    const [h] = await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conv.id));
    expect(h?.context.summary).toContain("Olá, tudo bem?");
    expect(h?.context.summary).toContain("A segunda via do boleto não chegou");
    expect(h).toMatchObject({ reason: "escalation", status: "completed", toAgentId: w.support.id });
  });

  test("an intent is judged by its keywords (phrases too), not by a model", async () => {
    await chat(app, w.entry.id, { message: "Quanto custa a instalação?", sessionId: "off-intent" });
    const { conv, reply } = await webThread(app, w.entry.id, "off-intent");
    expect(reply?.metadata).toMatchObject({ agentId: w.sales.id });
    const [d] = await app.deps.db.select().from(routingDecisions).where(eq(routingDecisions.conversationId, conv.id));
    expect(d).toMatchObject({ method: "rule", ruleId: intentRuleId, confidence: null });
  });

  test("no rule holds: the entry agent stays, nothing is stored, nothing charged", async () => {
    await chat(app, w.entry.id, { message: "Qual o endereço da loja?", sessionId: "off-stay" });
    const { conv, reply } = await webThread(app, w.entry.id, "off-stay");
    expect(reply?.metadata).toMatchObject({ agentId: w.entry.id });
    expect(conv.activeAgentId).toBeNull();
    expect(await app.deps.db.select().from(routingDecisions).where(eq(routingDecisions.conversationId, conv.id))).toHaveLength(0);
    const charges = await app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, w.workspaceId));
    expect(charges.filter((c) => c.action === "routing" || c.action === "handoff_summary")).toHaveLength(0);
  });
});

describe("[offline] conditions", () => {
  test("sentiment, customer data and time of day (all): routes only on the days the rule names", async () => {
    const today = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(new Intl.DateTimeFormat("en-US", { timeZone: "America/Sao_Paulo", weekday: "short" }).format(new Date()));
    const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== today);
    const angry = [
      { type: "sentiment" as const, sentiment: "negative" as const, minIntensity: 0.1 },
      { type: "customer_data" as const, field: "email", operator: "not_exists" as const, value: "" },
    ];
    // A higher-priority rule for the other six days never fires today; the one for every day does.
    await w.rule(w.entry.id, w.sales.id, 10, [...angry, { type: "time_of_day", from: "00:00", to: "00:00", days: otherDays }]);
    const everyDay = await w.rule(w.entry.id, w.support.id, 9, [...angry, { type: "time_of_day", from: "00:00", to: "00:00", days: [] }]);
    await chat(app, w.entry.id, { message: "Estou muito irritado, péssimo atendimento!", sessionId: "off-angry" });
    const angryTurn = await webThread(app, w.entry.id, "off-angry");
    expect(angryTurn.reply?.metadata).toMatchObject({ agentId: w.support.id });
    const [d] = await app.deps.db.select().from(routingDecisions).where(eq(routingDecisions.conversationId, angryTurn.conv.id));
    expect(d?.ruleId).toBe(everyDay);
    // A calm message fails the sentiment condition: nobody moves it.
    await chat(app, w.entry.id, { message: "Vocês abrem amanhã?", sessionId: "off-calm" });
    expect((await webThread(app, w.entry.id, "off-calm")).reply?.metadata).toMatchObject({ agentId: w.entry.id });
  });
});

describe("hot path", () => {
  test("an agent in no orchestration: one indexed routing statement per turn", async () => {
    const lone = await ownerWithAgent(app, {}, { name: "Sozinha" });
    const client = app.deps.db.$client;
    const execute = client.execute;
    const seen: { sql: string; args: unknown }[] = [];
    client.execute = ((stmt: InStatement, ...rest: unknown[]) => {
      const sql = typeof stmt === "string" ? stmt : stmt.sql;
      if (/orchestration|channel_routers|routing_/i.test(sql)) seen.push({ sql, args: typeof stmt === "string" ? [] : stmt.args });
      return (execute as (...a: unknown[]) => unknown).call(client, stmt, ...rest);
    }) as typeof client.execute;
    try {
      const res = await chat(app, lone.agent.id, { message: "Bom dia", sessionId: "lone-1" });
      expect(res.status).toBe(200);
    } finally {
      client.execute = execute;
    }
    expect(seen).toHaveLength(1);
    const [only] = seen;
    const plan = await explain(client, { sql: only?.sql ?? "", args: only?.args as never });
    expect(plan.some((l) => /orchestration_agents_agent_idx/.test(l.detail)), showPlan(plan)).toBe(true);
    expect(plan.some((l) => /^SCAN /.test(l.detail)), showPlan(plan)).toBe(false);
  });
});
