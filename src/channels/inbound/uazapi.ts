import { createHash, timingSafeEqual } from "node:crypto";
import { readUazapiWebhook } from "../../adapters/uazapi/inbound";
import { phoneOfJid } from "../../adapters/uazapi/jid";
import { setUazapiSession } from "../../services/channel-uazapi";
import { uazapiConfig } from "../../services/channel-view";
import { connectionById } from "../../services/channels";
import type { AppDeps } from "../../services/context";
import { acceptInbound } from "../accept";

/** Constant-time equality of two secrets of any length (both hashed first). */
function same(given: string | null, expected: string): boolean {
  if (!given || !expected) return false;
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}

export type UazapiOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/uazapi/{connectionId}/{secret}: UAZAPI signs nothing, so the path secret AND the
 * instance token in the body must both match the connection (else nothing is stored); a malformed
 * body after the path secret is 400. Messages
 * and receipts are written durably before the 200; connection events update the session flag.
 */
export async function acceptUazapiDelivery(deps: AppDeps, connectionId: string, secret: string, raw: string): Promise<UazapiOutcome> {
  const refused: UazapiOutcome = { status: 401, accepted: 0, duplicates: 0 };
  const conn = /^[0-9a-f-]{36}$/i.test(connectionId) ? await connectionById(deps, connectionId) : null;
  if (conn?.channel !== "whatsapp_uaz") return refused;
  const c = uazapiConfig(conn);
  if (!same(secret, deps.secrets.decrypt(c.webhookSecret))) return refused;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const hook = readUazapiWebhook(body);
  if (!hook) return { status: 400, accepted: 0, duplicates: 0 };
  if (!same(hook.instanceToken, deps.secrets.decrypt(c.instanceToken))) return refused;
  if (hook.connection) {
    const owner = (body as { owner?: unknown }).owner;
    const active = hook.connection.status === "connected";
    await setUazapiSession(deps, conn.id, { active, phone: active ? phoneOfJid(owner) : null });
  }
  const r = await acceptInbound(deps, conn, hook.events);
  return { status: 200, accepted: r.accepted, duplicates: r.duplicates };
}
