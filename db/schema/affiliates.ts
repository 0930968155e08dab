import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";

/**
 * Affiliates (/afiliados): any user may get a referral code; a referred person's paid invoices earn
 * the affiliate a commission (default 10 %, SPEC §9). Money in centavos. Totals are computed from the
 * commission rows, never kept as counters that could drift; clicks and sign-ups are counted rows too.
 */
export const affiliates = sqliteTable(
  "affiliates",
  {
  id: id(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  referralCode: text("referral_code").notNull().unique(),
  commissionRate: real("commission_rate").notNull().default(0.1),
  pixKey: text("pix_key"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  ...timestamps,
  },
  // The admin's list, newest first.
  (t) => [index("affiliates_created_idx").on(t.createdAt)],
);

/** A visit through a referral link (the address is kept only as a salted hash, for de-duplication). */
export const affiliateClicks = sqliteTable(
  "affiliate_clicks",
  {
    id: id(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash"),
    landingPath: text("landing_path"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("affiliate_clicks_affiliate_idx").on(t.affiliateId, t.createdAt)],
);

/** A person who signed up through a referral (one affiliate per person, never themself). */
export const affiliateReferrals = sqliteTable(
  "affiliate_referrals",
  {
    id: id(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("affiliate_referrals_affiliate_idx").on(t.affiliateId, t.createdAt)],
);

/** A commission on one paid payment of a referred person (the spec's "conversion"): pending → approved → paid, or canceled on refund. */
export const affiliateCommissions = sqliteTable(
  "affiliate_commissions",
  {
    id: id(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    referredUserId: text("referred_user_id"),
    workspaceId: text("workspace_id"),
    paymentId: text("payment_id").notNull(),
    baseCents: integer("base_cents").notNull(),
    rate: real("rate").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").$type<"pending" | "approved" | "paid" | "canceled">().notNull().default("pending"),
    payoutId: text("payout_id"),
    approvedAt: ms("approved_at"),
    paidAt: ms("paid_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("affiliate_commissions_payment_idx").on(t.paymentId),
    index("affiliate_commissions_affiliate_idx").on(t.affiliateId, t.status, t.createdAt),
    // The admin's list by status, and a payout's commissions (issue 15, affiliates).
    index("affiliate_commissions_status_idx").on(t.status, t.createdAt),
    // An affiliate's list, newest first, and the admin's unfiltered list.
    index("affiliate_commissions_affiliate_created_idx").on(t.affiliateId, t.createdAt),
    index("affiliate_commissions_created_idx").on(t.createdAt),
    index("affiliate_commissions_payout_idx").on(t.payoutId),
  ],
);

/** A payout the affiliate asked for (to a Pix key), marked paid by the admin. */
export const affiliatePayouts = sqliteTable(
  "affiliate_payouts",
  {
    id: id(),
    affiliateId: text("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    pixKey: text("pix_key").notNull(),
    status: text("status").$type<"pending" | "paid" | "rejected">().notNull().default("pending"),
    adminUserId: text("admin_user_id"),
    paidAt: ms("paid_at"),
    note: text("note"),
    ...timestamps,
  },
  (t) => [
    index("affiliate_payouts_affiliate_idx").on(t.affiliateId, t.createdAt),
    index("affiliate_payouts_status_idx").on(t.status, t.createdAt),
    index("affiliate_payouts_created_idx").on(t.createdAt),
  ],
);
