/** adminBilling.payments.*: the list with its filters and pages, and refunds through Stripe (the fake) landing by the charge.refunded webhook. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payments, stripeEvents, workspaces } from "../db/schema";
import type { StripeEvent } from "./fakes/stripe";
import { type BillingApp, settleStripeEvents, startBillingApp } from "./helpers/billing";
import { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let b: BillingApp;
let admin: Client;
let wsA: string;
let wsB: string;
const DAY = 86_400_000;
const tag = `L${Date.now().toString(36)}`;

type Row = { id: string; workspaceName: string | null; status: string; kind: string; amountCents: number; refundedCents: number; refundable: boolean; createdAt: number };
type Page = { items: Row[]; nextCursor: { createdAt: number; id: string } | null; totals: { count: number; amountCents: number; refundedCents: number } };

beforeAll(async () => {
  b = await startBillingApp();
  ({ client: admin } = await loginAdmin(b.app));
  const a = await registerUser(b.app);
  const o = await registerUser(b.app);
  wsA = String(a.user.currentWorkspaceId);
  wsB = String(o.user.currentWorkspaceId);
  await b.app.deps.db.update(workspaces).set({ name: `Loja Alfa ${tag}` }).where(eq(workspaces.id, wsA));
  await b.app.deps.db.update(workspaces).set({ name: `Outra Casa ${tag}` }).where(eq(workspaces.id, wsB));
}, 60_000);
afterAll(() => b.stop());

/** A paid pack: a succeeded payment intent on the fake and our payments row for it. */
async function paidPack(workspaceId: string, amountCents: number, createdAt = Date.now()) {
  const customer = b.stripe.state.createCustomer({ email: "c@exemplo.com.br" });
  const pi = b.stripe.state.createPaymentIntent(String(customer.id), amountCents, {});
  const [row] = await b.app.deps.db
    .insert(payments)
    .values({ workspaceId, kind: "pack", description: "Pacote 1.000 créditos", amountCents, status: "paid", stripePaymentIntentId: String(pi.id), paidAt: createdAt, createdAt })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

/** A paid subscription invoice whose row knows only the invoice (the intent is found through invoice_payments). */
async function paidInvoice(workspaceId: string, amountCents: number) {
  const customer = b.stripe.state.createCustomer({ email: "s@exemplo.com.br" });
  const price = { id: "price_teste", object: "price", unit_amount: amountCents, currency: "brl", recurring: { interval: "month", interval_count: 1 }, nickname: "Essencial" };
  const sub = b.stripe.state.createSubscription(String(customer.id), price, {});
  const pi = b.stripe.state.createPaymentIntent(String(customer.id), amountCents, {});
  const invoice = b.stripe.state.createInvoice(sub, amountCents, "subscription_create", String(pi.id));
  const [row] = await b.app.deps.db
    .insert(payments)
    .values({ workspaceId, kind: "subscription", description: "Assinatura Essencial", amountCents, status: "paid", stripeInvoiceId: String(invoice.id), paidAt: Date.now() })
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const list = async (input: Record<string, unknown>) => {
  const r = await admin.query<Page>("adminBilling.payments.list", { search: tag, ...input });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
};
const rowOf = async (id: string) => (await b.app.deps.db.select().from(payments).where(eq(payments.id, id)))[0];
const lastRefundEvent = () => {
  const d = b.stripe.deliveries.filter((x) => x.type === "charge.refunded").at(-1);
  return d?.eventId ?? "";
};

describe("[billing-admin] payments list", () => {
  test("filters by status, kind, period and workspace name; pages by keyset; totals what the filters select", async () => {
    const p1 = await paidPack(wsA, 4900);
    const p2 = await paidInvoice(wsA, 9700);
    const old = await paidPack(wsB, 1500, Date.now() - 100 * DAY);
    await b.app.deps.db.insert(payments).values({ workspaceId: wsB, kind: "subscription", description: "Falhou", amountCents: 9700, status: "failed", stripeInvoiceId: `in_falhou_${tag}` });

    const all = await list({ period: "all" });
    expect(all.items).toHaveLength(4);
    expect(all.totals).toEqual({ count: 4, amountCents: 4900 + 9700 + 1500, refundedCents: 0 });
    expect(all.items.find((r) => r.id === p1.id)).toMatchObject({ workspaceName: `Loja Alfa ${tag}`, kind: "pack", status: "paid", refundable: true });
    expect(all.items.find((r) => r.status === "failed")?.refundable).toBe(false);

    expect((await list({ period: "30d" })).items.map((r) => r.id)).not.toContain(old.id);
    expect((await list({ period: "all", status: "failed" })).items.map((r) => r.status)).toEqual(["failed"]);
    expect((await list({ period: "all", kind: "pack" })).items.map((r) => r.id).sort()).toEqual([p1.id, old.id].sort());
    const alfa = await list({ period: "all", search: `Alfa ${tag}` });
    expect(alfa.items.map((r) => r.id).sort()).toEqual([p1.id, p2.id].sort());
    expect((await list({ period: "all", search: `nenhuma-loja-${tag}` })).items).toHaveLength(0);

    // Keyset pages of one row walk every row once, newest first.
    const seen: string[] = [];
    let cursor: Page["nextCursor"] = null;
    do {
      const page: Page = await list({ period: "all", limit: 1, cursor });
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((r) => r.id));
    expect(new Set(seen).size).toBe(4);
  });
});

describe("[billing-admin] refunds", () => {
  test("a partial refund goes through Stripe; charge.refunded marks the payment; a redelivery changes nothing", async () => {
    const p = await paidPack(wsA, 4900);
    const r = await admin.mutate<{ refundId: string; amountCents: number }>("adminBilling.payments.refund", { paymentId: p.id, amountCents: 1000 });
    expect(r.ok).toBe(true);
    expect(r.data.amountCents).toBe(1000);
    const refund = b.stripe.state.refunds.get(r.data.refundId);
    expect(refund).toMatchObject({ amount: 1000, payment_intent: p.stripePaymentIntentId });
    await settleStripeEvents(b.app);
    expect(await rowOf(p.id)).toMatchObject({ status: "partially_refunded", refundedCents: 1000 });

    // The same event again (Stripe redelivers): acknowledged, stored once, nothing changes.
    const eventId = lastRefundEvent();
    const [stored] = await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));
    expect(stored?.status).toBe("processed");
    expect(await b.stripe.deliver([JSON.parse(String(stored?.payload)) as StripeEvent])).toEqual([200]);
    await settleStripeEvents(b.app);
    expect(await b.app.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
    expect(await rowOf(p.id)).toMatchObject({ status: "partially_refunded", refundedCents: 1000 });

    // More than what is left is refused before Stripe; the rest (no amount) refunds it fully.
    expect((await admin.mutate("adminBilling.payments.refund", { paymentId: p.id, amountCents: 3901 })).error?.message).toBe("O valor passa do que resta reembolsar (R$ 39,00).");
    expect((await admin.mutate("adminBilling.payments.refund", { paymentId: p.id })).ok).toBe(true);
    await settleStripeEvents(b.app);
    expect(await rowOf(p.id)).toMatchObject({ status: "refunded", refundedCents: 4900 });
    // An older event delivered late (amount_refunded 1000) does not undo the full refund.
    expect(await b.stripe.deliver([{ ...(JSON.parse(String(stored?.payload)) as StripeEvent), id: `evt_late_${tag}` }])).toEqual([200]);
    await settleStripeEvents(b.app);
    expect(await rowOf(p.id)).toMatchObject({ status: "refunded", refundedCents: 4900 });
    const again = await admin.mutate("adminBilling.payments.refund", { paymentId: p.id });
    expect(again.error?.message).toBe("Só um pagamento pago pode ser reembolsado.");
    const listed = await list({ period: "all", status: "refunded" });
    expect(listed.items.find((x) => x.id === p.id)).toMatchObject({ refundable: false, refundedCents: 4900 });
  });

  test("a subscription payment known by its invoice is refunded through the invoice's payment intent", async () => {
    const p = await paidInvoice(wsB, 9700);
    const r = await admin.mutate<{ refundId: string }>("adminBilling.payments.refund", { paymentId: p.id });
    expect(r.ok).toBe(true);
    await settleStripeEvents(b.app);
    const after = await rowOf(p.id);
    expect(after).toMatchObject({ status: "refunded", refundedCents: 9700 });
    expect(after?.stripePaymentIntentId).toBe(String(b.stripe.state.refunds.get(r.data.refundId)?.payment_intent));
  });

  test("a normal user and an anonymous caller are refused; nothing reaches Stripe", async () => {
    const p = await paidPack(wsA, 2000);
    const user = await registerUser(b.app);
    const anon = await new Client(b.app.base).warmUp();
    const before = b.stripe.state.refunds.size;
    expect((await user.client.query("adminBilling.payments.list", { period: "all" })).error?.code).toBe("FORBIDDEN");
    expect((await user.client.mutate("adminBilling.payments.refund", { paymentId: p.id })).error?.code).toBe("FORBIDDEN");
    expect((await anon.mutate("adminBilling.payments.refund", { paymentId: p.id })).error?.code).toBe("UNAUTHORIZED");
    expect(b.stripe.state.refunds.size).toBe(before);
    expect(await rowOf(p.id)).toMatchObject({ status: "paid", refundedCents: 0 });
  });
});
