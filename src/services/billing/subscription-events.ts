/**
 * The Stripe events that drive checkout and subscriptions (issue 15), registered in
 * stripe-event-handlers.ts. Each reads from Stripe first (outside the transaction), then returns the
 * write that commits with the event's mark. Grants go through grant keys, payments through unique
 * Stripe ids: a redelivered or replayed event changes nothing twice.
 */
import { eq } from "drizzle-orm";
import { checkoutSessions, creditPacks, payments, plans, userSubscriptions } from "../../../db/schema";
import type { Stripe } from "../../adapters/stripe/client";
import type { AppDeps, DbOrTx } from "../context";
import { recordCommissionForPayment } from "./affiliate-hooks";
import { redeemCouponFor, releaseCouponFor } from "./coupon-redemptions";
import { creditsToMilli, grantCredits } from "./grants";
import { applyAgentLimit } from "./plan-limits";
import type { StripeEventHandler } from "./stripe-event-handlers";
import { stripeOf } from "./stripe-config";
import { DAY_MS, GRACE_DAYS, downgradeToFree, switchPlan } from "./subscriptions";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));
const sToMs = (s: number | null | undefined) => (typeof s === "number" ? s * 1000 : null);

type SubFacts = { id: string; periodEnd: number | null; priceId: string | null; priceMetaPlanId: string | null; cancelAtPeriodEnd: boolean; status: string };

function factsOf(sub: Stripe.Subscription): SubFacts {
  const item = sub.items?.data?.[0];
  return { id: sub.id, periodEnd: sToMs(item?.current_period_end), priceId: item?.price?.id ?? null, priceMetaPlanId: item?.price?.metadata?.planId ?? null, cancelAtPeriodEnd: sub.cancel_at_period_end === true, status: sub.status };
}

async function readSubscription(deps: AppDeps, subId: string | null): Promise<SubFacts | null> {
  if (!subId) return null;
  const stripe = await stripeOf(deps);
  if (!stripe) return null;
  return factsOf(await stripe.client.subscriptions.retrieve(subId));
}

const subRow = async (tx: DbOrTx, stripeSubId: string) => (await tx.select().from(userSubscriptions).where(eq(userSubscriptions.stripeSubscriptionId, stripeSubId)).limit(1))[0];

/** The row of a Stripe subscription, created from its metadata if the checkout's event has not come yet. */
async function ensureSubscription(tx: DbOrTx, meta: Record<string, string> | null | undefined, facts: SubFacts, now: number) {
  const existing = await subRow(tx, facts.id);
  if (existing) return existing;
  if (!meta?.workspaceId || !meta.planId) return undefined;
  const { subscription } = await switchPlan(tx, { workspaceId: meta.workspaceId, planId: meta.planId, stripeSubscriptionId: facts.id, autoRenew: !facts.cancelAtPeriodEnd, endDate: facts.periodEnd, nextPaymentDate: facts.periodEnd }, now);
  return subscription;
}

const checkoutCompleted: StripeEventHandler = async (deps, event) => {
  const session = event.data.object as Stripe.Checkout.Session;
  const facts = session.mode === "subscription" ? await readSubscription(deps, idOf(session.subscription)) : null;
  return async (tx) => {
    const checkoutId = session.client_reference_id ?? session.metadata?.checkoutId ?? "";
    const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId)).limit(1);
    if (!row) return "ignored";
    const now = deps.now();
    if (row.status !== "complete") await tx.update(checkoutSessions).set({ status: "complete", completedAt: now, stripeSessionId: row.stripeSessionId ?? session.id }).where(eq(checkoutSessions.id, row.id));
    await redeemCouponFor(tx, row.id, now);
    if (row.kind === "pack") {
      if (session.payment_status === "paid") await creditPack(tx, row, session, now);
      return "processed";
    }
    if (facts) await ensureSubscription(tx, { workspaceId: row.workspaceId, planId: row.planId ?? "" }, facts, now);
    return "processed";
  };
};

