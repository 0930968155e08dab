/**
 * A workspace's subscription (issue 15): one user_subscriptions row with status "active" is the
 * current plan (plans.ts getWorkspacePlan). Switching plan ends that row ("replaced") and inserts the
 * new one; the free plan is a row without a Stripe id. Past due keeps status active with graceUntil
 * set, so the plan keeps working through the grace period; the schedule downgrades after it.
 */
import { and, eq } from "drizzle-orm";
import { plans, userSubscriptions, workspaces } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { DbOrTx } from "../context";
import { getFreePlan, getWorkspacePlan } from "../plans";
import { applyAgentLimit } from "./plan-limits";

export const GRACE_DAYS = 7;
export const DAY_MS = 86_400_000;

export type SwitchPlan = {
  workspaceId: string;
  planId: string;
  stripeSubscriptionId?: string | null;
  endDate?: number | null;
  autoRenew?: boolean;
  lastPaymentDate?: number | null;
  nextPaymentDate?: number | null;
};

export async function planById(db: DbOrTx, planId: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  if (!plan) throw new AppError("NOT_FOUND", "Plano não encontrado");
  return plan;
}

/** Ends the workspace's active row(s) and starts the new plan; pauses/wakes agents for its limit. */
export async function switchPlan(tx: DbOrTx, s: SwitchPlan, now: number) {
  const plan = await planById(tx, s.planId);
  const [ws] = await tx.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, s.workspaceId)).limit(1);
  if (!ws) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  await tx
    .update(userSubscriptions)
    .set({ status: "replaced", endDate: now, autoRenew: false })
    .where(and(eq(userSubscriptions.workspaceId, s.workspaceId), eq(userSubscriptions.status, "active")));
  const [row] = await tx
    .insert(userSubscriptions)
    .values({
      userId: ws.ownerId,
      workspaceId: s.workspaceId,
      planId: plan.id,
      status: "active",
      startDate: now,
      endDate: s.endDate ?? (plan.validityDays && !s.stripeSubscriptionId ? now + plan.validityDays * DAY_MS : null),
      autoRenew: s.autoRenew ?? false,
      lastPaymentDate: s.lastPaymentDate ?? null,
      nextPaymentDate: s.nextPaymentDate ?? null,
      stripeSubscriptionId: s.stripeSubscriptionId ?? null,
    })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao trocar o plano");
  await applyAgentLimit(tx, s.workspaceId, plan.maxAgents, now);
  return { subscription: row, plan };
}

/** The subscription ended (canceled, or grace over): back to Gratuito with its limits. */
export async function downgradeToFree(tx: DbOrTx, subscriptionRowId: string, now: number) {
  const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, subscriptionRowId)).limit(1);
  if (sub?.status !== "active") return false;
  await tx.update(userSubscriptions).set({ status: "canceled", canceledAt: sub.canceledAt ?? now, endDate: now, autoRenew: false }).where(eq(userSubscriptions.id, sub.id));
  const free = await getFreePlan(tx);
  await switchPlan(tx, { workspaceId: sub.workspaceId, planId: free.id }, now);
  return true;
}

/** What the plan card shows. */
export async function subscriptionView(db: DbOrTx, workspaceId: string, now: number) {
  const { plan, subscription: sub } = await getWorkspacePlan(db, workspaceId);
  const pastDue = Boolean(sub?.graceUntil && sub.stripeSubscriptionId);
  return {
    plan: { id: plan.id, name: plan.name, priceCents: plan.priceCents, billingPeriod: plan.billingPeriod, creditsIncluded: plan.creditsIncluded, maxAgents: plan.maxAgents },
    isFree: plan.billingPeriod === "free",
    status: pastDue ? "past_due" : (sub?.status ?? "active"),
    hasStripeSubscription: Boolean(sub?.stripeSubscriptionId),
    startDate: sub?.startDate ?? null,
    endDate: sub?.endDate ?? null,
    nextRenewalDate: sub?.stripeSubscriptionId && !sub.cancelAtPeriodEnd ? (sub.nextPaymentDate ?? sub.endDate) : null,
    nextRenewalAmountCents: sub?.stripeSubscriptionId && !sub.cancelAtPeriodEnd ? plan.priceCents : null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    pastDue,
    graceUntil: sub?.graceUntil ?? null,
    graceOver: Boolean(pastDue && sub?.graceUntil && sub.graceUntil <= now),
  };
}
