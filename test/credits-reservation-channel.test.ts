/**
 * Issue 11, defect 4, channel path: turns run by the job worker reserve each model call in the
 * database too, so customers writing at once over Telegram cannot get more answers than the
 * workspace can pay for. Prices as in credits-reservation.test.ts: a call costs exactly its hold.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { modelPricing } from "../db/schema";
import { NO_CREDITS_MESSAGE } from "../src/runtime/turn";
import { invalidatePricing } from "../src/services/credit-debit";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { answerAtOnce, chat, ledger, ownerWithAgent, setWallet, walletRow } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "737373:reserva-token";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;

const maxTokensOf = (b: ChatBody | undefined) => (b as (ChatBody & { max_tokens?: number }) | undefined)?.max_tokens;

beforeAll(async () => {
  openai = await startFakeOpenAi({
    reply: (b) => ({ content: `Eco: ${lastUserText(b)}`, usage: { prompt_tokens: 40, completion_tokens: maxTokensOf(b) ?? 1000 } }),
  });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 737373, username: "reserva_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: "50" });
  // Before any turn, so the job worker's price cache starts with these prices too.
  await app.deps.db
    .update(modelPricing)
    .set({ inputPricePer1k: 0, outputPricePer1k: 0.007, creditsPerInteraction: 1 })
    .where(eq(modelPricing.modelId, "gpt-4o-mini"));
  invalidatePricing();
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

test("[credits-reservation] four Telegram customers at once, credits for two calls: two answers charged in full, two no-credits messages", async () => {
  const probe = await ownerWithAgent(app);
  await chat(app, probe.agent.id, { message: "sonda", chatHistory: [{ role: "user", content: "Oi" }] });
  const cost = (maxTokensOf(openai.chatRequests().at(-1)) ?? 1000) * 7;

  const o = await ownerWithAgent(app);
  await answerAtOnce(app, o.agent.id);
  const bot = await connectTelegramBot(app, o.client, o.agent.id, BOT_TOKEN);
  await setWallet(app, o.workspaceId, { regular: (cost * 2.5) / 1000 });
  const customers = [0, 1, 2, 3].map((i) => telegramCustomer(app, tg, bot, `Cliente ${i}`));
  const before = openai.chatRequests().length;
  openai.settings.latencyMs = 800;
  try {
    await Promise.all(customers.map((c, i) => c.say(`pergunta do cliente ${i}`)));
    await eventually(async () => customers.every((c) => c.received().length > 0), 20_000);
  } finally {
    openai.settings.latencyMs = 0;
  }
  await Bun.sleep(300);
  expect(openai.chatRequests().length - before).toBe(2);
  const replies = customers.map((c) => c.received());
  expect(replies.every((r) => r.length === 1)).toBe(true);
  expect(replies.filter((r) => r[0]?.startsWith("Eco: "))).toHaveLength(2);
  expect(replies.filter((r) => r[0] === NO_CREDITS_MESSAGE)).toHaveLength(2);
  expect((await ledger(app, o.workspaceId)).map((r) => r.creditsConsumed)).toEqual([cost, cost]);
  expect((await walletRow(app, o.workspaceId)).remainingCredits).toBe(cost / 2);
}, 40_000);
