import { readInstagramWebhook } from "../../adapters/instagram/inbound";
import { validMetaSignature } from "../../adapters/meta-graph/signature";
import { instagramConnectionByAccount } from "../../services/channel-instagram";
import { instagramConfig } from "../../services/channel-view";
import type { AppDeps } from "../../services/context";
import { acceptInbound } from "../accept";
import type { InboundEvent } from "../types";

export type InstagramOutcome = { status: 200 | 400 | 401; accepted: number; duplicates: number };

/**
 * POST /webhooks/instagram: a malformed body is refused (400) before routing. Every entry is routed
 * by its account id (business or page id) to a connection whose app secret must sign the raw body;
 * one unknown account or bad signature refuses the whole delivery, storing nothing. Then everything
 * is written durably before the 200.
 */
export async function acceptInstagramDelivery(deps: AppDeps, raw: Uint8Array, signature: string | null): Promise<InstagramOutcome> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return { status: 400, accepted: 0, duplicates: 0 };
  }
  const hook = readInstagramWebhook(body);
  if (!hook) return { status: 400, accepted: 0, duplicates: 0 };
  // A delivery naming no account cannot be verified against any secret.
  if (!hook.accounts.length) return { status: 401, accepted: 0, duplicates: 0 };
  const connections = new Map<string, NonNullable<Awaited<ReturnType<typeof instagramConnectionByAccount>>>>();
  for (const account of hook.accounts) {
    const conn = await instagramConnectionByAccount(deps, account);
    if (!conn || !validMetaSignature(raw, signature, deps.secrets.decrypt(instagramConfig(conn).appSecret))) return { status: 401, accepted: 0, duplicates: 0 };
    connections.set(account, conn);
  }
  const out: InstagramOutcome = { status: 200, accepted: 0, duplicates: 0 };
  for (const [account, conn] of connections) {
    const events: InboundEvent[] = hook.events.filter((e) => e.accountId === account).map(({ accountId: _, ...e }) => e as InboundEvent);
    const r = await acceptInbound(deps, conn, events);
    out.accepted += r.accepted;
    out.duplicates += r.duplicates;
  }
  return out;
}
