/**
 * The channel pipeline end to end over Telegram (webhook): bursts answered once, long replies split
 * in order, the customer asking for a person, the model's handoff tool, the interaction limit,
 * voice notes transcribed, and per-conversation order.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { channelConnections, conversations } from "../db/schema";
import { HANDOFF_MESSAGE } from "../src/runtime/turn";
import { LIMIT_BLOCK_MESSAGE } from "../src/channels/rules";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "424242:pipeline-token";
const BURST_MS = 600;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let agent: AgentRow;
let bot: { connectionId: string; secret: string };

const echo = (b: ChatBody) => ({ content: `Eco: ${lastUserText(b)}` });

beforeAll(async () => {
  openai = await startFakeOpenAi();
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 424242, username: "pipeline_bot" } } });
  app = await startTestApp({
    OPENAI_API_KEY: "sk-teste",
    OPENAI_BASE_URL: openai.url,
    TELEGRAM_API_BASE: tg.url,
    CHANNEL_BURST_WINDOW_MS: String(BURST_MS),
  });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, agent.id);
  bot = await connectTelegramBot(app, o.client, agent.id, BOT_TOKEN);
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

const chatsFor = (text: string) => openai.chatRequests().filter((b) => lastUserText(b).includes(text));

describe("bursts and order", () => {
  test("three quick messages are answered as one turn, with all three texts", async () => {
    const c = telegramCustomer(app, tg, bot);
    await c.say("Oi");
    await c.say("queria saber o preço");
    await c.say("do corte masculino");
    const replies = await eventually(async () => (c.received().length ? c.received() : null));
    await Bun.sleep(BURST_MS + 500);
    expect(c.received()).toEqual(["Eco: Oi\nqueria saber o preço\ndo corte masculino"]);
    expect(replies).toHaveLength(1);
    const thread = await c.thread();
    expect(thread.map((m) => m.senderType)).toEqual(["customer", "customer", "customer", "agent"]);
  });

  test("messages outside the window get their own answers, in order, each seeing the previous exchange", async () => {
    const c = telegramCustomer(app, tg, bot);
    await c.say("Primeira");
    await eventually(async () => c.received().length === 1);
    await c.say("Segunda");
    await eventually(async () => c.received().length === 2);
    expect(c.received()).toEqual(["Eco: Primeira", "Eco: Segunda"]);
    const second = chatsFor("Segunda").at(-1);
    const contents = (second?.messages ?? []).map((m) => m.content);
    expect(contents).toContain("Primeira");
    expect(contents).toContain("Eco: Primeira");
  });
});

describe("splitting", () => {
  const paragraphs = [
    `Temos três planos. ${"O básico inclui atendimento em horário comercial e relatórios semanais. ".repeat(4)}`,
    `O intermediário acrescenta ${"integração com o seu CRM, campanhas e um painel com métricas por canal. ".repeat(4)}`,
    `O completo tem ${"suporte dedicado, treinamento da equipe e limites maiores de mensagens por mês. ".repeat(4)}`,
  ];
  test("a long reply arrives as natural parts, in order, each within the channel's limit", async () => {
    openai.settings.reply = () => ({ content: paragraphs.join("\n\n") });
    try {
      const c = telegramCustomer(app, tg, bot);
      await c.say("Quais são os planos?");
      await eventually(async () => c.received().length === 3);
      await Bun.sleep(300);
      expect(c.received()).toEqual(paragraphs.map((p) => p.trim()));
      const thread = await c.thread();
      expect(thread.filter((m) => m.senderType === "agent").map((m) => m.deliveryStatus)).toEqual(["sent", "sent", "sent"]);
    } finally {
      openai.settings.reply = echo;
    }
  });

  test("with splitLongMessages off the same reply is one message", async () => {
    await answerAtOnce(app, agent.id, { splitLongMessages: false });
    openai.settings.reply = () => ({ content: paragraphs.join("\n\n") });
    try {
      const c = telegramCustomer(app, tg, bot);
      await c.say("E os planos?");
      await eventually(async () => c.received().length === 1);
      await Bun.sleep(300);
      expect(c.received()).toEqual([paragraphs.join("\n\n").trim()]);
    } finally {
      openai.settings.reply = echo;
      await answerAtOnce(app, agent.id);
    }
  });
});

describe("a person takes over", () => {
  test("a customer asking for a person is told so, and the AI stays silent afterwards", async () => {
    const c = telegramCustomer(app, tg, bot);
    const before = openai.chatRequests().length;
    await c.say("Quero falar com um atendente, por favor");
    await eventually(async () => c.received().length === 1);
    expect(c.received()).toEqual([HANDOFF_MESSAGE]);
    const conv = await c.conversation();
    expect(conv?.handledBy).toBe("human");
    expect(conv?.needsHumanSupport).toBe(true);
    await c.say("Alô?");
    await Bun.sleep(BURST_MS + 800);
    expect(c.received()).toHaveLength(1);
    expect(openai.chatRequests().length).toBe(before);
    // The silent message is still in the conversation, for the person to read.
    expect((await c.thread()).map((m) => m.content)).toContain("Alô?");
  });

  test("the model's handoff tool hands the conversation over with its reason", async () => {
    openai.settings.reply = () => ({ content: "", toolCalls: [{ name: "transferir_para_atendente", arguments: JSON.stringify({ motivo: "Pedido de reembolso" }) }] });
    try {
      const c = telegramCustomer(app, tg, bot);
      await c.say("Meu pedido veio errado e quero meu dinheiro de volta");
      await eventually(async () => c.received().length === 1);
      expect(c.received()).toEqual([HANDOFF_MESSAGE]);
      const request = openai.chatRequests().at(-1);
      expect(JSON.stringify(request?.tools)).toContain("transferir_para_atendente");
      const conv = await c.conversation();
      expect(conv?.handledBy).toBe("human");
      const reply = (await c.thread()).find((m) => m.senderType === "agent");
      expect(JSON.stringify(reply?.metadata)).toContain("Pedido de reembolso");
    } finally {
      openai.settings.reply = echo;
    }
  });

  test("after the pause the AI answers again", async () => {
    const c = telegramCustomer(app, tg, bot);
    await c.say("Olá");
    await eventually(async () => c.received().length === 1);
    const conv = await c.conversation();
    // A person answered a while ago and their pause is over.
    await app.deps.db.update(conversations).set({ handledBy: "human", aiPausedUntil: Date.now() - 1000 }).where(eq(conversations.id, conv?.id ?? ""));
    await c.say("Ainda tem horário hoje?");
    await eventually(async () => c.received().length === 2);
    expect(c.received()[1]).toBe("Eco: Ainda tem horário hoje?");
    expect((await c.conversation())?.handledBy).toBe("ai");
  });
});

describe("a person takes over while the model is answering", () => {
  test("the AI's answer is kept but not sent", async () => {
    openai.settings.latencyMs = 1500;
    try {
      const c = telegramCustomer(app, tg, bot);
      await c.say("Qual o valor da mensalidade?");
      const conv = await eventually(async () => c.conversation());
      await eventually(async () => openai.chatRequests().some((b) => lastUserText(b) === "Qual o valor da mensalidade?"));
      await app.deps.db.update(conversations).set({ handledBy: "human", aiPausedUntil: null }).where(eq(conversations.id, conv.id));
      const skipped = await eventually(async () => (await c.thread()).find((m) => m.senderType === "agent" && m.deliveryStatus === "skipped"), 15_000);
      expect(skipped.deliveryError).toContain("atendente assumiu");
      await Bun.sleep(300);
      expect(c.received()).toHaveLength(0);
    } finally {
      openai.settings.latencyMs = 0;
    }
  }, 30_000);
});

describe("interaction limit", () => {
  test("at the limit the customer is told and blocked for an hour; the model is not called", async () => {
    await answerAtOnce(app, agent.id, { maxInteractionsPerService: "50 interações", actionOnLimit: "Bloquear por 1 hora" });
    try {
      const c = telegramCustomer(app, tg, bot);
      await c.say("Oi");
      await eventually(async () => c.received().length === 1);
      const conv = await c.conversation();
      await app.deps.db.update(conversations).set({ interactionCount: 50 }).where(eq(conversations.id, conv?.id ?? ""));
      const before = openai.chatRequests().length;
      await c.say("Mais uma pergunta");
      await eventually(async () => c.received().length === 2);
      expect(c.received()[1]).toBe(LIMIT_BLOCK_MESSAGE);
      const blocked = await c.conversation();
      expect(blocked?.blockedUntil ?? 0).toBeGreaterThan(Date.now() + 59 * 60_000);
      await c.say("Oi de novo");
      await Bun.sleep(BURST_MS + 800);
      expect(c.received()).toHaveLength(2);
      expect(openai.chatRequests().length).toBe(before);
    } finally {
      await answerAtOnce(app, agent.id);
    }
  });
});

describe("media in", () => {
  test("a voice note is downloaded, transcribed and answered", async () => {
    tg.addFile("voz-1", new Uint8Array([79, 103, 103, 83, 0, 2, 0, 0]), "audio/ogg");
    const c = telegramCustomer(app, tg, bot);
    await c.say("", { voice: { file_id: "voz-1", file_unique_id: "u1", duration: 2, mime_type: "audio/ogg" } });
    await eventually(async () => c.received().length === 1);
    expect(openai.requests.some((r) => r.path === "/v1/audio/transcriptions")).toBe(true);
    expect(c.received()[0]).toBe("Eco: Transcrição de teste do áudio");
    const reply = (await c.thread()).find((m) => m.senderType === "agent");
    expect(reply?.metadata?.transcript).toBe("Transcrição de teste do áudio");
    const voice = (await c.thread()).find((m) => m.senderType === "customer");
    expect(voice?.messageType).toBe("audio");
  });
});

describe("Telegram long polling (no public URL)", () => {
  test("the bot is in polling mode; an update fetched with getUpdates is answered once, even if Telegram hands it out again", async () => {
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, bot.connectionId));
    expect((row?.config as { mode?: string } | undefined)?.mode).toBe("polling");
    const chatId = 8_123_456;
    const update = {
      update_id: 990_001,
      message: { message_id: 1, date: Math.floor(Date.now() / 1000), from: { id: chatId, first_name: "Caio" }, chat: { id: chatId, type: "private" }, text: "Chegou pelo polling?" },
    };
    tg.pushUpdate(BOT_TOKEN, update);
    const sent = () => tg.calls.filter((c) => c.method === "sendMessage" && c.body.chat_id === String(chatId));
    await eventually(async () => sent().length === 1, 15_000);
    expect(sent()[0]?.body.text).toBe("Eco: Chegou pelo polling?");
    // The offset moved past it…
    const offset = await eventually(async () => {
      const [r] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, bot.connectionId));
      return (r?.config as { pollOffset?: number } | undefined)?.pollOffset === 990_002 ? 990_002 : null;
    });
    expect(offset).toBe(990_002);
    // …and when the offset is lost (a crash between accepting and saving it) Telegram hands the
    // same update out again: it is recognised and not answered twice.
    await app.deps.db
      .update(channelConnections)
      .set({ config: sql`json_set(${channelConnections.config}, '$.pollOffset', 990001)` })
      .where(eq(channelConnections.id, bot.connectionId));
    tg.pushUpdate(BOT_TOKEN, { ...update });
    const getUpdatesBefore = tg.calls.filter((c) => c.method === "getUpdates").length;
    await eventually(async () => tg.calls.filter((c) => c.method === "getUpdates").length > getUpdatesBefore + 1, 10_000);
    await Bun.sleep(BURST_MS + 500);
    expect(sent()).toHaveLength(1);
  }, 30_000);
});

describe("when the model fails", () => {
  test("the customer gets the error message and the conversation is flagged for review", async () => {
    openai.failures.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const c = telegramCustomer(app, tg, bot);
    await c.say("Vocês fazem entrega?");
    await eventually(async () => c.received().length === 1, 20_000);
    expect(c.received()[0]).toBe("Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente.");
    expect((await c.conversation())?.needsReview).toBe(true);
    openai.failures.splice(0);
  }, 30_000);
});
