/** Telegram Bot API end to end: connect (getMe), secret-token refusal, durable idempotent ingest, typing + send, 429 retry, tenant. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, like } from "drizzle-orm";
import { channelConnections, conversations, creditTransactions, inboundMessageIds, jobs, messages } from "../db/schema";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const BOT_ID = 123456789;

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let agent: AgentRow;
let workspaceId: string;
let owner: Client;
let connectionId: string;
let secret: string;
let updateSeq = 10_000;
let chatSeq = 7_000_000;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: BOT_ID, username: "atenda_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  await answerAtOnce(app, agent.id);
  workspaceId = o.workspaceId;
  owner = o.client;
  await setWallet(app, workspaceId, { regular: 100_000 });
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

function update(text: string, opts: { updateId?: number; chatId?: number } = {}) {
  const updateId = opts.updateId ?? ++updateSeq;
  const chatId = opts.chatId ?? ++chatSeq;
  const body = JSON.stringify({
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      from: { id: chatId, is_bot: false, first_name: "Ana", username: "ana", language_code: "pt-br" },
      chat: { id: chatId, type: "private", first_name: "Ana", username: "ana" },
      text,
    },
  });
  return { updateId, chatId, body };
}

const post = (body: string, token: string | null, id = connectionId) =>
  fetch(`${app.base}/webhooks/telegram/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token !== null ? { "x-telegram-bot-api-secret-token": token } : {}) },
    body,
  });

const sendsTo = (chatId: number) => tg.calls.filter((c) => c.method === "sendMessage" && c.body.chat_id === String(chatId));
const debitsOf = async (chatId: number) => {
  const conv = await conversationOf(chatId);
  return app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.conversationId, conv?.id ?? ""));
};
async function conversationOf(chatId: number) {
  const [c] = await app.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.channel, "telegram"), eq(conversations.contactKey, String(chatId))));
  return c;
}

describe("connect", () => {
  test("a token Telegram refuses is a 400 in pt-BR and stores nothing", async () => {
    const res = await owner.trpc.channels.connectTelegram.mutate({ agentId: agent.id, botToken: "999:token-falso" });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.error)).toContain("Token do bot inválido");
    const empty = await owner.trpc.channels.connectTelegram.mutate({ agentId: agent.id, botToken: "  " });
    expect(empty.status).toBe(400);
    expect(await app.deps.db.select().from(channelConnections).where(eq(channelConnections.channel, "telegram"))).toHaveLength(0);
  });

  test("a valid token is checked with getMe, stored encrypted and never returned", async () => {
    const res = await owner.trpc.channels.connectTelegram.mutate({ agentId: agent.id, botToken: BOT_TOKEN });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    connectionId = String(res.data.id);
    expect(res.data).toMatchObject({
      botUsername: "atenda_bot",
      botId: String(BOT_ID),
      hasBotToken: true,
      webhookUrl: `${app.deps.appUrl}/webhooks/telegram/${connectionId}`,
    });
    expect(JSON.stringify(res.data)).not.toContain(BOT_TOKEN);
    expect(tg.calls.some((c) => c.method === "getMe" && c.token === BOT_TOKEN)).toBe(true);
    // No public https APP_URL in tests: no webhook is registered (long polling is the TODO).
    expect(tg.calls.some((c) => c.method === "setWebhook")).toBe(false);
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    const raw = JSON.stringify(row?.config);
    expect(raw).not.toContain(BOT_TOKEN);
    const config = row?.config as unknown as { botToken: string; webhookSecret: string };
    expect(config.botToken.startsWith("enc:v1:")).toBe(true);
    secret = app.deps.secrets.decrypt(config.webhookSecret);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    expect(JSON.stringify(list.data)).not.toContain(BOT_TOKEN);
    expect(JSON.stringify(list.data)).not.toContain("enc:v1:");
    expect(JSON.stringify(list.data)).not.toContain(secret);
  });

  test("the same bot cannot be connected twice", async () => {
    const res = await owner.trpc.channels.connectTelegram.mutate({ agentId: agent.id, botToken: BOT_TOKEN });
    expect(res.status).toBe(409);
  });
});

describe("webhook", () => {
  test("a bad or missing secret token is refused and stores nothing", async () => {
    const u = update("Olá?");
    expect((await post(u.body, "errado")).status).toBe(401);
    expect((await post(u.body, null)).status).toBe(401);
    expect((await post(u.body, secret, "00000000-0000-4000-8000-000000000000")).status).toBe(401);
    await Bun.sleep(300);
    expect(await app.deps.db.select().from(inboundMessageIds).where(like(inboundMessageIds.providerMessageId, `%:${u.updateId}`))).toHaveLength(0);
    expect(await app.deps.db.select().from(jobs).where(eq(jobs.type, "channel-inbound"))).toHaveLength(0);
    expect(await conversationOf(u.chatId)).toBeUndefined();
  });

  test("edits, group chats and empty messages are acknowledged and ignored", async () => {
    const ignored = [
      { update_id: ++updateSeq, edited_message: { message_id: 1, chat: { id: 5, type: "private" }, text: "editado" } },
      { update_id: ++updateSeq, message: { message_id: 2, chat: { id: -100, type: "group" }, text: "oi grupo" } },
      { update_id: ++updateSeq, message: { message_id: 3, chat: { id: 5, type: "private" } } },
    ];
    for (const u of ignored) {
      const res = await post(JSON.stringify(u), secret);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { accepted: number }).accepted).toBe(0);
    }
  });

  test("a text message gets typing, then one sendMessage with the reply; both messages are stored", async () => {
    const u = update("Vocês abrem no sábado?");
    expect((await post(u.body, secret)).status).toBe(200);
    const sent = await eventually(async () => sendsTo(u.chatId)[0]);
    expect(sent.token).toBe(BOT_TOKEN);
    expect(sent.body.text).toBe("Eco: Vocês abrem no sábado?");
    const chatCalls = tg.calls.filter((c) => String(c.body.chat_id) === String(u.chatId)).map((c) => [c.method, c.body.action ?? null]);
    expect(chatCalls).toEqual([
      ["sendChatAction", "typing"],
      ["sendMessage", null],
    ]);
    const conv = await eventually(() => conversationOf(u.chatId));
    expect(conv.clientName).toBe("Ana");
    expect(conv.agentId).toBe(agent.id);
    const stored = await eventually(async () => {
      const rows = await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id)).orderBy(messages.sentAt);
      return rows.length === 2 && rows[1]?.deliveryStatus === "sent" ? rows : null;
    });
    expect(stored.map((m) => [m.senderType, m.content])).toEqual([
      ["customer", "Vocês abrem no sábado?"],
      ["agent", "Eco: Vocês abrem no sábado?"],
    ]);
    expect(await debitsOf(u.chatId)).toHaveLength(1);
  });

  test("the same update delivered twice, and concurrently, is answered once and charged once", async () => {
    const u = update("Tem entrega?");
    const res = await Promise.all(Array.from({ length: 4 }, () => post(u.body, secret)));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await eventually(async () => sendsTo(u.chatId).length === 1);
    expect((await post(u.body, secret)).status).toBe(200);
    await Bun.sleep(600);
    expect(sendsTo(u.chatId)).toHaveLength(1);
    expect(await debitsOf(u.chatId)).toHaveLength(1);
    const conv = await conversationOf(u.chatId);
    expect(await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv?.id ?? ""))).toHaveLength(2);
  });

  test("a 429 with retry_after, then a 500, then success: one message, one model call, one charge", async () => {
    const chatsBefore = openai.chatRequests().length;
    // retry_after is honoured (1 s here); the 5xx carries retry_after 0 so the test need not wait the 30 s default backoff.
    tg.failures.push({ status: 429, retryAfter: 1 }, { status: 500, retryAfter: 0 });
    const u = update("Aceitam pix?");
    const started = Date.now();
    expect((await post(u.body, secret)).status).toBe(200);
    const sent = await eventually(async () => sendsTo(u.chatId)[0], 15_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(sent.body.text).toBe("Eco: Aceitam pix?");
    await Bun.sleep(400);
    expect(sendsTo(u.chatId)).toHaveLength(1);
    expect(tg.calls.filter((c) => c.method === "sendMessage:failed" && c.body.chat_id === String(u.chatId))).toHaveLength(2);
    expect(openai.chatRequests().length - chatsBefore).toBe(1);
    expect(await debitsOf(u.chatId)).toHaveLength(1);
    const conv = await conversationOf(u.chatId);
    const [job] = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "channel-reply"), like(jobs.data, `%${conv?.id}%`)));
    expect(job?.status).toBe("completed");
    expect(job?.attempts).toBe(3);
  }, 20_000);
});

describe("Testar conexão", () => {
  test("getMe with the stored token: ok, then refused once the token is revoked", async () => {
    const ok = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(ok.data).toMatchObject({ ok: true, message: "Conexão funcionando: bot @atenda_bot." });
    tg.removeBot(BOT_TOKEN);
    try {
      const bad = await owner.trpc.channels.test.mutate({ id: connectionId });
      expect(bad.data).toMatchObject({ ok: false, message: "O Telegram recusou o token do bot." });
    } finally {
      tg.addBot(BOT_TOKEN, BOT_ID, "atenda_bot");
    }
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    expect(list.data[0]).toMatchObject({ testStatus: "error", mode: "polling" });
  });
});

describe("tenancy and disconnect", () => {
  test("a member of another workspace gets 404 and cannot connect to this agent", async () => {
    const stranger = await registerUser(app);
    expect((await stranger.client.trpc.channels.list.query({})).data).toEqual([]);
    expect((await stranger.client.trpc.channels.disconnect.mutate({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.connectTelegram.mutate({ agentId: agent.id, botToken: BOT_TOKEN })).status).toBe(404);
    expect((await stranger.client.trpc.channels.updateWhatsApp.mutate({
      id: connectionId,
      config: { phoneNumberId: "1", businessAccountId: "2", webhookVerifyToken: "3" },
    })).status).toBe(404);
  });

  test("disconnect removes it; its webhook then refuses", async () => {
    expect((await owner.trpc.channels.disconnect.mutate({ id: connectionId })).ok).toBe(true);
    const u = update("E agora?");
    expect((await post(u.body, secret)).status).toBe(401);
  });
});

describe("with a public https APP_URL", () => {
  test("connecting registers the webhook with the connection's URL and its secret token", async () => {
    const publicApp = await startTestApp({ APP_URL: "https://atenda.example.com", OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url });
    try {
      const token = "222333444:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
      tg.addBot(token, 222333444, "publico_bot");
      const o = await ownerWithAgent(publicApp);
      const res = await o.client.trpc.channels.connectTelegram.mutate({ agentId: o.agent.id, botToken: token });
      if (!res.ok) throw new Error(JSON.stringify(res.error));
      const call = tg.calls.find((c) => c.method === "setWebhook" && c.token === token);
      expect(call?.body.url).toBe(`https://atenda.example.com/webhooks/telegram/${res.data.id}`);
      const [row] = await publicApp.deps.db.select().from(channelConnections).where(eq(channelConnections.id, res.data.id));
      const stored = row?.config as unknown as { webhookSecret: string };
      expect(call?.body.secret_token).toBe(publicApp.deps.secrets.decrypt(stored.webhookSecret));
    } finally {
      await publicApp.stop();
    }
  });
});
