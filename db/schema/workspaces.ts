import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MemberPermissions, MemberRole, WorkspaceSettings } from "../../src/schemas/workspaces";
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
    ...timestamps,
  },
  (t) => [index("workspaces_owner_idx").on(t.ownerId)],
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
  (t) => [index("invitations_workspace_idx").on(t.workspaceId), index("invitations_email_idx").on(t.email)],
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
    ...timestamps,
  },
  (t) => [index("subscriptions_workspace_idx").on(t.workspaceId, t.status)],
);
