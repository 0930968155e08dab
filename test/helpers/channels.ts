/** Channel pipeline helpers: a Telegram-connected agent and a customer who writes to it through the webhook. */
import { and, asc, eq } from "drizzle-orm";
import { channelConnections, conversations, messages } from "../../db/schema";
import type { startFakeTelegram } from "../fakes/telegram";
import type { TestApp } from "./app";
import type { Client } from "./client";

type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

let updateSeq = 50_000;
let chatSeq = 9_000_000;

export async function connectTelegramBot(app: TestApp, owner: Client, agentId: string, botToken: string) {
  const res = await owner.trpc.channels.connectTelegram.mutate({ agentId, botToken });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, res.data.id));
  const config = row?.config as unknown as { webhookSecret: string };
  const secret = app.deps.secrets.decrypt(config.webhookSecret);
  return { connectionId: res.data.id, secret };
}

/** A Telegram customer: writes through the signed webhook; reads what the bot sent them on the fake. */
export function telegramCustomer(app: TestApp, tg: FakeTelegram, bot: { connectionId: string; secret: string }, name = "Ana") {
  const chatId = ++chatSeq;
  const say = async (text: string, extra: Record<string, unknown> = {}) => {
    const updateId = ++updateSeq;
    const body = JSON.stringify({
      update_id: updateId,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        from: { id: chatId, is_bot: false, first_name: name },
        chat: { id: chatId, type: "private", first_name: name },
        ...(text ? { text } : {}),
        ...extra,
      },
    });
    const res = await fetch(`${app.base}/webhooks/telegram/${bot.connectionId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": bot.secret },
      body,
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    return updateId;
  };
  const received = () =>
    tg.calls.filter((c) => ["sendMessage", "sendPhoto"].includes(c.method) && c.body.chat_id === String(chatId)).map((c) => String(c.body.text ?? c.body.caption ?? ""));
  const conversation = async () => {
    const [c] = await app.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.connectionId, bot.connectionId), eq(conversations.contactKey, String(chatId))));
    return c;
  };
  const thread = async () => {
    const c = await conversation();
    if (!c) return [];
    return app.deps.db.select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(asc(messages.id));
  };
  return { chatId, say, received, conversation, thread };
}
