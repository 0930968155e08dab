/**
 * Webhook-intent headers carry credentials (`Authorization: Bearer …`), so their values are sealed
 * like every other secret (AES-GCM, src/lib/crypto.ts): written encrypted, listed as names with a
 * "has value" flag, decrypted only for the call itself.
 */
import { AppError } from "../../lib/errors";
import type { SecretBox } from "../../lib/crypto";
import type { PublicIntentHeader } from "../../schemas/agents";

const SEALED = "enc:v1:";
export const isSealed = (value: string) => value.startsWith(SEALED);

/**
 * The headers to store: a value given is encrypted, `null` keeps the stored one (the editor never
 * sees it), a name left out is dropped. A new name without a value has nothing to keep.
 */
export function sealHeaders(secrets: SecretBox, next: Record<string, string | null>, previous: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(next)) {
    if (value !== null) out[name] = secrets.encrypt(value);
    else if (previous[name] !== undefined) out[name] = isSealed(previous[name]) ? previous[name] : secrets.encrypt(previous[name]);
    else throw new AppError("VALIDATION", `Informe o valor do cabeçalho "${name}"`, { field: "action.webhook.headers" });
  }
  return out;
}

/** Plain values for the outgoing call. A legacy plaintext value (stored before sealing) passes as is. */
export function openHeaders(secrets: SecretBox, stored: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, isSealed(value) ? secrets.decrypt(value) : value]));
}

export const publicHeaders = (stored: Record<string, string>): PublicIntentHeader[] =>
  Object.entries(stored).map(([name, value]) => ({ name, hasValue: value !== "" }));
