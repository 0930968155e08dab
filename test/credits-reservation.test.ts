/**
 * Issue 11, defect 4: "model answers go unpaid under concurrency". Every model call first reserves
 * an upper bound of its price (max_tokens priced with the model's price table) in the database; a
 * call that does not fit is never made and the visitor gets the no-credits message; afterwards the
 * real cost is charged in full and the rest of the hold released, also when the call fails.
 *
 * The price table is set so a call costs exactly its reservation (prompt tokens free, the fake
 * reports completion_tokens = the request's max_tokens): "the balance fits K calls" is then exact,
 * whatever order the calls settle in.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agents, modelPricing } from "../db/schema";
import { DEFAULT_ERROR_MESSAGE, NO_CREDITS_MESSAGE, runTurn } from "../src/runtime/turn";
import { invalidatePricing } from "../src/services/credit-debit";
import { HOLD_LEASE_MS, reserveCredits } from "../src/services/credit-reservation";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, chatSse, ledger, ownerWithAgent, setWallet, walletRow } from "./helpers/agents";
import { eventually } from "./helpers/training";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
/** max_tokens the runtime sends (the old runtime sent none: the fake then bills 1000). */
let maxTokens = 0;
/** Milli-credits of one call that uses its whole max_tokens: 0.007 USD per 1k output tokens × 1000 credits/USD. */
let cost = 0;

const maxTokensOf = (b: ChatBody | undefined) => (b as (ChatBody & { max_tokens?: number }) | undefined)?.max_tokens;
/** The model uses its whole allowance: the worst case the reservation must cover. */
const billed = (b: ChatBody) => ({ prompt_tokens: 40, completion_tokens: maxTokensOf(b) ?? 1000 });
const echo = (b: ChatBody) => ({ content: `Eco: ${lastUserText(b)}`, usage: billed(b) });
/** History turns the semantic cache off (it only serves first questions): every message is a model call. */
const HISTORY: { role: "user" | "assistant"; content: string }[] = [
  { role: "user", content: "Oi" },
  { role: "assistant", content: "Olá! Como posso ajudar?" },
];
const pricedMilli = (usage: { prompt_tokens: number; completion_tokens: number }) => usage.completion_tokens * 7;

async function holds(workspaceId: string) {
  const w = await app.deps.db.$client.execute({ sql: "SELECT held_credits FROM user_credits WHERE workspace_id = ?", args: [workspaceId] });
  const r = await app.deps.db.$client.execute({ sql: "SELECT count(*) AS n FROM credit_reservations WHERE workspace_id = ?", args: [workspaceId] });
  return { held: Number(w.rows[0]?.held_credits), reservations: Number(r.rows[0]?.n) };
}

beforeAll(async () => {
  fake = await startFakeOpenAi({ reply: echo });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  await app.deps.db
    .update(modelPricing)
    .set({ inputPricePer1k: 0, outputPricePer1k: 0.007, creditsPerInteraction: 1 })
    .where(eq(modelPricing.modelId, "gpt-4o-mini"));
  invalidatePricing();
  const probe = await ownerWithAgent(app);
  await chat(app, probe.agent.id, { message: "sonda", chatHistory: HISTORY });
  maxTokens = maxTokensOf(fake.chatRequests().at(-1)) ?? 1000;
  cost = maxTokens * 7;
}, 30_000);
afterAll(async () => {
  await app.stop();
  fake.stop();
});

