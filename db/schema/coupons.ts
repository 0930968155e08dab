import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { workspaces } from "./workspaces";

/** Discount coupons (/admin/cupons), applied on our side at checkout (the Session gets the discounted price). */
export const coupons = sqliteTable("coupons", {
  id: id(),
  /** upper case, unique */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  discountType: text("discount_type").$type<"percent" | "fixed">().notNull(),
  /** percent 1–100, or centavos for fixed */
  discountValue: integer("discount_value").notNull(),
  /** centavos; the list price must reach it */
  minimumAmountCents: integer("minimum_amount_cents").notNull().default(0),
  /** null = unlimited */
  maxUses: integer("max_uses"),
  /** taken atomically when a checkout reserves the coupon, given back when that checkout expires */
  usedCount: integer("used_count").notNull().default(0),
  /** plan ids; empty = every plan */
  applicablePlans: text("applicable_plans", { mode: "json" }).$type<string[]>().notNull().default([]),
  appliesToPacks: integer("applies_to_packs", { mode: "boolean" }).notNull().default(false),
  expiresAt: ms("expires_at"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
});

/** One use of a coupon by one checkout: reserved at checkout, redeemed on payment, released on expiry. */
export const couponRedemptions = sqliteTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    checkoutSessionId: text("checkout_session_id").notNull(),
    discountCents: integer("discount_cents").notNull(),
    status: text("status").$type<"reserved" | "redeemed" | "released">().notNull().default("reserved"),
    ...timestamps,
  },
  (t) => [uniqueIndex("coupon_redemptions_checkout_idx").on(t.checkoutSessionId), index("coupon_redemptions_coupon_idx").on(t.couponId, t.status)],
);
