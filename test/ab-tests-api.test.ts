/**
 * A/B tests of an agent (issue 18) through the real server and the fake LLM: validation and the
 * one-running-test rule, sticky assignment (per contact across conversations and channels, the
 * split over many subjects), the variant's prompt reaching the model, outcomes counted once,
 * results and promote, tenancy and a viewer's refusals.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { abTestAssignments, abTestResults, abTestVariants, agents, contacts, conversationContacts, conversations, messages, userActivityLogs } from "../db/schema";
import { recordAbOutcome } from "../src/services/ab-tests/outcomes";
import { variantForTurn } from "../src/services/ab-tests/variant-for-turn";
import { withTransaction } from "../src/services/context";
import { ensureDefaultPipeline, moveDealToStage, openDeal } from "../src/services/crm/pipeline-core";
import type { TurnPlace } from "../src/runtime/turn-plan";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { answerAtOnce, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { viewerOf } from "./helpers/guard-fixtures";

// The machine is shared: a starting server and 1000 assignments can take a while (no wall-time asserts).
setDefaultTimeout(120_000);

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let o: Awaited<ReturnType<typeof ownerWithAgent>>;
let other: Awaited<ReturnType<typeof ownerWithAgent>>;

const INSTRUCTION = "VARIANTE-B: sempre ofereça o cupom PRIMAVERA10.";
const systemText = (b: ChatBody) => b.messages.filter((m) => m.role === "system").map((m) => String(m.content)).join("\n");

const fields = (agentId: string, over: Record<string, unknown> = {}) => ({
  name: "Cupom na saudação",
  description: "Oferecer o cupom aumenta as vendas?",
  agentId,
  variants: [
    { name: "Controle", isControl: true, overrides: {} },
    { name: "Com cupom", overrides: { specialInstructions: INSTRUCTION } },
  ],
  trafficSplit: [50, 50],
  targets: { channels: [] },
  successMetrics: ["positive_feedback", "resolved_without_human"],
  minimumSampleSize: 100,
  significanceLevel: 0.05,
  ...over,
});

type Created = { id: string; status: string };
async function createTest(over: Record<string, unknown> = {}, agentId = o.agent.id): Promise<string> {
  const r = await o.client.trpc.abTests.create.mutate(fields(agentId, over) as never);
  if (!r.ok) throw new Error(`create failed: ${JSON.stringify(r.error)}`);
  return (r.data as Created).id;
}

const place = (conversationId: string, channel: string, contactKey: string): TurnPlace => ({
  workspaceId: o.workspaceId,
  conversationId,
  channel,
  connectionId: null,
  contactKey,
  customer: { name: null, phone: null, email: null },
});

async function insertConversation(channel: string, contactKey: string) {
  const [row] = await app.deps.db.insert(conversations).values({ workspaceId: o.workspaceId, agentId: o.agent.id, channel, contactKey }).returning({ id: conversations.id });
  if (!row) throw new Error("conversation not inserted");
  return row.id;
}

beforeAll(async () => {
  openai = await startFakeOpenAi({ reply: (b) => ({ content: b.response_format ? "{}" : `Resposta: ${lastUserText(b)}` }) });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url });
  o = await ownerWithAgent(app, {}, { name: "Vendas Vera" });
  other = await ownerWithAgent(app, {}, { name: "Outra" });
  await setWallet(app, o.workspaceId, { regular: 1_000_000 });
  await answerAtOnce(app, o.agent.id);
}, 180_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
});

describe("create and status", () => {
  test("validation: the split must sum to 100, two variants at least, a metric, a sane significance", async () => {
    const bad = async (over: Record<string, unknown>) => (await o.client.trpc.abTests.create.mutate(fields(o.agent.id, over) as never)).error?.message;
    expect(await bad({ trafficSplit: [60, 50] })).toBe("A divisão de tráfego deve somar 100%");
    expect(await bad({ variants: [{ name: "Só uma", overrides: {} }], trafficSplit: [100] })).toContain("pelo menos 2 variantes");
    expect(await bad({ successMetrics: [] })).toContain("pelo menos uma métrica");
    expect(await bad({ significanceLevel: 0.5 })).toContain("no máximo 0,2");
    // SPEC §9: no verdict before 100 per variant, so a test cannot ask for less.
    expect(await bad({ minimumSampleSize: 99 })).toContain("pelo menos 100 por variante");
  });

  test("one running test per agent, with a clear message; pause frees the slot; structure only changes in draft", async () => {
    const first = await createTest({ name: "Primeiro" });
    const second = await createTest({ name: "Segundo" });
    expect((await o.client.trpc.abTests.start.mutate({ id: first })).ok).toBe(true);
    const refused = await o.client.trpc.abTests.start.mutate({ id: second });
    expect(refused.error?.message).toContain("Este agente já tem um teste A/B em andamento");
    const change = await o.client.trpc.abTests.update.mutate({ id: first, test: fields(o.agent.id, { trafficSplit: [30, 70] }) } as never);
    expect(change.error?.message).toBe("Só é possível mudar as variantes, a divisão e as métricas de um teste em rascunho.");
    expect((await o.client.trpc.abTests.pause.mutate({ id: first })).ok).toBe(true);
    expect((await o.client.trpc.abTests.start.mutate({ id: second })).ok).toBe(true);
    expect((await o.client.trpc.abTests.resume.mutate({ id: first })).error?.message).toContain("já tem um teste A/B em andamento");
    // Clean up: neither stays running for the next tests.
    await o.client.trpc.abTests.complete.mutate({ id: second });
    await o.client.trpc.abTests.delete.mutate({ id: first });
    const list = await o.client.trpc.abTests.list.query({ status: "completed", page: 1, pageSize: 20 });
    expect((list.data as { items: { id: string }[] }).items.map((i) => i.id)).toContain(second);
    const logs = await app.deps.db.select({ action: userActivityLogs.action }).from(userActivityLogs).where(eq(userActivityLogs.resourceId, first));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["ab_test.create", "ab_test.start", "ab_test.pause", "ab_test.delete"]));
  });

  test("tenancy and permissions: another workspace's agent or test is refused, a viewer cannot write", async () => {
    const foreignAgent = await o.client.trpc.abTests.create.mutate(fields(other.agent.id) as never);
    expect(foreignAgent.error?.httpStatus).toBe(404);
    const id = await createTest({ name: "Privado" });
    expect((await other.client.trpc.abTests.get.query({ id })).error?.httpStatus).toBe(404);
    expect((await other.client.trpc.abTests.start.mutate({ id })).error?.httpStatus).toBe(404);
    const viewer = await viewerOf(app, { client: o.client, userId: String(o.user.id) });
    expect((await viewer.client.trpc.abTests.get.query({ id })).ok).toBe(true);
    expect((await viewer.client.trpc.abTests.start.mutate({ id })).error?.httpStatus).toBe(403);
    expect((await viewer.client.trpc.abTests.create.mutate(fields(o.agent.id) as never)).error?.httpStatus).toBe(403);
    await o.client.trpc.abTests.delete.mutate({ id });
  });
});

describe("assignment and the turn", () => {
  let testId = "";
  beforeAll(async () => {
    testId = await createTest({ name: "Em andamento" });
    await o.client.trpc.abTests.start.mutate({ id: testId });
  });
  afterAll(async () => {
    await o.client.trpc.abTests.complete.mutate({ id: testId });
  });

  test("sticky per contact: the same variant in a second conversation on another channel once linked to one contact", async () => {
    const [contact] = await app.deps.db.insert(contacts).values({ workspaceId: o.workspaceId, name: "Clara" }).returning({ id: contacts.id });
    const contactId = contact?.id ?? "";
    const seen = new Set<string>();
    for (const [channel, key] of [["web", "sessao-clara"], ["telegram", "998877"], ["whatsapp_cloud", "5511999990000"]] as const) {
      const conversationId = await insertConversation(channel, key);
      await app.deps.db.insert(conversationContacts).values({ conversationId, workspaceId: o.workspaceId, contactId });
      const v = await variantForTurn(app.deps, { agent: o.agent as never, place: place(conversationId, channel, key) });
      seen.add(v?.variantId ?? "none");
    }
    expect(seen.size).toBe(1);
    const rows = await app.deps.db.select().from(abTestAssignments).where(and(eq(abTestAssignments.testId, testId), eq(abTestAssignments.subjectKey, contactId)));
    expect(rows).toHaveLength(1);
  });

  test("a conversation linked to a contact after its first turn keeps its variant (the assignment is re-keyed)", async () => {
    const conversationId = await insertConversation("web", "sessao-tarde");
    const before = await variantForTurn(app.deps, { agent: o.agent as never, place: place(conversationId, "web", "sessao-tarde") });
    const [contact] = await app.deps.db.insert(contacts).values({ workspaceId: o.workspaceId, name: "Tarde" }).returning({ id: contacts.id });
    await app.deps.db.insert(conversationContacts).values({ conversationId, workspaceId: o.workspaceId, contactId: contact?.id ?? "" });
    const after = await variantForTurn(app.deps, { agent: o.agent as never, place: place(conversationId, "web", "sessao-tarde") });
    expect(after?.variantId).toBe(before?.variantId ?? "x");
    const rows = await app.deps.db.select().from(abTestAssignments).where(eq(abTestAssignments.firstConversationId, conversationId));
    expect(rows.map((r) => r.subjectKey)).toEqual([contact?.id ?? ""]);
  });

  test("the 50/50 split over 1000 subjects lands within 40–60 %, the same subject twice gets the same variant", async () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const v = await variantForTurn(app.deps, { agent: o.agent as never, place: place(crypto.randomUUID(), "web", `lote-${i}`) });
      counts.set(v?.variantId ?? "none", (counts.get(v?.variantId ?? "none") ?? 0) + 1);
    }
    expect(counts.size).toBe(2);
    for (const n of counts.values()) {
      expect(n).toBeGreaterThanOrEqual(400);
      expect(n).toBeLessThanOrEqual(600);
    }
    const again = await variantForTurn(app.deps, { agent: o.agent as never, place: place(crypto.randomUUID(), "web", "lote-7") });
    const first = await app.deps.db.select().from(abTestAssignments).where(and(eq(abTestAssignments.testId, testId), eq(abTestAssignments.subjectKey, "web:lote-7")));
    expect(again?.variantId).toBe(first[0]?.variantId ?? "x");
  });

  test("the variant's instructions reach the model; the reply records the test and variant", async () => {
    const variants = await app.deps.db.select().from(abTestVariants).where(eq(abTestVariants.testId, testId)).orderBy(asc(abTestVariants.position));
    const treated = variants[1]?.id ?? "";
    // Find sessions on each side without chatting: the assignment is what variantForTurn decides.
    const bySide: Record<string, string> = {};
    for (let i = 0; Object.keys(bySide).length < 2 && i < 100; i++) {
      const s = `prompt-${i}`;
      const v = await variantForTurn(app.deps, { agent: o.agent as never, place: place(crypto.randomUUID(), "web", s) });
      if (v) bySide[v.variantId === treated ? "treated" : "control"] ??= s;
    }
    for (const side of ["treated", "control"] as const) {
      const session = bySide[side] ?? "";
      const res = await chat(app, o.agent.id, { message: `Oi, aqui é ${side}`, sessionId: session });
      expect(res.status).toBe(200);
      const call = openai.chatRequests().find((b) => !b.response_format && lastUserText(b).includes(`aqui é ${side}`));
      expect(call).toBeDefined();
      expect(systemText(call as ChatBody).includes(INSTRUCTION)).toBe(side === "treated");
      const [conv] = await app.deps.db.select().from(conversations).where(and(eq(conversations.agentId, o.agent.id), eq(conversations.contactKey, session)));
      const reply = (await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv?.id ?? ""))).find((m) => m.senderType === "agent");
      expect(reply?.metadata).toMatchObject({ abTestId: testId, abVariantId: side === "treated" ? treated : variants[0]?.id });
    }
  });

  test("outcomes count once per assignment and metric; a metric the test does not follow is ignored", async () => {
    await chat(app, o.agent.id, { message: "Gostei muito", sessionId: "resultado-1" });
    const [conv] = await app.deps.db.select().from(conversations).where(and(eq(conversations.agentId, o.agent.id), eq(conversations.contactKey, "resultado-1")));
    const conversationId = conv?.id ?? "";
    const like = () =>
      fetch(`${app.base}/api/v1/agents/${o.agent.id}/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.7" },
        body: JSON.stringify({ sessionId: "resultado-1", feedbackType: "like", agentResponse: "Resposta: Gostei muito", userMessage: "Gostei muito" }),
      });
    expect((await like()).status).toBeLessThan(300);
    expect((await like()).status).toBeLessThan(300);
    expect(await recordAbOutcome(app.deps, { workspaceId: o.workspaceId, conversationId, metric: "deal_won" })).toBe(0);
    const resolved = await o.client.trpc.conversations.resolve.mutate({ id: conversationId } as never);
    expect(resolved.ok).toBe(true);
    expect(await recordAbOutcome(app.deps, { workspaceId: o.workspaceId, conversationId, metric: "resolved_without_human" })).toBe(0);
    const rows = await app.deps.db.select({ metric: abTestResults.metric }).from(abTestResults).where(eq(abTestResults.conversationId, conversationId));
    expect(rows.map((r) => r.metric).sort()).toEqual(["positive_feedback", "resolved_without_human"]);
    // Another workspace's call names nothing of this one.
    expect(await recordAbOutcome(app.deps, { workspaceId: other.workspaceId, conversationId, metric: "positive_feedback" })).toBe(0);
  });
});

describe("deal outcomes", () => {
  test("a deal created for the assigned contact counts deal_created; moving it to a won stage counts deal_won, once", async () => {
    const id = await createTest({ name: "Negócios", successMetrics: ["deal_won", "deal_created"] });
    await o.client.trpc.abTests.start.mutate({ id });
    const [contact] = await app.deps.db.insert(contacts).values({ workspaceId: o.workspaceId, name: "Negócio Nina" }).returning({ id: contacts.id });
    const contactId = contact?.id ?? "";
    const conversationId = await insertConversation("telegram", "nina-1");
    await app.deps.db.insert(conversationContacts).values({ conversationId, workspaceId: o.workspaceId, contactId });
    const v = await variantForTurn(app.deps, { agent: o.agent as never, place: place(conversationId, "telegram", "nina-1") });
    const actor = { type: "user" as const, userId: String(o.user.id) };
    const { deal, won } = await withTransaction(app.deps.db, async (tx) => {
      const { stages } = await ensureDefaultPipeline(tx, o.workspaceId);
      // A deal of the contact alone (no conversation): found by the contact's assignment.
      const deal = await openDeal(tx, { workspaceId: o.workspaceId, title: "Plano anual", contactId, actor });
      return { deal, won: stages.find((s) => s.isWon)?.id ?? "" };
    });
    for (let i = 0; i < 2; i++) {
      await withTransaction(app.deps.db, (tx) => moveDealToStage(tx, o.workspaceId, { dealId: deal.id, targetStageId: won }, actor));
    }
    const rows = await app.deps.db.select().from(abTestResults).where(eq(abTestResults.testId, id));
    expect(rows.map((r) => r.metric).sort()).toEqual(["deal_created", "deal_won"]);
    expect(rows.every((r) => r.variantId === v?.variantId)).toBe(true);
    await o.client.trpc.abTests.complete.mutate({ id });
  });
});

describe("results and promote", () => {
  /** Seeds a running test with n contacts per variant and the given conversions (the known data set). */
  async function seeded(conversions: [number, number], n = 1000) {
    const id = await createTest({ name: `Semeado ${conversions.join("x")}-${n}` });
    await o.client.trpc.abTests.start.mutate({ id });
    const vs = await app.deps.db.select().from(abTestVariants).where(eq(abTestVariants.testId, id)).orderBy(asc(abTestVariants.position));
    for (const [i, v] of vs.entries()) {
      const rows = Array.from({ length: n }, (_, k) => ({ testId: id, variantId: v.id, workspaceId: o.workspaceId, subjectKey: `seed:${i}:${k}` }));
      const inserted = await app.deps.db.insert(abTestAssignments).values(rows).returning({ id: abTestAssignments.id });
      const wins = inserted.slice(0, conversions[i]).map((a) => ({ testId: id, variantId: v.id, assignmentId: a.id, workspaceId: o.workspaceId, metric: "positive_feedback" }));
      if (wins.length) await app.deps.db.insert(abTestResults).values(wins);
    }
    return { id, control: vs[0]?.id ?? "", treated: vs[1]?.id ?? "" };
  }

  type Results = { recommendation: string; winnerVariantId: string | null; enoughData: boolean; variants: { sample: number; conversions: number; pValue: number | null; verdict: string }[] };

  test("120/1000 vs 160/1000 → the treated variant wins (p ≈ 0.0099); promote applies its instructions and completes", async () => {
    const s = await seeded([120, 160]);
    const r = (await o.client.trpc.abTests.results.query({ id: s.id })).data as Results;
    expect(r.recommendation).toBe("winner");
    expect(r.winnerVariantId).toBe(s.treated);
    expect(r.variants.map((v) => [v.sample, v.conversions, v.verdict])).toEqual([[1000, 120, "loser"], [1000, 160, "winner"]]);
    expect(Math.abs((r.variants[1]?.pValue ?? 1) - 0.0099461)).toBeLessThan(1e-5);
    const [before] = await app.deps.db.select().from(agents).where(eq(agents.id, o.agent.id));
    const promoted = await o.client.trpc.abTests.promote.mutate({ id: s.id, force: false });
    expect(promoted.ok).toBe(true);
    const [after] = await app.deps.db.select().from(agents).where(eq(agents.id, o.agent.id));
    expect(after?.specialInstructions).toBe(INSTRUCTION);
    expect(after?.configHash).not.toBe(before?.configHash ?? "");
    const got = (await o.client.trpc.abTests.get.query({ id: s.id })).data as { status: string; winnerVariantId: string };
    expect(got).toMatchObject({ status: "completed", winnerVariantId: s.treated });
    const logs = await app.deps.db.select({ action: userActivityLogs.action }).from(userActivityLogs).where(eq(userActivityLogs.agentId, o.agent.id));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["agent.update", "ab_test.promote", "ab_test.complete"]));
    // Restore the agent for the other tests.
    await app.deps.db.update(agents).set({ specialInstructions: before?.specialInstructions ?? null }).where(eq(agents.id, o.agent.id));
  });

  test("under 100 per variant: no verdict even at 5 vs 90 conversions; promote refused without force", async () => {
    const s = await seeded([5, 90], 99);
    const r = (await o.client.trpc.abTests.results.query({ id: s.id })).data as Results;
    expect(r.enoughData).toBe(false);
    expect(r.recommendation).toBe("inconclusive");
    const refused = await o.client.trpc.abTests.promote.mutate({ id: s.id, force: false });
    expect(refused.error?.message).toContain("Ainda não há uma variante vencedora");
    const saved = await o.client.trpc.abTests.saveAnalysis.mutate({ id: s.id });
    expect((saved.data as { recommendation: string }).recommendation).toBe("inconclusive");
    const again = (await o.client.trpc.abTests.results.query({ id: s.id })).data as { history: unknown[] };
    expect(again.history).toHaveLength(1);
    await o.client.trpc.abTests.complete.mutate({ id: s.id });
  });
});
