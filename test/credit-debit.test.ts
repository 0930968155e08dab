/** Credits per model call (issue 3 "Credits"): the ledger row, bonus first, no credits, idempotency, and exactness under concurrency. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { creditTransactions, userCredits } from "../db/schema";
import { NO_CREDITS_MESSAGE } from "../src/runtime/turn";
import { debitCredits } from "../src/services/credit-debit";
import { startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, chatSse, ledger, ownerWithAgent, setWallet, walletRow, wavDataUrl } from "./helpers/agents";
import type { Client } from "./helpers/client";
import { loginAdmin } from "./helpers/factories";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let admin: Client;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  ({ client: admin } = await loginAdmin(app));
});
afterAll(async () => {
  await app.stop();
  fake.stop();
});

/** gpt-4o-mini list prices (USD per 1k tokens), creditsPerUsd 1000, usdToBrl 5.5, 1 credit minimum per interaction. */
const IN_PER_1K = 0.00015;
const OUT_PER_1K = 0.0006;
/** Milli-credits for a usage, computed exactly in integers: USD×10^8 = in×15 + out×60. */
const expectedMilli = (input: number, output: number) => Math.max(1000, Math.ceil((input * 15 + output * 60) / 100));

async function withUsage<T>(usage: { prompt_tokens: number; completion_tokens: number }, fn: () => Promise<T>): Promise<T> {
  const saved = fake.settings.reply;
  fake.settings.reply = (b) => ({ ...saved(b), usage });
  try {
    return await fn();
  } finally {
    fake.settings.reply = saved;
  }
}

const grant = (body: Record<string, unknown>) => admin.post("/api/v1/admin/credits/grant", body);

describe("[credit-debit] one ledger row per model call", () => {
  test("tokens from the provider's usage, model, provider, USD from model_pricing, credits, BRL", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 1000 });
    const res = await withUsage({ prompt_tokens: 1000, completion_tokens: 25_500 }, () => chat(app, o.agent.id, { message: "Quanto custa?", sessionId: "s-ledger" }));
    expect(res.status).toBe(200);
    const rows = await ledger(app, o.workspaceId);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    const usd = (1000 / 1000) * IN_PER_1K + (25_500 / 1000) * OUT_PER_1K;
    expect(row).toMatchObject({
      inputTokens: 1000,
      outputTokens: 25_500,
      totalTokens: 26_500,
      modelUsed: "gpt-4o-mini",
      provider: "openai",
      agentId: o.agent.id,
      action: "chat",
      creditsConsumed: 15_450,
      regularCreditsUsed: 15_450,
      bonusCreditsUsed: 0,
      userId: o.user.id,
    });
    expect(expectedMilli(1000, 25_500)).toBe(15_450);
    expect(row?.inputCostUsd).toBeCloseTo(0.00015, 12);
    expect(row?.outputCostUsd).toBeCloseTo(0.0153, 12);
    expect(row?.totalCostUsd).toBeCloseTo(usd, 12);
    expect(row?.costBrl).toBeCloseTo(usd * 5.5, 12);
    expect(row?.conversationId).toBeTruthy();
    const w = await walletRow(app, o.workspaceId);
    expect(w.remainingCredits).toBe(1_000_000 - 15_450);
    expect(w.usedCredits).toBe(15_450);
  });

  test("credits = max(creditsPerInteraction, ceil(USD × creditsPerUsd)) over many usages, never a milli-credit more", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 100_000 });
    const usages = [
      [10, 5],
      [10_000, 5_000],
      [12_345, 6_789],
      [1_000, 27_000],
      [2_000, 38_500],
      [100_000, 20_000],
    ] as const;
    for (const [i, out] of usages) {
      await withUsage({ prompt_tokens: i, completion_tokens: out }, () => chat(app, o.agent.id, { message: `uso ${i}` }));
    }
    const rows = await ledger(app, o.workspaceId);
    expect(rows.map((r) => [r.inputTokens, r.outputTokens, r.creditsConsumed])).toEqual(usages.map(([i, out]) => [i, out, expectedMilli(i, out)]));
    expect(rows.map((r) => r.creditsConsumed)).toEqual([1000, 4500, 5926, 16_350, 23_400, 27_000]);
    const total = rows.reduce((s, r) => s + r.creditsConsumed, 0);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(100_000_000 - total);
  });

  test("the usage the fake reported is what is stored, for plain and streamed replies", async () => {
    const o = await ownerWithAgent(app);
    await chat(app, o.agent.id, { message: "Uma pergunta simples" });
    const plainUsage = fake.answeredChats().at(-1)?.usage;
    await chatSse(app, o.agent.id, { message: "Outra pergunta, agora em stream" });
    const streamUsage = fake.answeredChats().at(-1)?.usage;
    const rows = await ledger(app, o.workspaceId);
    if (!plainUsage || !streamUsage) throw new Error("the fake reported no usage");
    expect(rows.map((r) => [r.inputTokens, r.outputTokens, r.totalTokens])).toEqual([
      [plainUsage.prompt_tokens, plainUsage.completion_tokens, plainUsage.total_tokens],
      [streamUsage.prompt_tokens, streamUsage.completion_tokens, streamUsage.total_tokens],
    ]);
    expect(rows.every((r) => r.creditsConsumed === 1000)).toBe(true);
  });

  test("an audio turn is two model calls: a transcription row and a chat row", async () => {
    const o = await ownerWithAgent(app);
    const res = await chat(app, o.agent.id, { message: "", audioData: wavDataUrl() });
    expect(res.body.response).toBe("Eco: Transcrição de teste do áudio");
    const rows = await ledger(app, o.workspaceId);
    expect(rows.map((r) => [r.action, r.modelUsed]).sort()).toEqual([
      ["chat", "gpt-4o-mini"],
      ["transcription", "whisper-1"],
    ]);
  });

  test("a call that could cost more than what is left is not made (issue 11): no reply for a partial charge", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 0.5 });
    const before = fake.chatRequests().length;
    const res = await chat(app, o.agent.id, { message: "Última pergunta" });
    expect(res.body.response).toBe(NO_CREDITS_MESSAGE);
    expect(fake.chatRequests()).toHaveLength(before);
    expect(await ledger(app, o.workspaceId)).toEqual([]);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(500);
  });
});

