import { invalidateAgent } from "../src/services/agent-cache";
/**
 * The routing engine (issue 18) with the fake LLM, through the public chat and a Telegram bot: rules,
 * the router's manual rules, the model above and below its threshold, a person called, the transfer's
 * summary and customer data, decisions, counters and the charges of each routing and summary call.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, creditTransactions, handoffs, routingDecisions } from "../db/schema";
import { listRoutingDecisions, routingCountersOf } from "../src/services/routing/decisions";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { routingWorkspace, webThread } from "./helpers/routing";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "515151:routing-token";
const SUMMARY = "Cliente quer a segunda via do boleto de março.";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let w: Awaited<ReturnType<typeof routingWorkspace>>;
let bot: { connectionId: string; secret: string };
let intentRuleId = "";

const schemaOf = (b: ChatBody) => b.response_format?.json_schema?.name ?? null;
const routingCalls = () => openai.chatRequests().filter((b) => schemaOf(b) === "routing_decision");
/** The plain chat turns (no structured output) whose customer text includes `text`. */
const turnsFor = (text: string) => openai.chatRequests().filter((b) => !schemaOf(b) && lastUserText(b).includes(text));
const systemText = (b: ChatBody | undefined) => (b?.messages ?? []).filter((m) => m.role === "system").map((m) => String(m.content)).join("\n");

function routingAnswer(text: string) {
  const t = text.toLowerCase();
  if (t.includes("custa")) return { agentId: w.sales.id, confidence: 0.92, reason: "Pergunta de preço", matchedTopic: "dúvidas de preço" };
  if (t.includes("minha conta")) return { agentId: w.support.id, confidence: 0.9, reason: "Assunto de conta", matchedTopic: null };
  if (t.includes("talvez")) return { agentId: w.sales.id, confidence: 0.4, reason: "Pedido vago", matchedTopic: null };
  return { agentId: w.entry.id, confidence: 0.95, reason: "Saudação", matchedTopic: null };
}

