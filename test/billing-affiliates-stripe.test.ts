import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { affiliateCommissions, payments, plans } from "../db/schema";
import { type BillingApp, settleStripeEvents, startBillingApp } from "./helpers/billing";
import { Client, must } from "./helpers/client";
import { loginAdmin, registerBody, registerUser } from "./helpers/factories";

let b: BillingApp;
beforeAll(async () => {
  b = await startBillingApp();
}, 60_000);
afterAll(() => b.stop());

describe("[affiliates] through a real purchase (Stripe fake)", () => {
  test("a referred owner's paid invoice earns the affiliate 10 %; the admin's refund cancels it", async () => {
    const affiliate = await registerUser(b.app);
    const me = await affiliate.client.query<{ code: string; pendingCents: number }>("affiliates.me");
    // The visitor follows the link, signs up in the same browser, and buys Profissional.
    const browser = await new Client(b.app.base).warmUp();
    await browser.get(`/register?ref=${me.data.code}`);
    const reg = await browser.post<{ user: { currentWorkspaceId: string } }>("/api/v1/auth/register", registerBody());
    expect(reg.status).toBe(201);
    const pro = must((await b.app.deps.db.select().from(plans).where(eq(plans.name, "Profissional")).limit(1))[0]);
    const out = await browser.mutate<{ checkoutId: string }>("billing.checkout.create", { planId: pro.id });
    expect(out.error).toBeNull();
    const session = must([...b.stripe.state.sessions.values()].find((s) => s.client_reference_id === out.data.checkoutId));
    await b.stripe.pay(String(session.id));
    await settleStripeEvents(b.app, 40_000);

    const [payment] = await b.app.deps.db.select().from(payments).where(eq(payments.workspaceId, reg.data.user.currentWorkspaceId));
    expect(payment?.amountCents).toBe(pro.priceCents);
    const [commission] = await b.app.deps.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, must(payment).id));
    expect(commission).toMatchObject({ status: "pending", amountCents: Math.round(pro.priceCents * 0.1) });
    const after = await affiliate.client.query<{ pendingCents: number }>("affiliates.me");
    expect(after.data.pendingCents - me.data.pendingCents).toBe(Math.round(pro.priceCents * 0.1));

    // The admin refunds it through Stripe; the charge.refunded webhook cancels the commission.
    const { client: admin } = await loginAdmin(b.app);
    const refund = await admin.mutate("adminBilling.payments.refund", { paymentId: must(payment).id });
    expect(refund.error).toBeNull();
    await settleStripeEvents(b.app, 40_000);
    const [canceled] = await b.app.deps.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, must(payment).id));
    expect(canceled?.status).toBe("canceled");
    const [refunded] = await b.app.deps.db.select().from(payments).where(eq(payments.id, must(payment).id));
    expect(refunded?.status).toBe("refunded");
  }, 90_000);
});
