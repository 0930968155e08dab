/**
 * The objects of the Stripe fake and the events a real account would send when they change, shaped
 * like API version 2026-10-28 (stripe-node 23's pin; basil+ shapes: a subscription's period lives on
 * its items, an invoice names its subscription under parent.subscription_details).
 */
import Stripe from "stripe";

export type Obj = Record<string, unknown> & { id: string };
export type StripeEvent = { id: string; object: "event"; type: string; created: number; api_version: string; livemode: false; pending_webhooks: number; request: { id: null; idempotency_key: null }; data: { object: Obj; previous_attributes?: Record<string, unknown> } };

const DAY = 86_400;
export const nowS = () => Math.floor(Date.now() / 1000);

export class StripeState {
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly coupons = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  /** Every event created, in order (delivered or not). */
  readonly events: StripeEvent[] = [];
  private seq = 0;
  private readonly signer = new Stripe("sk_test_signer");

  constructor(readonly baseUrl: () => string) {}

  newId(prefix: string) {
    this.seq += 1;
    return `${prefix}_fake${String(this.seq).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  }

  event(type: string, object: Obj, previous?: Record<string, unknown>): StripeEvent {
    const e: StripeEvent = {
      id: this.newId("evt"),
      object: "event",
      type,
      created: nowS(),
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    this.events.push(e);
    return e;
  }

  /** The Stripe-Signature header for a body, made by the library's own test helper. */
  signature(payload: string, secret: string, timestamp?: number): Promise<string> {
    return this.signer.webhooks.generateTestHeaderStringAsync({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  }

  priceAmount(price: Obj) {
    return Number(price.unit_amount ?? 0);
  }

  /** Completes a checkout as if the buyer paid: the objects and the events Stripe would send, in its order. */
  pay(sessionId: string): StripeEvent[] {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no such checkout session ${sessionId}`);
    if (session.status !== "open") return [];
    const customer = (session.customer as string | null) ?? this.createCustomer({ email: session.customer_email ?? null }).id;
    const out: StripeEvent[] = [];
    const intent = this.createPaymentIntent(customer, Number(session.amount_total), session.metadata);
    Object.assign(session, { status: "complete", payment_status: "paid", customer });
    if (session.mode === "subscription") {
      const price = this.prices.get(String(session.price_id));
      if (!price) throw new Error("session without price");
      const sub = this.createSubscription(customer, price, session.metadata);
      const invoice = this.createInvoice(sub, Number(session.amount_total), "subscription_create", intent.id);
      Object.assign(session, { subscription: sub.id, invoice: invoice.id });
      out.push(this.event("checkout.session.completed", session));
      out.push(this.event("customer.subscription.created", sub));
      out.push(this.event("invoice.paid", invoice));
    } else {
      Object.assign(session, { payment_intent: intent.id });
      out.push(this.event("checkout.session.completed", session));
      out.push(this.event("payment_intent.succeeded", intent));
    }
    return out;
  }

  createCustomer(fields: Record<string, unknown>): Obj {
    const c: Obj = { id: this.newId("cus"), object: "customer", created: nowS(), metadata: {}, ...fields };
    this.customers.set(c.id, c);
    return c;
  }

  createPaymentIntent(customer: string, amount: number, metadata: unknown): Obj {
    const pi: Obj = { id: this.newId("pi"), object: "payment_intent", amount, amount_received: amount, currency: "brl", status: "succeeded", customer, latest_charge: this.newId("ch"), metadata: metadata ?? {}, created: nowS() };
    this.paymentIntents.set(pi.id, pi);
    return pi;
  }

  createSubscription(customer: string, price: Obj, metadata: unknown): Obj {
    const start = nowS();
    const sub: Obj = {
      id: this.newId("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      metadata: metadata ?? {},
      items: { object: "list", data: [{ id: this.newId("si"), object: "subscription_item", price, quantity: 1, current_period_start: start, current_period_end: start + 30 * DAY }] },
      latest_invoice: null,
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  createInvoice(sub: Obj, amount: number, reason: string, paymentIntent: string | null, status: "paid" | "open" = "paid"): Obj {
    const item = subscriptionItem(sub);
    const id = this.newId("in");
    const invoice: Obj = {
      id,
      object: "invoice",
      customer: sub.customer,
      status,
      number: `FAKE-${String(this.invoices.size + 1).padStart(4, "0")}`,
      currency: "brl",
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      amount_remaining: status === "paid" ? 0 : amount,
      billing_reason: reason,
      created: nowS(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: "list", data: [{ id: this.newId("il"), amount, description: String((item.price as Obj).nickname ?? "Assinatura"), period: { start: item.current_period_start, end: item.current_period_end } }] },
      payments: { object: "list", data: paymentIntent ? [{ id: this.newId("inpay"), object: "invoice_payment", status: "paid", payment: { type: "payment_intent", payment_intent: paymentIntent } }] : [] },
      hosted_invoice_url: `${this.baseUrl()}/i/${id}`,
      invoice_pdf: `${this.baseUrl()}/i/${id}/pdf`,
      status_transitions: { paid_at: status === "paid" ? nowS() : null },
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  /** The next period of a subscription is billed and paid (or fails: past_due, like a declined card). */
  renew(subId: string, outcome: "paid" | "failed" = "paid"): StripeEvent[] {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no such subscription ${subId}`);
    const item = subscriptionItem(sub);
    const previous = { current_period_start: item.current_period_start, current_period_end: item.current_period_end };
    const amount = this.priceAmount(item.price as Obj);
    if (outcome === "failed") {
      const invoice = this.createInvoice(sub, amount, "subscription_cycle", null, "open");
      const before = { status: sub.status };
      sub.status = "past_due";
      return [this.event("invoice.payment_failed", invoice), this.event("customer.subscription.updated", sub, before)];
    }
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + 30 * DAY;
    const intent = this.createPaymentIntent(String(sub.customer), amount, sub.metadata);
    const invoice = this.createInvoice(sub, amount, "subscription_cycle", intent.id);
    const before = { items: { data: [previous] }, status: sub.status };
    sub.status = "active";
    return [this.event("invoice.paid", invoice), this.event("customer.subscription.updated", sub, before)];
  }

  /** The subscription ends (period over after cancel_at_period_end, or dunning gave up). */
  end(subId: string): StripeEvent[] {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no such subscription ${subId}`);
    Object.assign(sub, { status: "canceled", ended_at: nowS(), canceled_at: sub.canceled_at ?? nowS() });
    return [this.event("customer.subscription.deleted", sub)];
  }

  /** A refund of (part of) a payment intent: the refund and the charge.refunded event. */
  refund(paymentIntentId: string, amount?: number): { refund: Obj; events: StripeEvent[] } {
    const pi = this.paymentIntents.get(paymentIntentId);
    if (!pi) throw new Error(`no such payment_intent ${paymentIntentId}`);
    const already = [...this.refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((s, r) => s + Number(r.amount), 0);
    const value = Math.min(amount ?? Number(pi.amount) - already, Number(pi.amount) - already);
    const refund: Obj = { id: this.newId("re"), object: "refund", amount: value, currency: "brl", payment_intent: pi.id, charge: pi.latest_charge, status: "succeeded", created: nowS() };
    this.refunds.set(refund.id, refund);
    const refunded = already + value;
    const charge: Obj = { id: String(pi.latest_charge), object: "charge", amount: pi.amount, amount_refunded: refunded, refunded: refunded >= Number(pi.amount), payment_intent: pi.id, customer: pi.customer, currency: "brl" };
    return { refund, events: [this.event("charge.refunded", charge)] };
  }
}

export function subscriptionItem(sub: Obj): Record<string, unknown> {
  const items = sub.items as { data: Record<string, unknown>[] };
  const item = items.data[0];
  if (!item) throw new Error("subscription without items");
  return item;
}
