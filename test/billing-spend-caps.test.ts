/**
 * Issue 15, spend caps: a monthly credit cap for the workspace, an agent, or each end customer,
 * taken with the model call's reservation (a conditional write, in its transaction). The price
 * table makes a call cost exactly its reservation (see credits-reservation.test.ts), so "the cap
 * fits K calls" is exact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { modelPricing, spendCounters, userActivityLogs } from "../db/schema";
import { SPEND_CAP_MESSAGE } from "../src/schemas/billing/spend-caps";
import { NO_CREDITS_MESSAGE } from "../src/runtime/turn";
import { invalidatePricing } from "../src/services/credit-debit";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ledger, ownerWithAgent, setWallet, visitorIp } from "./helpers/agents";
import { outbox } from "./helpers/factories";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let cost = 0;

const maxTokensOf = (b: ChatBody | undefined) => (b as (ChatBody & { max_tokens?: number }) | undefined)?.max_tokens;
const echo = (b: ChatBody) => ({ content: `Eco: ${lastUserText(b)}`, usage: { prompt_tokens: 40, completion_tokens: maxTokensOf(b) ?? 1000 } });
/** History turns the semantic cache off: every message is a model call. */
const HISTORY: { role: "user" | "assistant"; content: string }[] = [
  { role: "user", content: "Oi" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];

/** A cap in whole credits that fits exactly `calls` calls (and not one more). */
const capFor = (calls: number) => Math.ceil((calls * cost) / 1000);
const fits = (capCredits: number) => Math.floor((capCredits * 1000) / cost);

async function ownerWithCredits() {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 1_000_000 });
  return o;
}

async function setCap(o: Awaited<ReturnType<typeof ownerWithAgent>>, cap: Record<string, unknown>) {
  const res = await o.client.mutate("billingUsage.caps.save", cap);
  expect(res.error).toBeNull();
}

const ask = (o: Awaited<ReturnType<typeof ownerWithAgent>>, i: number, ip = visitorIp()) =>
  chat(app, o.agent.id, { message: `pergunta ${i}`, chatHistory: HISTORY, sessionId: `s-${i}-${Math.random()}` }, { ip });

beforeAll(async () => {
  fake = await startFakeOpenAi({ reply: echo });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  await app.deps.db.update(modelPricing).set({ inputPricePer1k: 0, outputPricePer1k: 0.007, creditsPerInteraction: 1 }).where(eq(modelPricing.modelId, "gpt-4o-mini"));
  invalidatePricing();
  const probe = await ownerWithCredits();
  await ask(probe, 0);
  cost = (maxTokensOf(fake.chatRequests().at(-1)) ?? 1000) * 7;
}, 60_000);
afterAll(async () => {
  await app.stop();
  fake.stop();
});

