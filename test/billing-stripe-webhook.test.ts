import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs, stripeEvents } from "../db/schema";
import { testStripeConfig } from "../src/services/billing/stripe-config";
import { FAKE_STRIPE_WEBHOOK_SECRET } from "./fakes/stripe";
import { type BillingApp, settleStripeEvents, startBillingApp } from "./helpers/billing";

let b: BillingApp;
beforeAll(async () => {
  b = await startBillingApp();
}, 60_000);
afterAll(() => b.stop());

const someEvent = () => b.stripe.state.event("customer.created", b.stripe.state.createCustomer({ email: "x@exemplo.com.br" }));

describe("[billing] the Stripe webhook", () => {
  test("the admin's Testar reads the account through the real stripe library", async () => {
    const out = await testStripeConfig(b.app.deps);
    expect(out).toMatchObject({ ok: true, accountId: "acct_fake_atenda", name: "Loja Fake", country: "BR" });
    const bad = await testStripeConfig(b.app.deps, "sk_test_wrong_key");
    expect(bad.ok).toBe(false);
    expect(bad.error).toContain("401");
  });

  test("a body signed with another secret is refused with 400 and stores nothing", async () => {
    const e = someEvent();
    const [status] = await b.stripe.deliver([e], { secret: "whsec_outro_segredo" });
    expect(status).toBe(400);
    expect(await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, e.id))).toHaveLength(0);
  });

  test("a signature older than 300 s is refused and stores nothing", async () => {
    const e = someEvent();
    const [status] = await b.stripe.deliver([e], { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(status).toBe(400);
    expect(await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, e.id))).toHaveLength(0);
  });

  test("a body changed after signing is refused (the check is over the raw bytes)", async () => {
    const e = someEvent();
    const payload = JSON.stringify(e);
    const header = await b.stripe.state.signature(payload, FAKE_STRIPE_WEBHOOK_SECRET);
    const res = await fetch(`${b.app.base}/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header, "content-type": "application/json" }, body: payload.replace("customer.created", "invoice.paid") });
    expect(res.status).toBe(400);
    expect(await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, e.id))).toHaveLength(0);
  });

  test("a valid event is stored before the 200 with one job; a redelivery is acknowledged and stores nothing new", async () => {
    const e = someEvent();
    expect(await b.stripe.deliver([e])).toEqual([200]);
    expect(await b.stripe.deliver([e])).toEqual([200]);
    const rows = await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, e.id));
    expect(rows).toHaveLength(1);
    const queued = (await b.app.deps.db.select().from(jobs).where(eq(jobs.type, "stripe-event"))).filter((j) => (j.data as { eventId?: string }).eventId === e.id);
    expect(queued).toHaveLength(1);
    await settleStripeEvents(b.app);
    // An event type Atenda does not act on is kept and marked ignored.
    const [after] = await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, e.id));
    expect(after?.status).toBe("ignored");
  });
});
