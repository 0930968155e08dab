/**
 * The Stripe fake (test/fakes/stripe.ts) as its own Bun process for the browser tests: the e2e
 * server's STRIPE_API_BASE points here (playwright.config.ts), and its events go to the server's
 * /webhooks/stripe signed with FAKE_STRIPE_WEBHOOK_SECRET. Started once per run by global-setup.ts.
 * Usage: bun e2e/support/stripe-fake.ts <fake port> <app port>
 */
import { startFakeStripe } from "../../test/fakes/stripe";

const [port, appPort] = process.argv.slice(2).map(Number);
const fake = await startFakeStripe({ port });
fake.setWebhook(`http://127.0.0.1:${appPort}/webhooks/stripe`);
process.on("SIGTERM", () => {
  fake.stop();
  process.exit(0);
});
