/**
 * A test app wired to the Stripe fake (test/fakes/stripe.ts): STRIPE_API_BASE points the real
 * `stripe` library at it, the platform's Stripe keys are saved (encrypted) like the admin screen
 * does, and the fake posts its signed events to the app's /webhooks/stripe.
 */
import { inArray } from "drizzle-orm";
import { stripeEvents } from "../../db/schema";
import { saveStripeConfig } from "../../src/services/billing/stripe-config";
import { FAKE_STRIPE_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from "../fakes/stripe";
import { type TestApp, startTestApp } from "./app";

export type BillingApp = { app: TestApp; stripe: FakeStripe; stop: () => Promise<void> };

export async function startBillingApp(overrides: Record<string, string> = {}, opts: { configure?: boolean } = {}): Promise<BillingApp> {
  const stripe = await startFakeStripe();
  const app = await startTestApp({ STRIPE_API_BASE: stripe.url, ...overrides });
  if (opts.configure !== false) await configureStripe(app);
  stripe.setWebhook(`${app.base}/webhooks/stripe`);
  return {
    app,
    stripe,
    stop: async () => {
      await app.stop();
      stripe.stop();
    },
  };
}

export const configureStripe = (app: TestApp) =>
  saveStripeConfig(app.deps, { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, publishableKey: "pk_test_fake_atenda", enablePix: false, enableBoleto: false }, null);

/** Waits until every stored Stripe event was applied by the job queue (processed, ignored or failed). */
export async function settleStripeEvents(app: TestApp, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const pending = await app.deps.db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.status, ["pending"])).limit(1);
    if (pending.length === 0) return;
    await Bun.sleep(25);
  }
  throw new Error("Stripe events still pending");
}
