import { Hono } from "hono";
import { acceptInstagramDelivery } from "../../channels/inbound/instagram";
import { isInstagramVerifyToken } from "../../services/channel-instagram";
import type { AppDeps } from "../../services/context";
import type { HonoEnv } from "../context";

/** Instagram messaging webhook (protocols.md §4): GET verification handshake, POST signed deliveries. */
export function instagramWebhookRoutes(deps: AppDeps) {
  const r = new Hono<HonoEnv>();
  r.get("/", async (c) => {
    const mode = c.req.query("hub.mode");
    const token = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    if (mode !== "subscribe" || !(await isInstagramVerifyToken(deps, token))) return c.text("Forbidden", 403);
    return c.text(challenge, 200);
  });
  r.post("/", async (c) => {
    // The signature covers the exact bytes: read them raw, never a re-serialised JSON.
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const out = await acceptInstagramDelivery(deps, raw, c.req.header("x-hub-signature-256") ?? null);
    if (out.status === 401) return c.json({ error: { code: "UNAUTHORIZED", message: "Assinatura inválida" } }, 401);
    if (out.status === 400) return c.json({ error: { code: "VALIDATION", message: "Corpo inválido" } }, 400);
    return c.json({ received: true, accepted: out.accepted, duplicates: out.duplicates });
  });
  return r;
}