describe("[credits-reservation] public chat under concurrency", () => {
  test("24 concurrent messages, credits for 5 calls: exactly 5 reach the model, each charged in full, 19 get the no-credits message", async () => {
    const N = 24;
    const K = 5;
    const o = await ownerWithAgent(app);
    const balance = K * cost + cost / 2;
    await setWallet(app, o.workspaceId, { regular: balance / 1000 });
    const tag = `rajada-${o.workspaceId}`;
    // A slow model: every message is in flight at once, as in the burst.
    fake.settings.latencyMs = 800;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => chat(app, o.agent.id, { message: `${tag} pergunta ${i}`, chatHistory: HISTORY, sessionId: `${tag}-${i}` })),
    ).finally(() => {
      fake.settings.latencyMs = 0;
    });
    const calls = fake.answeredChats().filter((r) => lastUserText(r.body as ChatBody).includes(tag));
    expect(calls).toHaveLength(K);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.response?.startsWith("Eco: "))).toHaveLength(K);
    expect(results.filter((r) => r.body.response === NO_CREDITS_MESSAGE)).toHaveLength(N - K);

    // max_tokens on every call bounds what a call can cost
    expect(Number.isInteger(maxTokens) && maxTokens > 0).toBe(true);
    expect(calls.every((r) => maxTokensOf(r.body as ChatBody) === maxTokens)).toBe(true);

    // every call charged in full: the ledger is exactly the priced usage the fake reported
    const rows = await ledger(app, o.workspaceId);
    expect(rows).toHaveLength(K);
    const priced = calls.map((r) => pricedMilli(r.usage ?? { prompt_tokens: 0, completion_tokens: 0 }));
    expect(rows.map((r) => r.creditsConsumed).sort()).toEqual(priced.sort());
    expect(rows.reduce((s, r) => s + r.creditsConsumed, 0)).toBe(K * cost);
    const w = await walletRow(app, o.workspaceId);
    expect(w.remainingCredits).toBe(balance - K * cost);
    expect(w.remainingCredits).toBeGreaterThanOrEqual(0);
    expect(await holds(o.workspaceId)).toEqual({ held: 0, reservations: 0 });
  }, 30_000);

  test("a balance below one reservation is refused before the model (plain and streamed), and nothing is charged", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: cost / 2 / 1000 });
    const before = fake.chatRequests().length;
    const plain = await chat(app, o.agent.id, { message: "Quanto custa?", chatHistory: HISTORY });
    expect(plain.body.response).toBe(NO_CREDITS_MESSAGE);
    const sse = await chatSse(app, o.agent.id, { message: "Quanto custa?", chatHistory: HISTORY });
    expect(sse.events.at(-1)?.data.response).toBe(NO_CREDITS_MESSAGE);
    expect(fake.chatRequests()).toHaveLength(before);
    expect(await ledger(app, o.workspaceId)).toEqual([]);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(cost / 2);
  });
});

describe("[credits-reservation] holds are released", () => {
  test("a failed model call releases its hold: the next message can use those credits", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: cost / 1000 });
    // 500 on every attempt of the SDK (1 + 2 retries)
    for (let i = 0; i < 3; i++) fake.failures.push({ status: 500, retryAfter: "0.01" });
    const failed = await chat(app, o.agent.id, { message: "primeira", chatHistory: HISTORY });
    expect(failed.body.response).toBe(DEFAULT_ERROR_MESSAGE);
    expect(await holds(o.workspaceId)).toEqual({ held: 0, reservations: 0 });
    expect(await ledger(app, o.workspaceId)).toEqual([]);
    const next = await chat(app, o.agent.id, { message: "segunda", chatHistory: HISTORY });
    expect(next.body.response).toBe("Eco: segunda");
    expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost]);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(0);
  });

  test("a streamed call cut off (aborted) before its first word is still charged, as estimated, and its hold released", async () => {
    // Through runTurn: an HTTP client's disconnect does not abort the turn on this server (it finishes and is charged).
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: (cost * 2) / 1000 });
    const [agent] = await app.deps.db.select().from(agents).where(eq(agents.id, o.agent.id));
    if (!agent) throw new Error("agent missing");
    const before = fake.chatRequests().length;
    fake.settings.latencyMs = 1500;
    const abort = new AbortController();
    try {
      const turn = runTurn(app.deps, agent, { text: "conta tudo" }, { history: HISTORY, idempotencyKey: `corte-${o.workspaceId}`, signal: abort.signal, onDelta: () => {} });
      // The provider has the request (and bills it) when the turn is cut off.
      await eventually(async () => fake.chatRequests().length > before);
      abort.abort();
      await expect(turn).rejects.toThrow();
    } finally {
      fake.settings.latencyMs = 0;
    }
    // Nothing was generated: the estimate is the prompt (free at these prices), so the 1-credit minimum.
    const rows = await ledger(app, o.workspaceId);
    expect(rows.map((r) => [r.creditsConsumed, r.outputTokens])).toEqual([[1000, 0]]);
    expect(await holds(o.workspaceId)).toEqual({ held: 0, reservations: 0 });
  });

  test("a hold left by a crashed process stops locking credits once its lease ran out", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: cost / 1000 });
    // A live hold (a call in flight elsewhere) takes the whole balance: refused.
    const live = await reserveCredits(app.deps.db, { workspaceId: o.workspaceId, key: `vivo-${o.workspaceId}`, amountMilli: cost });
    expect(live.ok).toBe(true);
    expect((await chat(app, o.agent.id, { message: "bloqueado", chatHistory: HISTORY })).body.response).toBe(NO_CREDITS_MESSAGE);
    // The same hold taken by a process that died long ago: its lease is over, the credits are free again.
    await app.deps.db.$client.execute({
      sql: "UPDATE credit_reservations SET expires_at = ? WHERE workspace_id = ?",
      args: [Date.now() - HOLD_LEASE_MS, o.workspaceId],
    });
    expect((await chat(app, o.agent.id, { message: "liberado", chatHistory: HISTORY })).body.response).toBe("Eco: liberado");
    expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost]);
    expect(await holds(o.workspaceId)).toEqual({ held: 0, reservations: 0 });
  });
});

