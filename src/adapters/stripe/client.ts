/**
 * The Stripe client (protocols.md §9): the official `stripe` library, pointed at STRIPE_API_BASE
 * (host, port and protocol, so tests talk to the loopback fake), its API version pinned by the
 * library release, a few network retries with its own backoff and idempotency keys.
 */
// Types only here: the library (~10 ms and ~10 MB to load) is imported with the first Stripe call,
// so a platform without payments configured never loads it (issue 12, the binary's start and memory).
import type Stripe from "stripe";

export type StripeClient = Stripe;
export type { Stripe };

type StripeLibrary = typeof Stripe;
let library: StripeLibrary | null = null;

async function loadStripe(): Promise<StripeLibrary> {
  library ??= (await import("stripe")).default;
  return library;
}

/** Tolerance of a webhook's timestamp (Stripe's default, the contract). */
export const WEBHOOK_TOLERANCE_S = 300;

const clients = new Map<string, Stripe>();

/** One client per (base, key): the library keeps its own agent and connection pool. */
export async function stripeClient(apiBase: string, secretKey: string): Promise<Stripe> {
  const cacheKey = `${apiBase} ${secretKey}`;
  const cached = clients.get(cacheKey);
  if (cached) return cached;
  const StripeLib = await loadStripe();
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const client = new StripeLib(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Atenda" },
  });
  if (clients.size > 8) clients.clear();
  clients.set(cacheKey, client);
  return client;
}

/**
 * Checks a webhook's Stripe-Signature over the exact bytes received and parses it; throws
 * Stripe.errors.StripeSignatureVerificationError when it does not match or is older than 300 s.
 * Async: under Bun the library is its fetch/WebCrypto build, whose HMAC cannot run synchronously.
 */
export async function verifyWebhook(rawBody: string, signature: string, webhookSecret: string): Promise<Stripe.Event> {
  const StripeLib = await loadStripe();
  return StripeLib.webhooks.constructEventAsync(rawBody, signature, webhookSecret, WEBHOOK_TOLERANCE_S);
}

/** Whether verifyWebhook refused the signature (as opposed to a body that is not an event). */
export const isSignatureError = (err: unknown): boolean => library !== null && err instanceof library.errors.StripeSignatureVerificationError;

/** A Stripe error's message for people (pt-BR around it; Stripe's own text inside). */
export function describeStripeError(err: unknown): string {
  // No Stripe call made yet means no Stripe error either: the library is not loaded for this.
  const errors = library?.errors;
  if (!errors) return "Falha ao falar com a Stripe";
  if (err instanceof errors.StripeAuthenticationError) return "Chave da Stripe inválida (401)";
  if (err instanceof errors.StripeConnectionError) return "Não foi possível falar com a Stripe (rede)";
  if (err instanceof errors.StripeError) return `Stripe recusou: ${err.message}`;
  return "Falha ao falar com a Stripe";
}