describe("[credit-debit] bonus credits", () => {
  test("granted bonus (POST /api/v1/admin/credits/grant) is spent before regular credits", async () => {
    const o = await ownerWithAgent(app);
    expect((await grant({ workspaceId: o.workspaceId, amount: 1, reason: "Bônus de boas-vindas" })).status).toBe(200);
    const before = await walletRow(app, o.workspaceId);
    expect(before).toMatchObject({ remainingBonusCredits: 1000, remainingCredits: 100_000 });
    // 4.5 credits: 1 from the bonus, 3.5 from regular
    await withUsage({ prompt_tokens: 10_000, completion_tokens: 5_000 }, () => chat(app, o.agent.id, { message: "Pergunta cara" }));
    await chat(app, o.agent.id, { message: "Pergunta barata" });
    const rows = await ledger(app, o.workspaceId);
    expect(rows.map((r) => [r.creditsConsumed, r.bonusCreditsUsed, r.regularCreditsUsed])).toEqual([
      [4500, 1000, 3500],
      [1000, 0, 1000],
    ]);
    expect(await walletRow(app, o.workspaceId)).toMatchObject({ remainingBonusCredits: 0, usedBonusCredits: 1000, remainingCredits: 95_500, usedCredits: 4500 });
  });

  test("expired bonus is not spent; a later grant does not bring it back", async () => {
    const o = await ownerWithAgent(app);
    const dashboard = async () =>
      (await o.client.get<{ credits: { remainingBonusCredits: number; remainingCredits: number } }>(`/api/v1/workspaces/${o.workspaceId}/dashboard`)).data.credits;
    expect((await grant({ workspaceId: o.workspaceId, amount: 50, reason: "Promoção já expirada", expiresAt: Date.now() - 60_000 })).status).toBe(200);
    await chat(app, o.agent.id, { message: "Oi" });
    const [row] = await ledger(app, o.workspaceId);
    expect(row).toMatchObject({ bonusCreditsUsed: 0, regularCreditsUsed: 1000 });
    expect(await walletRow(app, o.workspaceId)).toMatchObject({ remainingBonusCredits: 50_000, usedBonusCredits: 0, remainingCredits: 99_000 });
    expect((await dashboard()).remainingBonusCredits).toBe(0);

    expect((await grant({ workspaceId: o.workspaceId, amount: 10, reason: "Bônus novo sem validade" })).status).toBe(200);
    expect((await dashboard()).remainingBonusCredits).toBe(10);
    await chat(app, o.agent.id, { message: "Oi de novo" });
    const rows = await ledger(app, o.workspaceId);
    expect(rows.at(-1)).toMatchObject({ bonusCreditsUsed: 1000, regularCreditsUsed: 0 });
    expect((await dashboard()).remainingBonusCredits).toBe(9);
  });

  test("a live bonus keeps the later expiry when another grant arrives", async () => {
    const o = await ownerWithAgent(app);
    const far = Date.now() + 30 * 86_400_000;
    await grant({ workspaceId: o.workspaceId, amount: 20, reason: "Bônus de 30 dias", expiresAt: far });
    await grant({ workspaceId: o.workspaceId, amount: 5, reason: "Bônus de 1 dia", expiresAt: Date.now() + 86_400_000 });
    expect(await walletRow(app, o.workspaceId)).toMatchObject({ remainingBonusCredits: 25_000, bonusCreditsExpiresAt: far });
  });
});

