/**
 * Contact memory and conversation summaries online (issue 18): facts extracted by the model
 * (schema "contact_memory", charged as "memory"), recalled in a second conversation of the same
 * contact on another channel, summaries on resolve and on idle, written once per set of messages,
 * and nothing at all with the agent's memory switch off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, conversations, creditTransactions, memoryExtractions } from "../db/schema";
import { recallForTurn } from "../src/services/memory/recall";
import { CONVERSATION_SUMMARY_JOB, runConversationSummaryJob } from "../src/services/memory/summary-job";
import { TURN_INSIGHTS_JOB } from "../src/services/insights/after-turn";
import { type ChatBody, lastUserText } from "./fakes/openai";
import { type MemoryWorld, startMemoryWorld } from "./helpers/memory";
import { eventually } from "./helpers/training";

let w: MemoryWorld;
const SUMMARY = "O cliente perguntou sobre o frete e recebeu o prazo de entrega. Nada ficou pendente.";
const schemaOf = (b: ChatBody) => b.response_format?.json_schema?.name ?? null;

beforeAll(async () => {
  w = await startMemoryWorld({ online: true });
  const openai = w.openai;
  if (!openai) throw new Error("online world without the fake LLM");
  openai.settings.reply = (b) => {
    const schema = schemaOf(b);
    if (schema === "contact_memory")
      return {
        content: JSON.stringify({
          facts: lastUserText(b).includes("cachorros")
            ? [
                { fact: "tem dois cachorros", category: "familia", confidence: 0.95 },
                { fact: "prefere entrega à tarde", category: "preferencia", confidence: 0.9 },
              ]
            : [],
        }),
      };
    if (schema === "conversation_summary") return { content: JSON.stringify({ summary: SUMMARY }) };
    if (schema) return { content: "{}" };
    return { content: "Recebido, já vou ver isso para você." };
  };
}, 30_000);
afterAll(() => w.stop());

const chatRequests = () => (w.openai?.requests ?? []).filter((r) => r.path.endsWith("/chat/completions")).map((r) => r.body as ChatBody);
const settledInsights = (conversationId: string) => eventually(async () => (await w.jobsOf(TURN_INSIGHTS_JOB, conversationId)).find((j) => j.status === "completed"));

let firstConversationId = "";
let contactId = "";

describe("memory online", () => {
  test("the model's durable facts are stored on the contact, once each, and charged as memory", async () => {
    const c = w.telegram("Marta");
    await c.say("Oi! Tenho dois cachorros e prefiro entrega à tarde.");
    const conv = await eventually(c.conversation);
    firstConversationId = conv.id;
    contactId = await w.contactOf(conv.id);
    const mems = await eventually(async () => ((await w.memoriesOf(contactId)).length >= 2 ? w.memoriesOf(contactId) : null));
    expect(mems.map((m) => m.fact).sort()).toEqual(["prefere entrega à tarde", "tem dois cachorros"]);
    expect(mems.every((m) => m.source === "extracted" && m.workspaceId === w.owner.workspaceId && m.sourceConversationId === conv.id)).toBe(true);
    const extractions = await w.app.deps.db.select().from(memoryExtractions).where(eq(memoryExtractions.conversationId, conv.id));
    expect(extractions).toHaveLength(1);
    expect(extractions[0]).toMatchObject({ source: "model", factsFound: 2, contactId });
    const charges = await w.app.deps.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.conversationId, conv.id), eq(creditTransactions.action, "memory")));
    expect(charges).toHaveLength(1);
    expect(charges[0]?.creditsConsumed).toBeGreaterThan(0);
    expect(chatRequests().filter((b) => schemaOf(b) === "contact_memory")).toHaveLength(1);
  });

  test("resolving the conversation writes its summary (model, linked to the contact) once", async () => {
    const res = await w.owner.client.trpc.conversations.resolve.mutate({ id: firstConversationId });
    expect(res.ok).toBe(true);
    const [summary] = await eventually(async () => ((await w.summariesOf(firstConversationId)).length ? w.summariesOf(firstConversationId) : null));
    expect(summary).toMatchObject({ summary: SUMMARY, reason: "resolved", source: "model", contactId });
    // Asked again for the same messages: nothing new is written, nothing more is charged.
    const again = await w.owner.client.trpc.memory.summarize.mutate({ conversationId: firstConversationId });
    expect(again.ok && again.data.written).toBe(false);
    expect(await w.summariesOf(firstConversationId)).toHaveLength(1);
    const charges = await w.app.deps.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.conversationId, firstConversationId), eq(creditTransactions.action, "summary")));
    expect(charges).toHaveLength(1);
  });

  test("memory is recalled in a second conversation on another channel (Telegram, then WhatsApp)", async () => {
    // A person saves the customer's phone on the contact: the WhatsApp conversation matches it.
    const saved = await w.owner.client.trpc.contacts.update.mutate({ id: contactId, patch: { phone: "+55 31 97700-1234" } });
    expect(saved.ok).toBe(true);
    const before = chatRequests().length;
    await w.uazSay("5531977001234", "Oi, vocês entregam no sábado?", "Marta");
    const conv2 = await w.uazConversation("5531977001234");
    expect(conv2.channel).not.toBe("telegram");
    expect(await w.contactOf(conv2.id)).toBe(contactId);
    const turn = await eventually(async () => chatRequests().slice(before).find((b) => !schemaOf(b) && lastUserText(b).includes("sábado")));
    const context = turn.messages.filter((m) => m.role === "system").map((m) => String(m.content));
    const memory = context.find((s) => s.includes("O que já sabemos deste cliente"));
    expect(memory).toContain("tem dois cachorros");
    expect(memory).toContain("prefere entrega à tarde");
    expect(memory).toContain("Resumo do último atendimento (Telegram,");
    expect(memory).toContain(SUMMARY);
  });

  test("idle: the summary job waits for 30 quiet minutes, does nothing after a newer message, and writes once", async () => {
    const c = w.telegram("Joana");
    await c.say("Qual o prazo do frete para Curitiba?");
    const conv = await eventually(c.conversation);
    await settledInsights(conv.id);
    const [job] = await w.jobsOf(CONVERSATION_SUMMARY_JOB, conv.id);
    if (!job) throw new Error("no idle summary job");
    expect(job.status).toBe("pending");
    expect(job.data).toMatchObject({ reason: "idle", conversationId: conv.id });
    const later = (minutes: number) => ({ ...w.app.deps, now: () => Date.now() + minutes * 60_000 });
    expect(await runConversationSummaryJob(later(0), job)).toEqual({ skipped: "not idle yet" });
    expect(await runConversationSummaryJob(later(31), job)).toMatchObject({ kind: "written" });
    expect(await runConversationSummaryJob(later(31), job)).toMatchObject({ kind: "unchanged" });
    const [idle] = await w.summariesOf(conv.id);
    expect(idle).toMatchObject({ reason: "idle", summary: SUMMARY });

    // The customer writes again: the pending job moves to the new message; the old one's data does nothing.
    await c.say("E para Londrina?");
    await eventually(async () => ((await w.jobsOf(TURN_INSIGHTS_JOB, conv.id)).filter((j) => j.status === "completed").length >= 2 ? true : null));
    const [moved] = await w.jobsOf(CONVERSATION_SUMMARY_JOB, conv.id);
    if (!moved) throw new Error("the idle job is gone");
    expect(moved.id).toBe(job.id);
    expect((moved.data as { lastCustomerMessageId: string }).lastCustomerMessageId).not.toBe((job.data as { lastCustomerMessageId: string }).lastCustomerMessageId);
    expect(moved.runAfter).toBeGreaterThan(job.runAfter);
    expect(await runConversationSummaryJob(later(31), job)).toEqual({ skipped: "newer message" });
    expect(await w.summariesOf(conv.id)).toHaveLength(1);
  });

  test("the memory switch off: nothing extracted nor recalled", async () => {
    const [agent] = await w.app.deps.db.select().from(agents).where(eq(agents.id, w.owner.agent.id));
    if (!agent) throw new Error("agent gone");
    // Sentiment stays on, so the after-turn job runs: the memory part must skip itself.
    await w.app.deps.db.update(agents).set({ aiFeatures: { sentiment: true, memory: false, summaries: false } }).where(eq(agents.id, agent.id));
    try {
      const c = w.telegram("Paulo");
      await c.say("Tenho dois cachorros e moro em Campinas.");
      const conv = await eventually(c.conversation);
      const contact = await w.contactOf(conv.id);
      await settledInsights(conv.id);
      expect(await w.memoriesOf(contact)).toEqual([]);
      expect(await w.app.deps.db.select().from(memoryExtractions).where(eq(memoryExtractions.conversationId, conv.id))).toEqual([]);
      expect(await w.jobsOf(CONVERSATION_SUMMARY_JOB, conv.id)).toEqual([]);
      const [second] = await w.app.deps.db.select().from(conversations).where(eq(conversations.id, firstConversationId));
      if (!second) throw new Error("conversation gone");
      const place = { workspaceId: w.owner.workspaceId, conversationId: second.id, channel: second.channel, connectionId: second.connectionId, contactKey: second.contactKey, customer: { name: null, phone: null, email: null } };
      const off = { ...agent, aiFeatures: { memory: false } };
      expect(await recallForTurn(w.app.deps, { agent: off, place })).toBeNull();
      expect(await recallForTurn(w.app.deps, { agent, place })).toContain("tem dois cachorros");
    } finally {
      await w.app.deps.db.update(agents).set({ aiFeatures: agent.aiFeatures }).where(eq(agents.id, agent.id));
    }
  });
});
