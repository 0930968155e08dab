import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { checkoutSessions, couponRedemptions, coupons, creditGrants, creditPacks, payments, plans, userCredits } from "../db/schema";
import { type BillingApp, settleStripeEvents, startBillingApp } from "./helpers/billing";
import { must } from "./helpers/client";
import { registerUser } from "./helpers/factories";

let b: BillingApp;
beforeAll(async () => {
  b = await startBillingApp();
}, 60_000);
afterAll(() => b.stop());

type CreateOut = { checkoutId: string; url: string; totalCents: number };
const planNamed = async (name: string) => must((await b.app.deps.db.select().from(plans).where(eq(plans.name, name)).limit(1))[0], name);
const wallet = async (ws: string) => must((await b.app.deps.db.select().from(userCredits).where(eq(userCredits.workspaceId, ws)).limit(1))[0], "wallet");
const sessionOf = (checkoutId: string) => must([...b.stripe.state.sessions.values()].find((s) => s.client_reference_id === checkoutId), "stripe session");

describe("[billing] checkout", () => {
  test("a plan's session carries the server's price, BRL, pt-BR, our id and return URLs; paying makes the plan active with its credits", async () => {
    const owner = await registerUser(b.app);
    const ws = must(owner.user.currentWorkspaceId);
    const pro = await planNamed("Profissional");
    const before = await wallet(ws);
    const out = await owner.client.mutate<CreateOut>("billing.checkout.create", { planId: pro.id });
    expect(out.error).toBeNull();
    const s = sessionOf(out.data.checkoutId);
    expect(s).toMatchObject({ mode: "subscription", amount_subtotal: pro.priceCents, amount_total: pro.priceCents, currency: "brl", locale: "pt-BR", metadata: { checkoutId: out.data.checkoutId, workspaceId: ws, kind: "plan", planId: pro.id } });
    expect(String(s.success_url)).toBe(`${b.app.deps.appUrl}/checkout?status=sucesso&checkout=${out.data.checkoutId}`);
    expect(String(s.cancel_url)).toContain("status=cancelado");
    expect(out.data.url).toBe(String(s.url));
    const waiting = await owner.client.query<{ status: string }>("billing.checkout.status", { checkoutId: out.data.checkoutId });
    expect(waiting.data.status).toBe("open");

    await b.stripe.pay(String(s.id));
    await settleStripeEvents(b.app, 40_000);
    const done = await owner.client.query<{ status: string; name: string }>("billing.checkout.status", { checkoutId: out.data.checkoutId });
    expect(done.data).toMatchObject({ status: "complete", name: "Profissional" });
    const sub = await owner.client.query<{ plan: { name: string }; hasStripeSubscription: boolean; nextRenewalAmountCents: number; nextRenewalDate: number }>("billing.subscription.get");
    expect(sub.data).toMatchObject({ plan: { name: "Profissional" }, hasStripeSubscription: true, nextRenewalAmountCents: pro.priceCents });
    expect(sub.data.nextRenewalDate).toBeGreaterThan(Date.now());
    const after = await wallet(ws);
    expect(after.remainingCredits - before.remainingCredits).toBe(pro.creditsIncluded * 1000);
    const inv = await owner.client.query<{ items: { amountCents: number; invoicePdfUrl: string }[]; total: number }>("billing.invoices", { page: 1, pageSize: 10 });
    expect(inv.data.total).toBe(1);
    expect(inv.data.items[0]?.amountCents).toBe(pro.priceCents);
    expect(inv.data.items[0]?.invoicePdfUrl).toContain("/pdf");
  }, 60_000);

  test("a coupon is reserved with the checkout and becomes a one-time Stripe coupon: first period discounted, renewals at the list price", async () => {
    const owner = await registerUser(b.app);
    const pro = await planNamed("Profissional");
    const code = `DEZ${Date.now().toString(36).toUpperCase()}`;
    const [coupon] = await b.app.deps.db.insert(coupons).values({ code, name: "Dez por cento", discountType: "percent", discountValue: 10, maxUses: 5 }).returning();
    const out = await owner.client.mutate<CreateOut>("billing.checkout.create", { planId: pro.id, couponCode: code.toLowerCase() });
    expect(out.error).toBeNull();
    const discount = Math.round(pro.priceCents / 10);
    expect(out.data.totalCents).toBe(pro.priceCents - discount);
    const s = sessionOf(out.data.checkoutId);
    expect(s).toMatchObject({ amount_subtotal: pro.priceCents, amount_total: pro.priceCents - discount });
    const stripeCoupon = must(b.stripe.state.coupons.get(String((s.discounts as { coupon: string }[])[0]?.coupon)));
    expect(stripeCoupon).toMatchObject({ amount_off: discount, duration: "once" });
    // The recurring price stays the plan's list price, so renewals are not discounted.
    expect(must(b.stripe.state.prices.get(String(s.price_id))).unit_amount).toBe(pro.priceCents);
    const [row] = await b.app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, out.data.checkoutId));
    expect(row).toMatchObject({ couponId: must(coupon).id, subtotalCents: pro.priceCents, discountCents: discount });
    await b.stripe.pay(String(s.id));
    await settleStripeEvents(b.app, 40_000);
    const [redemption] = await b.app.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.checkoutSessionId, out.data.checkoutId));
    expect(redemption?.status).toBe("redeemed");
  }, 60_000);

  test("a price sent by the browser is refused by the schema; an inactive or free plan cannot be bought", async () => {
    const owner = await registerUser(b.app);
    const free = await planNamed("Gratuito");
    const forged = await owner.client.mutate("billing.checkout.create", { planId: (await planNamed("Essencial")).id, priceCents: 1 });
    // zod strips unknown keys: the session is still priced from the database.
    expect(forged.error).toBeNull();
    expect(sessionOf((forged.data as CreateOut).checkoutId).amount_total).toBe((await planNamed("Essencial")).priceCents);
    const freeOut = await owner.client.mutate("billing.checkout.create", { planId: free.id });
    expect(freeOut.error?.appCode ?? freeOut.error?.code).toMatch(/NOT_FOUND/);
  }, 60_000);

  test("a quarterly plan is billed every 3 months and a yearly one every year (not monthly at their price)", async () => {
    const owner = await registerUser(b.app);
    for (const [billingPeriod, interval, count] of [
      ["quarterly", "month", 3],
      ["yearly", "year", 1],
    ] as const) {
      const [plan] = await b.app.deps.db
        .insert(plans)
        .values({ name: `Plano ${billingPeriod} ${Date.now().toString(36)}`, priceCents: 50_000, billingPeriod, creditsIncluded: 1000, sortOrder: 9 })
        .returning();
      const out = await owner.client.mutate<CreateOut>("billing.checkout.create", { planId: must(plan).id });
      expect(out.error).toBeNull();
      const price = must(b.stripe.state.prices.get(String(sessionOf(out.data.checkoutId).price_id)), "price");
      expect(price).toMatchObject({ unit_amount: 50_000, recurring: { interval, interval_count: count } });
    }
  }, 60_000);

  test("a pack is a one-time payment credited once per session, even when the event is redelivered", async () => {
    const owner = await registerUser(b.app);
    const ws = must(owner.user.currentWorkspaceId);
    const [pack] = await b.app.deps.db.insert(creditPacks).values({ name: "Pacote 1.000", credits: 1000, priceCents: 4900 }).returning();
    const p = must(pack);
    const before = await wallet(ws);
    const out = await owner.client.mutate<CreateOut>("billing.checkout.create", { packId: p.id });
    expect(out.error).toBeNull();
    const s = sessionOf(out.data.checkoutId);
    expect(s).toMatchObject({ mode: "payment", amount_total: 4900 });
    const events = await b.stripe.pay(String(s.id));
    await b.stripe.deliver(events.filter((e) => e.type === "checkout.session.completed").map((e) => ({ ...e, id: `${e.id}_again` })));
    await settleStripeEvents(b.app, 40_000);
    expect((await wallet(ws)).remainingCredits - before.remainingCredits).toBe(1000 * 1000);
    expect(await b.app.deps.db.select().from(creditGrants).where(eq(creditGrants.grantKey, `pack:${s.id}`))).toHaveLength(1);
    expect(await b.app.deps.db.select().from(payments).where(and(eq(payments.workspaceId, ws), eq(payments.kind, "pack")))).toHaveLength(1);
  }, 60_000);

  test("when Stripe refuses, the checkout row expires and the error says so", async () => {
    const owner = await registerUser(b.app);
    const ws = must(owner.user.currentWorkspaceId);
    const pro = await planNamed("Profissional");
    // The customer first (its own request), then the session creation fails.
    await owner.client.mutate("billing.portal");
    b.stripe.failNext(400, { error: { type: "invalid_request_error", message: "Preço inválido" } });
    const out = await owner.client.mutate("billing.checkout.create", { planId: pro.id });
    expect(out.error?.code).toBeDefined();
    expect(out.error?.message).toContain("Preço inválido");
    const rows = await b.app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.workspaceId, ws));
    expect(rows.map((r) => r.status)).toEqual(["expired"]);
  }, 60_000);

  test("another workspace's checkout cannot be read", async () => {
    const a = await registerUser(b.app);
    const other = await registerUser(b.app);
    const out = await a.client.mutate<CreateOut>("billing.checkout.create", { planId: (await planNamed("Essencial")).id });
    const peek = await other.client.query("billing.checkout.status", { checkoutId: out.data.checkoutId });
    expect(peek.error?.code).toBe("NOT_FOUND");
  }, 60_000);
});