describe("[credit-debit] no credits", () => {
  test("a workspace with 0 credits answers NO_CREDITS_MESSAGE and the model is never called", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 0, bonus: 30, bonusExpiresAt: Date.now() - 1000 });
    const chats = fake.chatRequests().length;
    const transcriptions = fake.requests.filter((r) => r.path === "/v1/audio/transcriptions").length;
    const res = await chat(app, o.agent.id, { message: "Alguém aí?" });
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(NO_CREDITS_MESSAGE);
    const sse = await chatSse(app, o.agent.id, { message: "Alguém aí?" });
    expect(sse.events.at(-1)?.data.response).toBe(NO_CREDITS_MESSAGE);
    const audio = await chat(app, o.agent.id, { message: "", audioData: wavDataUrl() });
    expect(audio.body.response).toBe(NO_CREDITS_MESSAGE);
    const image = await chat(app, o.agent.id, { message: "veja", imageData: "data:image/png;base64,iVBORw0KGgo=" });
    expect(image.body.response).toBe(NO_CREDITS_MESSAGE);
    expect(fake.chatRequests()).toHaveLength(chats);
    expect(fake.requests.filter((r) => r.path === "/v1/audio/transcriptions")).toHaveLength(transcriptions);
    expect(await ledger(app, o.workspaceId)).toEqual([]);
    expect(await walletRow(app, o.workspaceId)).toMatchObject({ remainingCredits: 0, remainingBonusCredits: 30_000 });
  });
});

describe("[credit-debit] idempotency and concurrency", () => {
  const req = (workspaceId: string, idempotencyKey: string) => ({
    workspaceId,
    provider: "openai",
    model: "gpt-4o-mini",
    usage: { inputTokens: 0, outputTokens: 0 },
    idempotencyKey,
  });

  test("a repeated debit with the same key is a no-op ('duplicate'), even when fired at once", async () => {
    const o = await ownerWithAgent(app);
    const first = await debitCredits(app.deps.db, req(o.workspaceId, "chave-unica-1"));
    expect(first).toMatchObject({ status: "charged", creditsMilli: 1000 });
    const again = await debitCredits(app.deps.db, req(o.workspaceId, "chave-unica-1"));
    expect(again).toMatchObject({ status: "duplicate", creditsMilli: 1000 });
    if (first.status !== "insufficient" && again.status !== "insufficient") expect(again.transactionId).toBe(first.transactionId);
    const burst = await Promise.all(Array.from({ length: 25 }, () => debitCredits(app.deps.db, req(o.workspaceId, "chave-unica-2"))));
    expect(burst.filter((r) => r.status === "charged")).toHaveLength(1);
    expect(burst.filter((r) => r.status === "duplicate")).toHaveLength(24);
    expect(await ledger(app, o.workspaceId)).toHaveLength(2);
    expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(98_000);
  });

  test("1,000 concurrent debits of 1 credit against 500 credits: exactly 500 charged, 500 insufficient, 0 left", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 500 });
    let lowest = Number.POSITIVE_INFINITY;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [w] = await app.deps.db.select({ r: userCredits.remainingCredits }).from(userCredits).where(eq(userCredits.workspaceId, o.workspaceId));
        lowest = Math.min(lowest, w?.r ?? 0);
        await Bun.sleep(1);
      }
    })();
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => debitCredits(app.deps.db, req(o.workspaceId, `conc-${o.workspaceId}-${i}`))));
    sampling = false;
    await sampler;
    expect(results.filter((r) => r.status === "charged")).toHaveLength(500);
    expect(results.filter((r) => r.status === "insufficient")).toHaveLength(500);
    expect(results.every((r) => r.status === "insufficient" || r.creditsMilli === 1000)).toBe(true);
    const w = await walletRow(app, o.workspaceId);
    expect(w.remainingCredits).toBe(0);
    expect(w.usedCredits).toBe(500_000);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const rows = await app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, o.workspaceId));
    expect(rows).toHaveLength(500);
    expect(rows.reduce((s, r) => s + r.creditsConsumed, 0)).toBe(500_000);
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(500);
  });

  test("200 concurrent chat-external requests against 50 credits never drive the balance below zero", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 50 });
    let lowest = Number.POSITIVE_INFINITY;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const w = await walletRow(app, o.workspaceId);
        lowest = Math.min(lowest, w.remainingCredits, w.remainingBonusCredits);
        await Bun.sleep(2);
      }
    })();
    const modelCalls = fake.chatRequests().length;
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => chat(app, o.agent.id, { message: `pergunta ${i}`, sessionId: `visitante-${i}` })));
    sampling = false;
    await sampler;
    expect(results.every((r) => r.status === 200)).toBe(true);
    const answered = results.filter((r) => r.body.response?.startsWith("Eco: "));
    const refused = results.filter((r) => r.body.response === NO_CREDITS_MESSAGE);
    expect(answered.length + refused.length).toBe(200);
    expect(answered.length).toBeGreaterThanOrEqual(50);
    expect(refused.length).toBeGreaterThan(0);
    const w = await walletRow(app, o.workspaceId);
    expect(w.remainingCredits).toBe(0);
    expect(w.usedCredits).toBe(50_000);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const rows = await ledger(app, o.workspaceId);
    expect(rows.reduce((s, r) => s + r.creditsConsumed, 0)).toBe(50_000);
    expect(rows.every((r) => r.creditsConsumed > 0)).toBe(true);
    // every model call made was paid for: no free answers once the credits ran out
    expect(fake.chatRequests().length - modelCalls).toBe(answered.length);
    expect(rows).toHaveLength(answered.length);
    expect(answered.length).toBe(50);
  });
});
