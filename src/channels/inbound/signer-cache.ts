import { TtlCache, ownerKey } from "../../lib/ttl-cache";

/**
 * Webhook verification needs the connection and its decrypted app secret on every delivery:
 * cached briefly per provider endpoint id. Connect, update and disconnect forget the entry at
 * once (same thread as the webhooks); the TTL bounds anything else.
 */
export const signerCache = new TtlCache<unknown>(2_000);

export const signerKey = (db: object, channel: string, endpointId: string) => `${ownerKey(db)}:${channel}:${endpointId}`;

export function forgetSigner(db: object, channel: string, endpointId: string) {
  signerCache.delete(signerKey(db, channel, endpointId));
}
