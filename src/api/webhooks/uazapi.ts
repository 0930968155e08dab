import { Hono } from "hono";
import { acceptUazapiDelivery } from "../../channels/inbound/uazapi";
import type { AppDeps } from "../../services/context";
import type { HonoEnv } from "../context";

/** UAZAPI webhook (protocols.md §2): one secret URL per connection; the body's instance token must match too. */
export function uazapiWebhookRoutes(deps: AppDeps) {
  const r = new Hono<HonoEnv>();
  r.post("/:connectionId/:secret", async (c) => {
    const out = await acceptUazapiDelivery(deps, c.req.param("connectionId"), c.req.param("secret"), await c.req.text());
    if (out.status === 401) return c.json({ error: { code: "UNAUTHORIZED", message: "Webhook não autorizado" } }, 401);
    if (out.status === 400) return c.json({ error: { code: "VALIDATION", message: "Corpo inválido" } }, 400);
    return c.json({ received: true, accepted: out.accepted, duplicates: out.duplicates });
  });
  return r;
}