describe("spend caps", () => {
  test("no cap: answers as before and no counter is written", async () => {
    const o = await ownerWithCredits();
    for (let i = 0; i < 3; i++) expect((await ask(o, i)).body.response).toStartWith("Eco:");
    const counters = await app.deps.db.select().from(spendCounters).where(eq(spendCounters.workspaceId, o.workspaceId));
    expect(counters).toEqual([]);
  });

  test("workspace cap: the call past it gets the cap message; the owner is alerted once (activity + email)", async () => {
    const o = await ownerWithCredits();
    const cap = capFor(2);
    await setCap(o, { scope: "workspace", monthlyCredits: cap });
    const replies = [];
    for (let i = 0; i < fits(cap) + 2; i++) replies.push((await ask(o, i)).body.response);
    expect(replies.filter((r) => r?.startsWith("Eco:")).length).toBe(fits(cap));
    expect(replies.slice(fits(cap))).toEqual([SPEND_CAP_MESSAGE, SPEND_CAP_MESSAGE]);
    expect(replies).not.toContain(NO_CREDITS_MESSAGE);
    const charged = (await ledger(app, o.workspaceId)).reduce((s, t) => s + t.creditsConsumed, 0);
    expect(charged).toBeLessThanOrEqual(cap * 1000);
    const mails = (await outbox(app, o.email)).filter((m) => m.template === "spend-cap-reached");
    expect(mails.length).toBe(1);
    expect(mails[0]?.subject).toBe("Limite de uso atingido");
    const alerts = await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.workspaceId, o.workspaceId));
    expect(alerts.filter((a) => a.action === "billing.spend_cap_reached").length).toBe(1);
    const listed = await o.client.query<{ caps: { scope: string; usedCredits: number | null }[] }>("billingUsage.caps.list");
    expect(listed.data.caps[0]?.usedCredits).toBe(charged / 1000);
  });

  test("agent cap: stops that agent; raising the cap lets it answer again", async () => {
    const o = await ownerWithCredits();
    const cap = capFor(1);
    await setCap(o, { scope: "agent", agentId: o.agent.id, monthlyCredits: cap });
    expect((await ask(o, 1)).body.response).toStartWith("Eco:");
    expect((await ask(o, 2)).body.response).toBe(SPEND_CAP_MESSAGE);
    await setCap(o, { scope: "agent", agentId: o.agent.id, monthlyCredits: capFor(3) });
    expect((await ask(o, 3)).body.response).toStartWith("Eco:");
  });

  test("an agent of another workspace cannot be capped", async () => {
    const o = await ownerWithCredits();
    const other = await ownerWithCredits();
    const res = await o.client.mutate("billingUsage.caps.save", { scope: "agent", agentId: other.agent.id, monthlyCredits: 10 });
    expect(res.error?.httpStatus).toBe(404);
  });

  test("per-customer cap: one visitor hits theirs while another still gets answers", async () => {
    const o = await ownerWithCredits();
    const cap = capFor(2);
    await setCap(o, { scope: "customer", monthlyCredits: cap });
    const abusive = visitorIp();
    const theirs = [];
    // A new session id on every message does not escape the cap: the key is the visitor's address.
    for (let i = 0; i < fits(cap) + 3; i++) theirs.push((await ask(o, i, abusive)).body.response);
    expect(theirs.filter((r) => r?.startsWith("Eco:")).length).toBe(fits(cap));
    expect(theirs.at(-1)).toBe(SPEND_CAP_MESSAGE);
    expect((await ask(o, 99, visitorIp())).body.response).toStartWith("Eco:");
    const mails = (await outbox(app, o.email)).filter((m) => m.template === "spend-cap-reached");
    expect(mails.length).toBe(1);
  });

  test("20 concurrent turns never exceed the cap: exactly the calls that fit are answered", async () => {
    const o = await ownerWithCredits();
    const cap = capFor(5);
    await setCap(o, { scope: "workspace", monthlyCredits: cap });
    const out = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(o, i)));
    const answered = out.filter((r) => r.body.response?.startsWith("Eco:")).length;
    expect(answered).toBe(fits(cap));
    expect(out.filter((r) => r.body.response === SPEND_CAP_MESSAGE).length).toBe(20 - fits(cap));
    const charged = (await ledger(app, o.workspaceId)).reduce((s, t) => s + t.creditsConsumed, 0);
    expect(charged).toBe(fits(cap) * cost);
    expect(charged).toBeLessThanOrEqual(cap * 1000);
    const [counter] = await app.deps.db.select().from(spendCounters).where(eq(spendCounters.workspaceId, o.workspaceId));
    expect(counter?.used).toBe(charged);
  });

  test("deleting the cap lifts it", async () => {
    const o = await ownerWithCredits();
    await setCap(o, { scope: "workspace", monthlyCredits: capFor(1) });
    await ask(o, 1);
    expect((await ask(o, 2)).body.response).toBe(SPEND_CAP_MESSAGE);
    const listed = await o.client.query<{ caps: { id: string }[] }>("billingUsage.caps.list");
    const id = listed.data.caps[0]?.id;
    expect((await o.client.mutate("billingUsage.caps.delete", { id })).error).toBeNull();
    expect((await ask(o, 3)).body.response).toStartWith("Eco:");
  });
});
