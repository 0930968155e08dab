import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberPermissions, MemberRole, WorkspaceLimitOverrides, WorkspaceSettings } from "../../src/schemas/workspaces";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";

export const workspaces = sqliteTable(
  "workspaces",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    settings: text("settings", { mode: "json" }).$type<WorkspaceSettings>().notNull(),
    /** Limits a platform admin set for this workspace over its plan's (issue 17); null: the plan's. */
    limitOverrides: text("limit_overrides", { mode: "json" }).$type<WorkspaceLimitOverrides>(),
    ...timestamps,
  },
  (t) => [index("workspaces_owner_idx").on(t.ownerId), index("workspaces_created_idx").on(t.createdAt)],
);

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<MemberRole>().notNull().default("member"),
    permissions: text("permissions", { mode: "json" }).$type<MemberPermissions>().notNull(),
    joinedAt: ms("joined_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("members_user_idx").on(t.userId)],
);

export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull().default("member"),
    permissions: text("permissions", { mode: "json" }).$type<MemberPermissions>().notNull(),
    /** sha256 of the emailed token */
    token: text("token").notNull().unique(),
    expiresAt: ms("expires_at").notNull(),
    acceptedAt: ms("accepted_at"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index("invitations_workspace_idx").on(t.workspaceId),
    index("invitations_email_idx").on(t.email),
    index("invitations_invited_by_idx").on(t.invitedBy),
  ],
);

export const plans = sqliteTable("plans", {
  id: id(),
  name: text("name").notNull(),
  /** centavos BRL */
  priceCents: integer("price_cents").notNull().default(0),
  currency: text("currency").notNull().default("BRL"),
  billingPeriod: text("billing_period").notNull().default("free"),
  creditsIncluded: integer("credits_included").notNull().default(0),
  features: text("features", { mode: "json" }).$type<string[]>().notNull().default([]),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  isPopular: integer("is_popular", { mode: "boolean" }).notNull().default(false),
  maxAgents: integer("max_agents").notNull().default(1),
  maxWorkspaces: integer("max_workspaces").notNull().default(1),
  maxMembers: integer("max_members").notNull().default(1),
  validityDays: integer("validity_days"),
  stripePriceId: text("stripe_price_id"),
  /** The Stripe product the admin screen creates or updates with the plan (issue 15). */
  stripeProductId: text("stripe_product_id"),
  /** Last time the product and price matched the plan; older than updatedAt = Stripe still to sync. */
  stripeSyncedAt: ms("stripe_synced_at"),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/** A workspace's subscription to a plan (the spec's "user subscription", held per workspace). */
export const userSubscriptions = sqliteTable(
  "user_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    status: text("status").notNull().default("active"),
    startDate: ms("start_date").notNull(),
    endDate: ms("end_date"),
    autoRenew: integer("auto_renew", { mode: "boolean" }).notNull().default(false),
    lastPaymentDate: ms("last_payment_date"),
    nextPaymentDate: ms("next_payment_date"),
    /** Stripe's subscription (null for the free plan and plans an admin assigned by hand). */
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** The owner asked to stop renewing: it stays active until endDate, then falls back to Gratuito. */
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** past_due: the plan keeps working until this instant, then the workspace is downgraded. */
    graceUntil: ms("grace_until"),
    canceledAt: ms("canceled_at"),
    /** `created` (ms) of the last Stripe subscription event applied: an older one arriving late is ignored. */
    stripeEventAt: ms("stripe_event_at"),
    ...timestamps,
  },
  (t) => [index("subscriptions_workspace_idx").on(t.workspaceId, t.status), index("subscriptions_plan_idx").on(t.planId, t.status)],
);
