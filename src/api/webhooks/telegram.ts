import { Hono } from "hono";
import type { AppDeps } from "../../services/context";
import { acceptTelegramUpdate } from "../../channels/inbound/telegram";
import type { HonoEnv } from "../context";

/** Telegram Bot API webhook (protocols.md §3): one URL per connection, proven by X-Telegram-Bot-Api-Secret-Token. */
export function telegramWebhookRoutes(deps: AppDeps) {
  const r = new Hono<HonoEnv>();
  r.post("/:connectionId", async (c) => {
    const out = await acceptTelegramUpdate(deps, c.req.param("connectionId"), await c.req.text(), c.req.header("x-telegram-bot-api-secret-token") ?? null);
    if (out.status === 401) return c.json({ error: { code: "UNAUTHORIZED", message: "Token secreto inválido" } }, 401);
    if (out.status === 400) return c.json({ error: { code: "VALIDATION", message: "Corpo inválido" } }, 400);
    return c.json({ received: true, accepted: out.accepted, duplicates: out.duplicates });
  });
  return r;
}
