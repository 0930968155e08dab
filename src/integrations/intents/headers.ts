/**
 * Webhook-intent headers carry credentials (`Authorization: Bearer …`), so their values are sealed
 * like every other secret (AES-GCM, src/lib/crypto.ts): written encrypted, listed as names with a
 * "has value" flag, decrypted only for the call itself.
 */
import { AppError } from "../../lib/errors";
import type { SecretBox } from "../../lib/crypto";
import type { PublicIntentHeader } from "../../schemas/agents";

const SEALED = "enc:v1:";
export const RETYPE_HEADERS = "Ao trocar o endereço do webhook, informe de novo o valor dos cabeçalhos";

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A kept (null) value only ever goes to the server it was saved for: otherwise an editor could point
 * the webhook at a server of their own and read the stored token from the next call (the same rule
 * as assertSecretStaysWithAddress for integrations). Another path on the same origin is fine.
 */
export function assertHeadersStayWithServer(next: { url: string; headers: Record<string, string | null> }, previousUrl: string | null) {
  const keeps = Object.values(next.headers).some((v) => v === null);
  if (keeps && previousUrl !== null && originOf(next.url) !== originOf(previousUrl)) {
    throw new AppError("VALIDATION", RETYPE_HEADERS, { field: "action.webhook.headers" });
  }
}
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
