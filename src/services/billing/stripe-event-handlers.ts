/**
 * Which Stripe event types Atenda acts on, and the billing verb that applies each. An event type not
 * listed is stored and marked ignored. A handler reads what it needs first (it may call Stripe, outside
 * any transaction), then returns the write that commits with the event's "processed" mark.
 */
import type { Stripe } from "../../adapters/stripe/client";
import type { AppDeps, DbOrTx } from "../context";
import { onChargeRefunded } from "./refunds";
import { SUBSCRIPTION_EVENT_HANDLERS } from "./subscription-events";

export type StripeEventOutcome = "processed" | "ignored";
export type StripeEventHandler = (deps: AppDeps, event: Stripe.Event) => Promise<(tx: DbOrTx) => Promise<StripeEventOutcome>>;

export const STRIPE_EVENT_HANDLERS: Partial<Record<string, StripeEventHandler>> = {
  ...SUBSCRIPTION_EVENT_HANDLERS,
  "charge.refunded": onChargeRefunded,
};
