import { couponCheckInput, couponCreateInput, couponIdInput, couponListInput, couponRedemptionsInput, couponUpdateInput } from "../src/schemas/billing/coupons";
import { AppError } from "../src/lib/errors";
import { checkCouponForCheckout, couponPlanOptions, createCoupon, getCoupon, listCoupons, listRedemptions, removeCoupon, updateCoupon } from "../src/services/billing/coupons";
import { rateLimiter } from "../src/services/rate-limit";
import { adminProcedure, router, workspaceProcedure } from "./trpc";

/** Wrong codes a member may try in the window before the field stops answering (guessing codes). */
const CHECK_BUDGET = { max: 20, windowMs: 10 * 60_000 };

/** Coupons (issue 15): the admin's CRUD and the checkout's check: coupons.* */
export const couponsRouter = router({
  /** The checkout's coupon field: read-only; only refused codes spend the caller's budget. */
  check: workspaceProcedure.input(couponCheckInput).mutation(async ({ ctx, input }) => {
    const now = ctx.deps.now();
    const slot = await rateLimiter.take(ctx.deps.db, [{ bucket: "coupon-check", key: ctx.session.user.id, max: CHECK_BUDGET.max }], CHECK_BUDGET.windowMs, now);
    if (!slot) throw new AppError("RATE_LIMITED", "Muitas tentativas de cupom. Tente de novo em alguns minutos.");
    const result = await checkCouponForCheckout(ctx.deps.db, ctx.workspace.id, input, now);
    await rateLimiter.release(ctx.deps.db, slot);
    return result;
  }),
  list: adminProcedure.input(couponListInput).query(({ ctx, input }) => listCoupons(ctx.deps.db, input, ctx.deps.now())),
  get: adminProcedure.input(couponIdInput).query(({ ctx, input }) => getCoupon(ctx.deps.db, input.id, ctx.deps.now())),
  create: adminProcedure.input(couponCreateInput).mutation(({ ctx, input }) => createCoupon(ctx.deps.db, input, ctx.deps.now())),
  update: adminProcedure.input(couponUpdateInput).mutation(({ ctx, input }) => updateCoupon(ctx.deps.db, input, ctx.deps.now())),
  remove: adminProcedure.input(couponIdInput).mutation(({ ctx, input }) => removeCoupon(ctx.deps.db, input.id, ctx.deps.now())),
  redemptions: adminProcedure.input(couponRedemptionsInput).query(({ ctx, input }) => listRedemptions(ctx.deps.db, input, ctx.deps.now())),
  planOptions: adminProcedure.query(({ ctx }) => couponPlanOptions(ctx.deps.db)),
});
