import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, creditGrants, payments, plans, userCredits, userSubscriptions } from "../db/schema";
import { downgradeExpiredGrace, runFreeRenewals } from "../src/services/billing/free-renewal";
import { type BillingApp, settleStripeEvents, startBillingApp } from "./helpers/billing";
import { must } from "./helpers/client";
import { insertAgent, loginAdmin, registerUser } from "./helpers/factories";

let b: BillingApp;
beforeAll(async () => {
  b = await startBillingApp();
}, 60_000);
afterAll(() => b.stop());

const T = 60_000;
const settle = () => settleStripeEvents(b.app, 40_000);
const planNamed = async (name: string) => must((await b.app.deps.db.select().from(plans).where(eq(plans.name, name)).limit(1))[0], name);
const remaining = async (ws: string) => must((await b.app.deps.db.select().from(userCredits).where(eq(userCredits.workspaceId, ws)).limit(1))[0]).remainingCredits;
type SubView = { plan: { name: string }; status: string; pastDue: boolean; graceUntil: number | null; cancelAtPeriodEnd: boolean };

/** A workspace subscribed to Profissional through checkout + the fake's payment. */
async function subscribed() {
  const owner = await registerUser(b.app);
  const ws = must(owner.user.currentWorkspaceId);
  const out = await owner.client.mutate<{ checkoutId: string }>("billing.checkout.create", { planId: (await planNamed("Profissional")).id });
  const session = must([...b.stripe.state.sessions.values()].find((s) => s.client_reference_id === out.data.checkoutId));
  await b.stripe.pay(String(session.id));
  await settle();
  const subId = String(must(b.stripe.state.sessions.get(String(session.id))).subscription);
  return { owner, ws, subId };
}

describe("[billing] subscriptions", () => {
  test(
    "invoice.paid delivered twice (same event, and a second event of the same invoice) grants the period once",
    async () => {
      const { ws, subId } = await subscribed();
      const before = await remaining(ws);
      const events = await b.stripe.renew(subId, "paid");
      const paid = must(events.find((e) => e.type === "invoice.paid"));
      await b.stripe.deliver([paid]);
      await b.stripe.deliver([{ ...paid, id: `${paid.id}_redelivered` }]);
      await settle();
      const pro = await planNamed("Profissional");
      expect((await remaining(ws)) - before).toBe(pro.creditsIncluded * 1000);
      const invoiceId = String((paid.data.object as { id: string }).id);
      expect(await b.app.deps.db.select().from(creditGrants).where(eq(creditGrants.grantKey, `invoice:${invoiceId}`))).toHaveLength(1);
      expect(await b.app.deps.db.select().from(payments).where(eq(payments.stripeInvoiceId, invoiceId))).toHaveLength(1);
    },
    T,
  );

  test(
    "payment failure → past due with 7 days of grace → cancellation → Gratuito with the newest agents paused, never deleted",
    async () => {
      const { owner, ws, subId } = await subscribed();
      const a1 = await insertAgent(b.app, ws, owner.user.id, "Primeiro");
      await Bun.sleep(5);
      const a2 = await insertAgent(b.app, ws, owner.user.id, "Segundo");
      await Bun.sleep(5);
      const a3 = await insertAgent(b.app, ws, owner.user.id, "Terceiro");
      await b.stripe.renew(subId, "failed");
      await settle();
      const due = await owner.client.query<SubView>("billing.subscription.get");
      expect(due.data).toMatchObject({ plan: { name: "Profissional" }, status: "past_due", pastDue: true });
      expect(must(due.data.graceUntil) - Date.now()).toBeGreaterThan(6 * 86_400_000);
      await b.stripe.end(subId);
      await settle();
      const after = await owner.client.query<SubView>("billing.subscription.get");
      expect(after.data).toMatchObject({ plan: { name: "Gratuito" }, pastDue: false });
      const rows = await b.app.deps.db.select().from(agents).where(eq(agents.workspaceId, ws));
      expect(rows).toHaveLength(3);
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(a1.id)?.isActive).toBe(true);
      expect(byId.get(a2.id)?.isActive).toBe(false);
      expect(byId.get(a3.id)?.pausedByPlanAt).not.toBeNull();
    },
    T,
  );

  test(
    "an older customer.subscription.updated arriving late is ignored; cancel and resume set cancel_at_period_end",
    async () => {
      const { owner, subId } = await subscribed();
      const cancel = await owner.client.mutate("billing.subscription.cancel");
      expect(cancel.error).toBeNull();
      expect(must(b.stripe.state.subscriptions.get(subId)).cancel_at_period_end).toBe(true);
      await settle();
      expect((await owner.client.query<SubView>("billing.subscription.get")).data.cancelAtPeriodEnd).toBe(true);
      const sub = must(b.stripe.state.subscriptions.get(subId));
      const stale = b.stripe.state.event("customer.subscription.updated", { ...sub, cancel_at_period_end: false });
      await b.stripe.deliver([{ ...stale, created: stale.created - 3600 }]);
      await settle();
      expect((await owner.client.query<SubView>("billing.subscription.get")).data.cancelAtPeriodEnd).toBe(true);
      expect((await owner.client.mutate("billing.subscription.resume")).error).toBeNull();
      await settle();
      expect((await owner.client.query<SubView>("billing.subscription.get")).data.cancelAtPeriodEnd).toBe(false);
    },
    T,
  );

  test(
    "grace that ran out is downgraded by the schedule",
    async () => {
      const { owner, ws } = await subscribed();
      await b.app.deps.db
        .update(userSubscriptions)
        .set({ graceUntil: Date.now() - 1000 })
        .where(and(eq(userSubscriptions.workspaceId, ws), eq(userSubscriptions.status, "active")));
      expect(await downgradeExpiredGrace(b.app.deps)).toBeGreaterThanOrEqual(1);
      expect((await owner.client.query<SubView>("billing.subscription.get")).data.plan.name).toBe("Gratuito");
    },
    T,
  );

  test(
    "the free plan's monthly top-up happens once per month; the admin's assignPlan grants once and non-admins are refused",
    async () => {
      const owner = await registerUser(b.app);
      const ws = must(owner.user.currentWorkspaceId);
      const free = await planNamed("Gratuito");
      await b.app.deps.db.update(userCredits).set({ remainingCredits: 10_000 }).where(eq(userCredits.workspaceId, ws));
      await runFreeRenewals(b.app.deps);
      expect(await remaining(ws)).toBe(free.creditsIncluded * 1000);
      await b.app.deps.db.update(userCredits).set({ remainingCredits: 10_000 }).where(eq(userCredits.workspaceId, ws));
      await runFreeRenewals(b.app.deps);
      expect(await remaining(ws)).toBe(10_000);

      const ess = await planNamed("Essencial");
      const refused = await owner.client.mutate("adminBilling.assignPlan", { workspaceId: ws, planId: ess.id });
      expect(refused.error?.code).toBe("FORBIDDEN");
      const admin = await loginAdmin(b.app);
      const out = await admin.client.mutate<{ planName: string }>("adminBilling.assignPlan", { workspaceId: ws, planId: ess.id });
      expect(out.data.planName).toBe("Essencial");
      expect(await remaining(ws)).toBe(10_000 + ess.creditsIncluded * 1000);
      expect((await owner.client.query<SubView>("billing.subscription.get")).data.plan.name).toBe("Essencial");
    },
    T,
  );
});
