/**
 * Applies a stored Stripe event (the job STRIPE_EVENT_JOB). A handler may first read from Stripe
 * (network, outside any transaction), then returns the write; the write and the event's
 * "processed" mark commit together, so a replayed or redelivered event changes nothing twice.
 */
import { eq } from "drizzle-orm";
import { stripeEvents } from "../../../db/schema";
import type { Stripe } from "../../adapters/stripe/client";
import { log } from "../../lib/logger";
import { type AppDeps, withTransaction } from "../context";
import { STRIPE_EVENT_HANDLERS, type StripeEventOutcome } from "./stripe-event-handlers";


export async function applyStripeEvent(deps: AppDeps, eventId: string): Promise<{ eventId: string; outcome: StripeEventOutcome | "already" }> {
  const [row] = await deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  if (!row || row.status === "processed" || row.status === "ignored") return { eventId, outcome: "already" };
  const event = JSON.parse(row.payload) as Stripe.Event;
  const handler = STRIPE_EVENT_HANDLERS[event.type];
  const write = handler ? await handler(deps, event) : async () => "ignored" as const;
  const outcome = await withTransaction(deps.db, async (tx) => {
    // Checked again inside the write lock: a second run of this job (lease expiry) finds it done.
    const [again] = await tx.select({ status: stripeEvents.status }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
    if (again?.status !== "pending" && again?.status !== "failed") return "already" as const;
    const result = await write(tx);
    await tx.update(stripeEvents).set({ status: result, processedAt: deps.now(), error: null }).where(eq(stripeEvents.id, eventId));
    return result;
  });
  if (outcome !== "already") log.info("stripe event applied", { eventId, type: event.type, outcome });
  return { eventId, outcome };
}

/** A failed attempt is noted on the event (the admin's payments screen shows it); the job retries. */
export async function noteStripeEventFailure(deps: AppDeps, eventId: string, error: string) {
  await deps.db.update(stripeEvents).set({ status: "failed", error: error.slice(0, 500) }).where(eq(stripeEvents.id, eventId));
}
