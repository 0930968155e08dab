/**
 * Coupons at checkout (issue 15): the contract the checkout and the Stripe event handlers call.
 * Discounts are computed on our side (the Session gets the discounted price); a use is taken
 * atomically when the checkout row is created and given back when that checkout expires.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { couponRedemptions, coupons } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { couponDiscountCents, formatCentsBrl, STRIPE_MIN_CHARGE_CENTS } from "../../schemas/billing/coupons";
import type { DbOrTx } from "../context";

export type CouponTarget = { workspaceId: string; kind: "plan" | "pack"; planId: string | null; packId: string | null; subtotalCents: number };

type CouponRow = typeof coupons.$inferSelect;

export const COUPON_MESSAGES = {
  notFound: "Cupom não encontrado",
  expired: "Este cupom expirou",
  exhausted: "Este cupom atingiu o limite de usos",
  notApplicable: "Este cupom não vale para este plano",
  notForPacks: "Este cupom não vale para pacotes de créditos",
  inactive: "Este cupom está inativo",
  minimum: (cents: number) => `O valor mínimo para este cupom é ${formatCentsBrl(cents)}`,
  // A 100 % coupon is refused too: a zero-total paid checkout has nothing for Stripe to charge.
  belowStripeMinimum: (total: number) =>
    `Com este cupom o total fica em ${formatCentsBrl(total)}, abaixo do mínimo de cobrança de ${formatCentsBrl(STRIPE_MIN_CHARGE_CENTS)}`,
} as const;

const refuse = (message: string): never => {
  throw new AppError("VALIDATION", message);
};

async function findByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, code.trim().toUpperCase()))
    .limit(1);
  return row;
}

/** Every rule except the use count (the reservation's UPDATE decides that one atomically). Returns the discount. */
function validate(c: CouponRow | undefined, target: CouponTarget, now: number): { coupon: CouponRow; discountCents: number } {
  if (!c) return refuse(COUPON_MESSAGES.notFound);
  if (!c.isActive) refuse(COUPON_MESSAGES.inactive);
  if (c.expiresAt !== null && c.expiresAt <= now) refuse(COUPON_MESSAGES.expired);
  if (target.kind === "pack") {
    if (!c.appliesToPacks) refuse(COUPON_MESSAGES.notForPacks);
  } else if (c.applicablePlans.length > 0 && !(target.planId && c.applicablePlans.includes(target.planId))) {
    refuse(COUPON_MESSAGES.notApplicable);
  }
  if (target.subtotalCents < c.minimumAmountCents) refuse(COUPON_MESSAGES.minimum(c.minimumAmountCents));
  const discountCents = couponDiscountCents(c, target.subtotalCents);
  const total = target.subtotalCents - discountCents;
  if (total < STRIPE_MIN_CHARGE_CENTS) refuse(COUPON_MESSAGES.belowStripeMinimum(total));
  return { coupon: c, discountCents };
}

/** Read-only check for the checkout's coupon field: the discount it would give, or the pt-BR refusal. */
export async function checkCoupon(db: DbOrTx, code: string, target: CouponTarget, now: number): Promise<{ couponId: string; code: string; name: string; discountCents: number }> {
  const { coupon, discountCents } = validate(await findByCode(db, code), target, now);
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) refuse(COUPON_MESSAGES.exhausted);
  return { couponId: coupon.id, code: coupon.code, name: coupon.name, discountCents };
}

/**
 * Takes one use of the coupon for this checkout, atomically (used_count < max_uses in the UPDATE),
 * inside the transaction that creates the checkout row. Throws the pt-BR refusal.
 */
export async function reserveCoupon(tx: DbOrTx, code: string, target: CouponTarget & { checkoutSessionId: string }, now: number): Promise<{ couponId: string; discountCents: number }> {
  const { coupon, discountCents } = validate(await findByCode(tx, code), target, now);
  // The count check and the increment are one statement, so concurrent checkouts cannot overshoot.
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: now })
    .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses))))
    .returning({ id: coupons.id });
  if (taken.length === 0) refuse(COUPON_MESSAGES.exhausted);
  await tx.insert(couponRedemptions).values({
    couponId: coupon.id,
    workspaceId: target.workspaceId,
    checkoutSessionId: target.checkoutSessionId,
    discountCents,
    status: "reserved",
    createdAt: now,
    updatedAt: now,
  });
  return { couponId: coupon.id, discountCents };
}

/** The checkout was paid: its reserved use becomes redeemed (idempotent; a released one is not revived). */
export async function redeemCouponFor(tx: DbOrTx, checkoutSessionId: string, now: number): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: "redeemed", updatedAt: now })
    .where(and(eq(couponRedemptions.checkoutSessionId, checkoutSessionId), eq(couponRedemptions.status, "reserved")));
}

/** The checkout expired or failed: its reserved use is given back (idempotent; a redeemed use stays counted). */
export async function releaseCouponFor(tx: DbOrTx, checkoutSessionId: string, now: number): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ status: "released", updatedAt: now })
    .where(and(eq(couponRedemptions.checkoutSessionId, checkoutSessionId), eq(couponRedemptions.status, "reserved")))
    .returning({ couponId: couponRedemptions.couponId });
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1`, updatedAt: now })
      .where(and(eq(coupons.id, r.couponId), sql`${coupons.usedCount} > 0`));
  }
}
