/**
 * Meta webhook signature (WhatsApp Cloud, Instagram): X-Hub-Signature-256 is "sha256=" + the hex
 * HMAC-SHA256 of the exact body bytes under the receiving app's secret. Verify before parsing:
 * re-serialised JSON would not match.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const HEADER = /^sha256=([0-9a-f]{64})$/i;

export function validMetaSignature(raw: Uint8Array, header: string | null, appSecret: string): boolean {
  // No secret configured must never mean "anything goes".
  if (!header || !appSecret) return false;
  const hex = HEADER.exec(header.trim())?.[1];
  if (!hex) return false;
  const expected = createHmac("sha256", appSecret).update(raw).digest();
  // Both are 32 bytes here, so the comparison's time says nothing about the secret.
  return timingSafeEqual(Buffer.from(hex, "hex"), expected);
}