beforeAll(async () => {
  openai = await startFakeOpenAi({
    reply: (b) => {
      const schema = schemaOf(b);
      if (schema === "routing_decision") return { content: JSON.stringify(routingAnswer(lastUserText(b))) };
      if (schema === "handoff_summary") return { content: JSON.stringify({ summary: SUMMARY }) };
      if (schema) return { content: "{}" };
      return { content: `Resposta: ${lastUserText(b)}` };
    },
  });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 515151, username: "routing_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: "0" });
  w = await routingWorkspace(app);
  await w.rule(w.entry.id, w.retention.id, 9, [{ type: "keyword", keywords: ["cancelar"], match: "any" }]);
  await w.rule(w.entry.id, w.support.id, 7, [{ type: "keyword", keywords: ["boleto", "cancelar"], match: "any" }]);
  intentRuleId = await w.rule(w.entry.id, w.sales.id, 5, [{ type: "intent", topic: "dúvidas de preço", keywords: ["orçamento"] }]);
  await w.rule(w.support.id, w.sales.id, 5, [{ type: "keyword", keywords: ["comprar"], match: "any" }]);
  await w.router("widget", { manualRules: [{ keywords: ["garantia"], agentId: w.support.id, priority: 9 }], defaultAgentId: w.support.id });
  await w.router("telegram", { lowConfidenceAction: "human" });
  bot = await connectTelegramBot(app, w.client, w.entry.id, BOT_TOKEN);
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

async function decisionsOf(conversationId: string) {
  return app.deps.db.select().from(routingDecisions).where(eq(routingDecisions.conversationId, conversationId));
}

describe("public chat", () => {
  test("a keyword rule routes to support without a routing call; the reply is the specialist's; a completed agent→agent handoff", async () => {
    const before = routingCalls().length;
    const res = await chat(app, w.entry.id, { message: "Preciso da segunda via do boleto", sessionId: "rt-rule" });
    expect(res.status).toBe(200);
    const { conv, reply } = await webThread(app, w.entry.id, "rt-rule");
    expect(reply?.senderName).toBe("Suporte Sérgio");
    expect(reply?.metadata).toMatchObject({ agentId: w.support.id });
    expect(routingCalls().length).toBe(before);
    expect(conv.activeAgentId).toBe(w.support.id);
    const [d] = await decisionsOf(conv.id);
    expect(d).toMatchObject({ method: "rule", chosenAgentId: w.support.id, fromAgentId: w.entry.id });
    expect(reply?.metadata).toMatchObject({ routingDecisionId: d?.id });
    const [h] = await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conv.id));
    expect(h).toMatchObject({ fromType: "agent", toType: "agent", fromAgentId: w.entry.id, toAgentId: w.support.id, reason: "escalation", status: "completed" });
    expect(h?.acceptedAt).toBe(h?.completedAt ?? -1);
    expect(h?.context).toMatchObject({ summary: SUMMARY, routingDecisionId: d?.id });
    // The specialist's turn got the summary as data.
    expect(systemText(turnsFor("segunda via do boleto").at(-1))).toContain(SUMMARY);
  });

  test("an inactive target is skipped: the next rule that holds routes", async () => {
    await chat(app, w.entry.id, { message: "Quero cancelar meu pedido", sessionId: "rt-inactive" });
    const { reply } = await webThread(app, w.entry.id, "rt-inactive");
    expect(reply?.metadata).toMatchObject({ agentId: w.support.id });
  });

  test("the router's manual rule wins, accent- and case-insensitive", async () => {
    await chat(app, w.entry.id, { message: "Como aciono a GARANTÍA?", sessionId: "rt-manual" });
    const { conv, reply } = await webThread(app, w.entry.id, "rt-manual");
    expect(reply?.senderName).toBe("Suporte Sérgio");
    const [d] = await decisionsOf(conv.id);
    expect(d).toMatchObject({ method: "manual_rule", chosenAgentId: w.support.id });
  });

  test("the model above the threshold: its matched topic fires the intent rule; without a topic, the model's agent", async () => {
    await chat(app, w.entry.id, { message: "Quanto custa o plano anual?", sessionId: "rt-topic" });
    const topic = await webThread(app, w.entry.id, "rt-topic");
    expect(topic.reply?.metadata).toMatchObject({ agentId: w.sales.id });
    expect(topic.reply?.senderName).toBe("Vendas Vera");
    expect((await decisionsOf(topic.conv.id))[0]).toMatchObject({ method: "rule", ruleId: intentRuleId, confidence: 0.92 });
    const call = routingCalls().find((b) => lastUserText(b).includes("Quanto custa"));
    expect(systemText(call)).toContain("dúvidas de preço");
    expect(systemText(call)).toContain("Vendas: preços, planos, orçamentos");

    await chat(app, w.entry.id, { message: "Tenho uma dúvida sobre minha conta", sessionId: "rt-model" });
    const model = await webThread(app, w.entry.id, "rt-model");
    expect(model.reply?.metadata).toMatchObject({ agentId: w.support.id });
    expect((await decisionsOf(model.conv.id))[0]).toMatchObject({ method: "model", chosenAgentId: w.support.id, confidence: 0.9, reason: "Assunto de conta" });
  });

  test("the next turn stays with the specialist: no routing call, no decision; a rule out of the specialist moves it on", async () => {
    const before = routingCalls().length;
    await chat(app, w.entry.id, { message: "E o prazo de resposta?", sessionId: "rt-model" });
    const next = await webThread(app, w.entry.id, "rt-model");
    expect(next.reply?.metadata).toMatchObject({ agentId: w.support.id });
    expect(routingCalls().length).toBe(before);
    expect(await decisionsOf(next.conv.id)).toHaveLength(1);
    await chat(app, w.entry.id, { message: "Agora quero comprar mais um", sessionId: "rt-model" });
    const moved = await webThread(app, w.entry.id, "rt-model");
    expect(moved.reply?.metadata).toMatchObject({ agentId: w.sales.id });
    expect(moved.conv.activeAgentId).toBe(w.sales.id);
    expect(routingCalls().length).toBe(before);
  });

  test("below the threshold the default agent answers (the web chat never calls a person)", async () => {
    await chat(app, w.entry.id, { message: "talvez eu queira algo", sessionId: "rt-low" });
    const { conv, reply } = await webThread(app, w.entry.id, "rt-low");
    expect(reply?.metadata).toMatchObject({ agentId: w.support.id });
    expect((await decisionsOf(conv.id))[0]).toMatchObject({ method: "default", chosenAgentId: w.support.id, confidence: 0.4 });
    const [h] = await app.deps.db.select().from(handoffs).where(eq(handoffs.conversationId, conv.id));
    expect(h?.reason).toBe("low_confidence");
  });
});

