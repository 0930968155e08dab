import { expect, test } from "../fixtures";
import { channelFakesPort } from "./fakes-config";

/**
 * The channel fakes (Graph, Bot API, UAZAPI: e2e/support/channel-fakes.ts) for the spec file that
 * calls this. One Bun process serves the whole run (e2e/support/global-setup.ts), on the port the
 * e2e server is pointed at (playwright.config.ts); this checks it answers. Returns their base URL.
 */
export function runChannelFakes(): string {
  const base = `http://127.0.0.1:${channelFakesPort()}`;
  test.beforeAll(async () => {
    await expect
      .poll(() => fetch(`${base}/__control/health`).then((r) => r.ok, () => false), { timeout: 15_000 })
      .toBe(true);
  });
  return base;
}

type TelegramCall = { token: string; method: string; body: Record<string, unknown> };
let nextUpdateId = Math.floor(Math.random() * 1e6);

/**
 * A Telegram customer of one bot on the channel fakes at `fakes`: `says` delivers a customer's
 * message to the bot (as the Bot API's getUpdates would), `sentTo` lists the texts the bot sent to a chat.
 */
export function telegramCustomers(fakes: string, botToken: string) {
  return {
    async says(chatId: number, name: string, text: string) {
      const n = ++nextUpdateId;
      const update = {
        update_id: n,
        message: { message_id: n, date: Math.floor(Date.now() / 1000), from: { id: chatId, is_bot: false, first_name: name }, chat: { id: chatId, type: "private", first_name: name }, text },
      };
      const res = await fetch(`${fakes}/__control/telegram/updates`, { method: "POST", body: JSON.stringify({ token: botToken, update }) });
      expect(res.ok).toBe(true);
    },
    async sentTo(chatId: number) {
      const calls = (await (await fetch(`${fakes}/__control/telegram/calls`)).json()) as TelegramCall[];
      return calls.filter((c) => c.token === botToken && c.method === "sendMessage" && String(c.body.chat_id) === String(chatId)).map((c) => String(c.body.text));
    },
  };
}