/** A pack's payment: the payments row (unique by payment intent) and its credits, once per session. */
async function creditPack(tx: DbOrTx, row: typeof checkoutSessions.$inferSelect, session: Stripe.Checkout.Session, now: number) {
  const [pack] = await tx.select().from(creditPacks).where(eq(creditPacks.id, row.packId ?? "")).limit(1);
  if (!pack) return;
  const intent = idOf(session.payment_intent);
  const [inserted] = await tx
    .insert(payments)
    .values({ workspaceId: row.workspaceId, userId: row.userId, kind: "pack", packId: pack.id, couponId: row.couponId, checkoutSessionId: row.id, stripePaymentIntentId: intent, description: `Créditos adicionais: ${pack.name}`, amountCents: session.amount_total ?? row.totalCents, status: "paid", paidAt: now })
    .onConflictDoNothing()
    .returning();
  const paymentId = inserted?.id ?? null;
  await grantCredits(tx, { workspaceId: row.workspaceId, kind: "pack", grantKey: `pack:${session.id}`, amountMilli: creditsToMilli(pack.credits), expiresAt: pack.expiresInDays ? now + pack.expiresInDays * DAY_MS : null, paymentId, packId: pack.id }, now);
  if (inserted) await recordCommissionForPayment(tx, { id: inserted.id, workspaceId: inserted.workspaceId, userId: inserted.userId, amountCents: inserted.amountCents }, now);
}

/** Boleto/Pix packs: paid after the session completed. */
const asyncPaymentSucceeded: StripeEventHandler = async (deps, event) => {
  const session = event.data.object as Stripe.Checkout.Session;
  return async (tx) => {
    const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.client_reference_id ?? "")).limit(1);
    if (row?.kind !== "pack") return "ignored";
    await creditPack(tx, row, session, deps.now());
    return "processed";
  };
};

const checkoutExpired: StripeEventHandler = async (deps, event) => {
  const session = event.data.object as Stripe.Checkout.Session;
  return async (tx) => {
    const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.client_reference_id ?? session.metadata?.checkoutId ?? "")).limit(1);
    if (row?.status !== "open") return "ignored";
    await tx.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, row.id));
    await releaseCouponFor(tx, row.id, deps.now());
    return "processed";
  };
};

type InvoiceParent = { subscription_details?: { subscription?: string | { id: string } | null; metadata?: Record<string, string> | null } | null } | null;
const invoiceSub = (inv: Stripe.Invoice) => {
  const parent = (inv as unknown as { parent?: InvoiceParent }).parent;
  return { subId: idOf(parent?.subscription_details?.subscription), meta: parent?.subscription_details?.metadata ?? null };
};
const invoiceIntent = (inv: Stripe.Invoice) => {
  const list = (inv as unknown as { payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] } }).payments;
  return idOf(list?.data?.[0]?.payment?.payment_intent);
};

const invoicePaid: StripeEventHandler = async (deps, event) => {
  const inv = event.data.object as Stripe.Invoice;
  const { subId, meta } = invoiceSub(inv);
  const facts = await readSubscription(deps, subId);
  return async (tx) => {
    if (!subId || !facts) return "ignored";
    const now = deps.now();
    const sub = await ensureSubscription(tx, meta, facts, now);
    if (!sub) return "ignored";
    const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.planId)).limit(1);
    if (!plan) return "ignored";
    const paidAt = sToMs(inv.status_transitions?.paid_at) ?? now;
    const [inserted] = await tx
      .insert(payments)
      .values({ workspaceId: sub.workspaceId, userId: sub.userId, kind: "subscription", planId: plan.id, stripeInvoiceId: inv.id, stripePaymentIntentId: invoiceIntent(inv), description: `Assinatura ${plan.name}`, amountCents: inv.amount_paid, status: "paid", invoicePdfUrl: inv.invoice_pdf ?? null, hostedInvoiceUrl: inv.hosted_invoice_url ?? null, paidAt })
      .onConflictDoNothing()
      .returning();
    const paymentId = inserted?.id ?? (await tx.select({ id: payments.id }).from(payments).where(eq(payments.stripeInvoiceId, inv.id ?? "")).limit(1))[0]?.id ?? null;
    await grantCredits(tx, { workspaceId: sub.workspaceId, kind: "plan_period", grantKey: `invoice:${inv.id}`, amountMilli: creditsToMilli(plan.creditsIncluded), paymentId, planId: plan.id }, now);
    await tx.update(userSubscriptions).set({ lastPaymentDate: paidAt, nextPaymentDate: facts.periodEnd, endDate: facts.periodEnd, graceUntil: null }).where(eq(userSubscriptions.id, sub.id));
    if (inserted) await recordCommissionForPayment(tx, { id: inserted.id, workspaceId: inserted.workspaceId, userId: inserted.userId, amountCents: inserted.amountCents }, now);
    return "processed";
  };
};