describe("Telegram", () => {
  test("the transfer carries the summary and the customer's data to the specialist", async () => {
    const c = telegramCustomer(app, tg, bot, "Joana");
    await c.say("Oi, bom dia");
    await eventually(async () => c.received().length === 1);
    await c.say("Meu boleto não chegou");
    await eventually(async () => c.received().length === 2);
    const conv = await c.conversation();
    const thread = await c.thread();
    expect(thread.filter((m) => m.senderType === "agent").map((m) => m.senderName)).toEqual(["Recepção", "Suporte Sérgio"]);
    const context = systemText(turnsFor("Meu boleto não chegou").at(-1));
    expect(context).toContain(SUMMARY);
    expect(context).toContain("Joana");
    const summaryCall = openai.chatRequests().find((b) => schemaOf(b) === "handoff_summary" && JSON.stringify(b.messages).includes("Oi, bom dia"));
    expect(summaryCall).toBeTruthy();
    const methods = (await decisionsOf(conv?.id ?? "")).map((d) => d.method).sort();
    expect(methods).toEqual(["model", "rule"]);
  }, 20_000);

  test("below the threshold with lowConfidenceAction human: a person is called, no model reply", async () => {
    const c = telegramCustomer(app, tg, bot, "Caio");
    await c.say("talvez, não sei");
    const conv = await eventually(async () => {
      const row = await c.conversation();
      return row?.handledBy === "human" ? row : null;
    });
    expect(turnsFor("talvez, não sei")).toHaveLength(0);
    const [d] = await decisionsOf(conv.id);
    expect(d).toMatchObject({ method: "human", chosenAgentId: null, confidence: 0.4 });
  }, 20_000);
});

describe("the log, counters and charges", () => {
  test("decisions page by keyset and counters add up per agent and method", async () => {
    const first = await listRoutingDecisions(app.deps.db, w.workspaceId, w.orchestrationId, { limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBeTruthy();
    const rest = await listRoutingDecisions(app.deps.db, w.workspaceId, w.orchestrationId, { limit: 100, cursor: first.nextCursor });
    const all = [...first.items, ...rest.items];
    expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort().reverse());
    const counters = await routingCountersOf(app.deps.db, w.workspaceId, w.orchestrationId);
    expect(counters.reduce((s, c) => s + c.count, 0)).toBe(all.length);
    expect(counters.find((c) => c.agentId === "" && c.method === "human")?.count).toBe(1);
    const onlyRules = await listRoutingDecisions(app.deps.db, w.workspaceId, w.orchestrationId, { limit: 100, method: "manual_rule" });
    expect(onlyRules.items.map((d) => d.method)).toEqual(["manual_rule"]);
    // Another workspace reads nothing of it.
    expect((await listRoutingDecisions(app.deps.db, crypto.randomUUID(), w.orchestrationId, { limit: 10 })).items).toHaveLength(0);
  });

  test("each routing and summary call is charged with its own action", async () => {
    const rows = await app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, w.workspaceId));
    const actions = new Set(rows.map((r) => r.action));
    expect(actions.has("routing")).toBe(true);
    expect(actions.has("handoff_summary")).toBe(true);
    const routingCharges = rows.filter((r) => r.action === "routing").length;
    expect(routingCharges).toBe(routingCalls().filter((b) => JSON.stringify(b).includes(w.entry.id)).length);
  });

  test("a switched-off specialist is skipped when the conversation is already with it", async () => {
    await app.deps.db.update(agents).set({ isActive: false }).where(and(eq(agents.id, w.sales.id)));
    // Written behind the service's back: the in-process agent cache is told, as an edit would.
    invalidateAgent(w.sales.id);
    await chat(app, w.entry.id, { message: "Oi de novo", sessionId: "rt-topic" });
    const { conv, reply } = await webThread(app, w.entry.id, "rt-topic");
    expect(reply?.metadata).toMatchObject({ agentId: w.entry.id });
    expect(conv.activeAgentId).toBeNull();
    await app.deps.db.update(agents).set({ isActive: true }).where(eq(agents.id, w.sales.id));
    invalidateAgent(w.sales.id);
  });
});
