import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";
import { plans, workspaces } from "./workspaces";

/**
 * Commerce (issue 15). Money is integer centavos (BRL), credits are milli-credits like the wallet.
 * Stripe is the payment provider; every row that mirrors a Stripe object keeps its id, unique, so a
 * redelivered webhook finds the row it already wrote.
 */

/** A workspace's Stripe customer, created on its first checkout and reused after (one per workspace). */
export const billingCustomers = sqliteTable("billing_customers", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  email: text("email"),
  ...timestamps,
});

/** Credit packs the admin sells (/creditos-adicionais): bought once, credited on payment. */
export const creditPacks = sqliteTable("credit_packs", {
  id: id(),
  name: text("name").notNull(),
  /** whole credits */
  credits: integer("credits").notNull(),
  priceCents: integer("price_cents").notNull(),
  currency: text("currency").notNull().default("BRL"),
  /** Days the credits last after purchase; null = they never expire. */
  expiresInDays: integer("expires_in_days"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/**
 * A checkout we created: what was sold at which price (computed on the server), with which coupon.
 * The success page reads this row, not the redirect's query string: it shows "waiting" until the
 * webhook marks it complete.
 */
export const checkoutSessions = sqliteTable(
  "checkout_sessions",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** plan (subscription mode) or pack (one-time payment) */
    kind: text("kind").$type<"plan" | "pack">().notNull(),
    planId: text("plan_id").references(() => plans.id),
    packId: text("pack_id").references(() => creditPacks.id),
    couponId: text("coupon_id"),
    /** List price and what is charged after the coupon, centavos. */
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    stripeSessionId: text("stripe_session_id").unique(),
    url: text("url"),
    /** open → complete | expired */
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    completedAt: ms("completed_at"),
    ...timestamps,
  },
  (t) => [index("checkout_sessions_workspace_idx").on(t.workspaceId, t.createdAt), index("checkout_sessions_plan_idx").on(t.planId), index("checkout_sessions_pack_idx").on(t.packId)],
);

/**
 * Every Stripe webhook event, stored before the 200 (idempotent by Stripe's event id) and applied
 * by the job queue; applying it and marking it processed happen in one transaction.
 */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** the raw body as received (the signature was checked over these bytes) */
    payload: text("payload").notNull(),
    /** Stripe's `created`, seconds → ms: orders events of one object that arrive out of order. */
    createdAt: ms("created_at").notNull(),
    receivedAt: ms("received_at").notNull(),
    status: text("status").$type<"pending" | "processed" | "ignored" | "failed">().notNull().default("pending"),
    processedAt: ms("processed_at"),
    error: text("error"),
  },
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);

/** A payment (a paid invoice or a one-time checkout) and its refunds: the admin's /admin/pagamentos and the invoices on /faturamento. */
export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    kind: text("kind").$type<"subscription" | "pack">().notNull(),
    planId: text("plan_id"),
    packId: text("pack_id"),
    couponId: text("coupon_id"),
    checkoutSessionId: text("checkout_session_id"),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull().default("BRL"),
    status: text("status").$type<"paid" | "refunded" | "partially_refunded" | "failed">().notNull(),
    invoicePdfUrl: text("invoice_pdf_url"),
    hostedInvoiceUrl: text("hosted_invoice_url"),
    paidAt: ms("paid_at"),
    ...timestamps,
  },
  (t) => [index("payments_workspace_idx").on(t.workspaceId, t.createdAt), index("payments_created_idx").on(t.createdAt), index("payments_status_idx").on(t.status, t.createdAt)],
);

/**
 * Every credit grant (a paid plan period, a pack, the free plan's monthly renewal, an admin's hand):
 * `grantKey` is unique, so one paid invoice or one month of the free plan can grant only once,
 * whatever Stripe redelivers or the scheduler repeats.
 */
export const creditGrants = sqliteTable(
  "credit_grants",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"plan_period" | "pack" | "free_renewal" | "admin_plan">().notNull(),
    grantKey: text("grant_key").notNull().unique(),
    /** milli-credits */
    amount: integer("amount").notNull(),
    expiresAt: ms("expires_at"),
    paymentId: text("payment_id"),
    planId: text("plan_id"),
    packId: text("pack_id"),
    note: text("note"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("credit_grants_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * Monthly credit caps the owner sets: for the workspace, for one agent, or for every end customer
 * (scope customer, one row per workspace). A null cap row does not exist: no row = no cap.
 */
export const spendCaps = sqliteTable(
  "spend_caps",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    scope: text("scope").$type<"workspace" | "agent" | "customer">().notNull(),
    /** the agent for scope agent; '' otherwise (a unique key cannot hold NULLs as equal) */
    agentId: text("agent_id").notNull().default(""),
    /** whole credits per calendar month (São Paulo) */
    monthlyCredits: integer("monthly_credits").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("spend_caps_scope_idx").on(t.workspaceId, t.scope, t.agentId)],
);

/**
 * What was spent this month per cap subject, kept by the debit in its own transaction so a cap is
 * checked against one indexed row, not a month of ledger. `alertedAt`: the owner was told once.
 */
export const spendCounters = sqliteTable(
  "spend_counters",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** YYYY-MM in São Paulo */
    month: text("month").notNull(),
    scope: text("scope").$type<"workspace" | "agent" | "customer">().notNull(),
    /** '' for the workspace, the agent id, or the end customer's key */
    subject: text("subject").notNull(),
    /** milli-credits */
    used: integer("used").notNull().default(0),
    alertedAt: ms("alerted_at"),
  },
  (t) => [uniqueIndex("spend_counters_key_idx").on(t.workspaceId, t.month, t.scope, t.subject)],
);
