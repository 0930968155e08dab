import { Hono } from "hono";
import { acceptStripeWebhook } from "../../services/billing/stripe-webhook";
import type { AppDeps } from "../../services/context";
import type { HonoEnv } from "../context";

/** Stripe webhook (protocols.md §9): proven by Stripe-Signature over the raw body, stored before the 200. */
export function stripeWebhookRoutes(deps: AppDeps) {
  const r = new Hono<HonoEnv>();
  r.post("/", async (c) => {
    const out = await acceptStripeWebhook(deps, await c.req.text(), c.req.header("stripe-signature") ?? null);
    if (out.status !== 200) return c.json({ error: { code: "VALIDATION", message: out.message } }, out.status);
    return c.json({ received: true, duplicate: out.duplicate });
  });
  return r;
}