describe("[credits-reservation] every path that calls the model reserves", () => {
  test("agents.preview: credits for one call, three concurrent previews → one model call, two no-credits answers", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: (cost * 1.5) / 1000 });
    const tag = `previa-${o.workspaceId}`;
    fake.settings.latencyMs = 500;
    const results = await Promise.all(
      [0, 1, 2].map((i) => o.client.trpc.agents.preview.mutate({ id: o.agent.id, chat: { message: `${tag} ${i}`, chatHistory: HISTORY } })),
    ).finally(() => {
      fake.settings.latencyMs = 0;
    });
    expect(fake.chatRequests().filter((b) => lastUserText(b).includes(tag))).toHaveLength(1);
    const replies = results.map((r) => (r.ok ? r.data.response : `erro ${JSON.stringify(r.error)}`));
    expect(replies.filter((r) => r.startsWith("Eco: "))).toHaveLength(1);
    expect(replies.filter((r) => r === NO_CREDITS_MESSAGE)).toHaveLength(2);
    expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost]);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(cost / 2);
  });

  test("a tool loop reserves every model call: two calls → two ledger rows in full; credits for one → the second call is not made", async () => {
    const intentSpec = { name: "Marcar horário", description: "Quando o cliente quer marcar", examples: ["quero marcar"], action: { type: "internal_tool" as const, internalTool: "calendar" as const } };
    const toolTurn = (b: ChatBody) => {
      const results = b.messages.filter((m) => m.role === "tool");
      if (results.length) return { content: "Agenda indisponível", usage: billed(b) };
      const offered = ((b.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
      return offered[0] ? { toolCalls: [{ name: offered[0], arguments: "{}" }], usage: billed(b) } : echo(b);
    };
    const o = await ownerWithAgent(app);
    const created = await o.client.trpc.agents.intents.create.mutate({ agentId: o.agent.id, intent: intentSpec });
    expect(created.ok).toBe(true);
    fake.settings.reply = toolTurn;
    try {
      await setWallet(app, o.workspaceId, { regular: (cost * 2) / 1000 });
      const before = fake.chatRequests().length;
      const res = await chat(app, o.agent.id, { message: "quero marcar", chatHistory: HISTORY });
      expect(res.body.response).toBe("Agenda indisponível");
      expect(fake.chatRequests().length - before).toBe(2);
      expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost, cost]);
      expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(0);

      await setWallet(app, o.workspaceId, { regular: (cost * 1.5) / 1000 });
      const mid = fake.chatRequests().length;
      const short = await chat(app, o.agent.id, { message: "quero marcar de novo", chatHistory: HISTORY });
      expect(fake.chatRequests().length - mid).toBe(1);
      expect(short.body.response).toBe(NO_CREDITS_MESSAGE);
      expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost, cost, cost]);
      expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(cost / 2);
      expect(await holds(o.workspaceId)).toEqual({ held: 0, reservations: 0 });
    } finally {
      fake.settings.reply = echo;
    }
  });
});
