/**
 * The Stripe webhook's durable step (route → signature check on the raw bytes → store → 200):
 * the event row and the job that applies it are written in one transaction before Stripe gets its
 * 200, so a crash after the 200 loses nothing; a redelivered event id is acknowledged and ignored.
 * A body whose signature fails (or is older than 300 s) stores nothing.
 */
import { type Stripe, isSignatureError, verifyWebhook } from "../../adapters/stripe/client";
import { log } from "../../lib/logger";
import { type AppDeps, withTransaction } from "../context";
import { jobs, stripeEvents } from "../../../db/schema";
import { notifyJobEnqueued } from "../jobs";
import { stripeOf } from "./stripe-config";
import { STRIPE_EVENT_JOB } from "../../jobs/job-types";

export { STRIPE_EVENT_JOB };
/** Every Stripe event is applied in arrival order, one at a time: two events of one subscription never race. */
export const STRIPE_EVENT_GROUP = "stripe-events";

export type StripeWebhookOutcome = { status: 200 | 400; stored: boolean; duplicate: boolean; message?: string };

export async function acceptStripeWebhook(deps: AppDeps, rawBody: string, signature: string | null): Promise<StripeWebhookOutcome> {
  const access = await stripeOf(deps);
  // Not configured yet: nothing can be proven, so nothing is stored; Stripe retries any non-2xx for days.
  if (!access?.webhookSecret) return { status: 400, stored: false, duplicate: false, message: "Webhook da Stripe não configurado" };
  if (!signature) return { status: 400, stored: false, duplicate: false, message: "Assinatura ausente" };
  let event: Stripe.Event;
  try {
    event = await verifyWebhook(rawBody, signature, access.webhookSecret);
  } catch (err) {
    if (isSignatureError(err)) return { status: 400, stored: false, duplicate: false, message: "Assinatura inválida" };
    return { status: 400, stored: false, duplicate: false, message: "Corpo inválido" };
  }
  const now = deps.now();
  const stored = await withTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, payload: rawBody, createdAt: event.created * 1000, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!row) return false;
    await tx.insert(jobs).values({ type: STRIPE_EVENT_JOB, data: { eventId: event.id }, groupKey: STRIPE_EVENT_GROUP, runAfter: now, maxAttempts: 8 });
    return true;
  });
  if (stored) notifyJobEnqueued(deps.db);
  else log.info("stripe event redelivered", { eventId: event.id, type: event.type });
  return { status: 200, stored, duplicate: !stored };
}