const invoiceFailed: StripeEventHandler = async (deps, event) => {
  const { subId } = invoiceSub(event.data.object as Stripe.Invoice);
  return async (tx) => {
    const sub = subId ? await subRow(tx, subId) : undefined;
    if (sub?.status !== "active") return "ignored";
    if (!sub.graceUntil) await tx.update(userSubscriptions).set({ graceUntil: deps.now() + GRACE_DAYS * DAY_MS }).where(eq(userSubscriptions.id, sub.id));
    return "processed";
  };
};

const subscriptionUpdated: StripeEventHandler = async (deps, event) => {
  const facts = factsOf(event.data.object as Stripe.Subscription);
  return async (tx) => {
    const sub = await subRow(tx, facts.id);
    const at = event.created * 1000;
    if (sub?.status !== "active" || (sub.stripeEventAt && at < sub.stripeEventAt)) return "ignored";
    const now = deps.now();
    if (["canceled", "unpaid", "incomplete_expired"].includes(facts.status)) {
      await downgradeToFree(tx, sub.id, now);
      return "processed";
    }
    const plan = await planOfPrice(tx, facts);
    const graceUntil = facts.status === "past_due" ? (sub.graceUntil ?? now + GRACE_DAYS * DAY_MS) : facts.status === "active" ? null : sub.graceUntil;
    await tx
      .update(userSubscriptions)
      .set({ cancelAtPeriodEnd: facts.cancelAtPeriodEnd, autoRenew: !facts.cancelAtPeriodEnd, endDate: facts.periodEnd ?? sub.endDate, nextPaymentDate: facts.periodEnd ?? sub.nextPaymentDate, graceUntil, stripeEventAt: at, ...(plan && plan.id !== sub.planId ? { planId: plan.id } : {}) })
      .where(eq(userSubscriptions.id, sub.id));
    if (plan && plan.id !== sub.planId) await applyAgentLimit(tx, sub.workspaceId, plan.maxAgents, now);
    return "processed";
  };
};

async function planOfPrice(tx: DbOrTx, facts: SubFacts) {
  if (facts.priceId) {
    const [p] = await tx.select().from(plans).where(eq(plans.stripePriceId, facts.priceId)).limit(1);
    if (p) return p;
  }
  if (!facts.priceMetaPlanId) return undefined;
  return (await tx.select().from(plans).where(eq(plans.id, facts.priceMetaPlanId)).limit(1))[0];
}

const subscriptionDeleted: StripeEventHandler = async (deps, event) => {
  const facts = factsOf(event.data.object as Stripe.Subscription);
  return async (tx) => {
    const sub = await subRow(tx, facts.id);
    if (!sub) return "ignored";
    return (await downgradeToFree(tx, sub.id, deps.now())) ? "processed" : "ignored";
  };
};

export const SUBSCRIPTION_EVENT_HANDLERS: Record<string, StripeEventHandler> = {
  "checkout.session.completed": checkoutCompleted,
  "checkout.session.async_payment_succeeded": asyncPaymentSucceeded,
  "checkout.session.expired": checkoutExpired,
  "invoice.paid": invoicePaid,
  "invoice.payment_failed": invoiceFailed,
  "customer.subscription.updated": subscriptionUpdated,
  "customer.subscription.deleted": subscriptionDeleted,
};

