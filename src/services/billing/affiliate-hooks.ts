/**
 * What a payment means for affiliates (issue 15): the payment handlers call these in the
 * transaction that records the payment or its refund, so a commission exists exactly when the
 * payment does (unique payment_id: a redelivered event inserts nothing twice).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, workspaces } from "../../../db/schema";
import { logActivity } from "../activity";
import type { DbOrTx } from "../context";

export type PaidPayment = { id: string; workspaceId: string; userId: string | null; amountCents: number };

/** SPEC §9: commissionRate default 0.10 (a row without a usable rate falls back to it). */
export const DEFAULT_COMMISSION_RATE = 0.1;

/** The referral that covers this payment: the workspace owner's first, else the payer's. */
async function referralFor(tx: DbOrTx, payment: PaidPayment) {
  const [ws] = await tx.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, payment.workspaceId)).limit(1);
  const people = [ws?.ownerId, payment.userId].filter((u): u is string => typeof u === "string");
  if (people.length === 0) return null;
  const rows = await tx
    .select({ referredUserId: affiliateReferrals.referredUserId, affiliate: affiliates })
    .from(affiliateReferrals)
    .innerJoin(affiliates, eq(affiliates.id, affiliateReferrals.affiliateId))
    .where(inArray(affiliateReferrals.referredUserId, people));
  for (const person of people) {
    const hit = rows.find((r) => r.referredUserId === person);
    if (hit) return hit;
  }
  return null;
}

/** A paid payment of a referred person earns their affiliate a pending commission (once per payment). */
export async function recordCommissionForPayment(tx: DbOrTx, payment: PaidPayment, now: number): Promise<void> {
  if (payment.amountCents <= 0) return;
  const ref = await referralFor(tx, payment);
  if (!ref?.affiliate.isActive) return;
  // No self-referral, even if a referral row slipped in (sign-up refuses it already).
  if (ref.affiliate.userId === ref.referredUserId || ref.affiliate.userId === payment.userId) return;
  const r = ref.affiliate.commissionRate;
  const rate = Number.isFinite(r) && r >= 0 && r <= 0.5 ? r : DEFAULT_COMMISSION_RATE;
  await tx
    .insert(affiliateCommissions)
    .values({
      affiliateId: ref.affiliate.id,
      referredUserId: ref.referredUserId,
      workspaceId: payment.workspaceId,
      paymentId: payment.id,
      baseCents: payment.amountCents,
      rate,
      amountCents: Math.round(payment.amountCents * rate),
      status: "pending",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: affiliateCommissions.paymentId });
}

/**
 * A refunded payment's commission is canceled (never paid out). One already paid to the affiliate
 * stays paid (the money left by Pix): it is recorded in the activity log as
 * "affiliate.commission.refunded_after_payout" for the admin to settle by hand.
 */
export async function cancelCommissionForPayment(tx: DbOrTx, paymentId: string, now: number): Promise<void> {
  const [c] = await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId)).limit(1);
  if (!c || c.status === "canceled") return;
  if (c.status === "paid") {
    await logActivity(tx, null, {
      userId: null,
      workspaceId: c.workspaceId,
      action: "affiliate.commission.refunded_after_payout",
      category: "credits",
      resourceType: "affiliate_commission",
      resourceId: c.id,
      details: { paymentId, amountCents: c.amountCents, affiliateId: c.affiliateId },
    });
    return;
  }
  // A commission attached to a pending payout leaves it, and the payout shrinks by its amount.
  await tx
    .update(affiliateCommissions)
    .set({ status: "canceled", payoutId: null, updatedAt: now })
    .where(and(eq(affiliateCommissions.id, c.id), inArray(affiliateCommissions.status, ["pending", "approved"])));
  if (c.payoutId) {
    await tx
      .update(affiliatePayouts)
      .set({ amountCents: sql`${affiliatePayouts.amountCents} - ${c.amountCents}`, updatedAt: now })
      .where(and(eq(affiliatePayouts.id, c.payoutId), eq(affiliatePayouts.status, "pending")));
  }
}
