import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * A workspace's wallet. All amounts are integer milli-credits (1 credit = 1000) so that
 * fractional per-token debits never drift. remaining = total - used, kept in step by the debit.
 */
export const userCredits = sqliteTable("user_credits", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  totalCredits: integer("total_credits").notNull().default(0),
  usedCredits: integer("used_credits").notNull().default(0),
  remainingCredits: integer("remaining_credits").notNull().default(0),
  bonusCredits: integer("bonus_credits").notNull().default(0),
  usedBonusCredits: integer("used_bonus_credits").notNull().default(0),
  remainingBonusCredits: integer("remaining_bonus_credits").notNull().default(0),
  bonusCreditsExpiresAt: ms("bonus_credits_expires_at"),
  /** Held by model calls in flight (sum of credit_reservations.amount): spendable = live bonus + remaining - held. */
  heldCredits: integer("held_credits").notNull().default(0),
  ...timestamps,
});

/**
 * A model call's hold (issue 11): its price upper bound, taken before the call and settled or
 * released after it, exactly once (its key is the primary key). A hold whose lease ran out (the
 * process died) is released by the next reservation that does not fit. The table is WITHOUT ROWID
 * (migration 0020; drizzle cannot say so): a hold is written and deleted on every model call, and
 * one B-tree keyed by the call's key instead of a rowid table with two indexes on it halved that
 * cost (issue 12).
 */
export const creditReservations = sqliteTable(
  "credit_reservations",
  {
    /** The model call's key; its ledger row gets the same idempotency key. */
    idempotencyKey: text("idempotency_key").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** milli-credits */
    amount: integer("amount").notNull(),
    expiresAt: ms("expires_at").notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("credit_reservations_workspace_idx").on(t.workspaceId, t.expiresAt)],
);

export const creditTransactions = sqliteTable(
  "credit_transactions",
  {
    id: id(),
    userId: text("user_id"),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id"),
    conversationId: text("conversation_id"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    modelUsed: text("model_used"),
    provider: text("provider"),
    inputCostUsd: real("input_cost_usd").notNull().default(0),
    outputCostUsd: real("output_cost_usd").notNull().default(0),
    totalCostUsd: real("total_cost_usd").notNull().default(0),
    /** milli-credits */
    creditsConsumed: integer("credits_consumed").notNull().default(0),
    bonusCreditsUsed: integer("bonus_credits_used").notNull().default(0),
    regularCreditsUsed: integer("regular_credits_used").notNull().default(0),
    costBrl: real("cost_brl").notNull().default(0),
    action: text("action").notNull().default("chat"),
    /** One debit per key: a retried turn never charges twice. */
    idempotencyKey: text("idempotency_key"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    // Covering: the usage chart sums a period from the index alone.
    index("credit_tx_workspace_idx").on(t.workspaceId, t.createdAt, t.creditsConsumed),
    uniqueIndex("credit_tx_idempotency_idx").on(t.idempotencyKey),
    // Credits an agent spent in a window and its last charged turn (admin agents list), off the index.
    index("credit_tx_agent_idx").on(t.agentId, t.createdAt, t.creditsConsumed),
  ],
);

export const bonusCreditHistory = sqliteTable(
  "bonus_credit_history",
  {
    id: id(),
    userId: text("user_id"),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    adminUserId: text("admin_user_id"),
    /** milli-credits */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    observations: text("observations"),
    expiresAt: ms("expires_at"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  // (workspace, created_at): the statement of /faturamento pages a period newest first from it.
  // (created_at): the admin's grant history (/admin/gestao-creditos) pages every workspace's grants newest first.
  (t) => [index("bonus_history_workspace_created_idx").on(t.workspaceId, t.createdAt), index("bonus_history_created_idx").on(t.createdAt)],
);

/** Single-row table (id = 1). */
export const creditSystemConfig = sqliteTable("credit_system_config", {
  id: integer("id").primaryKey(),
  creditsPerUsd: real("credits_per_usd").notNull().default(1000),
  usdToBrlRate: real("usd_to_brl_rate").notNull().default(5.5),
  autoUpdateExchangeRate: integer("auto_update_exchange_rate", { mode: "boolean" }).notNull().default(false),
  lastExchangeRateUpdate: ms("last_exchange_rate_update"),
  /** The last quote attempt (manual or daily) and why it failed, null when it worked: the admin screen says so. */
  exchangeRateCheckedAt: ms("exchange_rate_checked_at"),
  exchangeRateError: text("exchange_rate_error"),
  ...timestamps,
});

export const modelPricing = sqliteTable(
  "model_pricing",
  {
    id: id(),
    provider: text("provider").notNull(),
    modelId: text("model_id").notNull(),
    displayName: text("display_name").notNull(),
    /** USD per 1k tokens */
    inputPricePer1k: real("input_price_per_1k").notNull(),
    outputPricePer1k: real("output_price_per_1k").notNull(),
    creditsPerInteraction: real("credits_per_interaction").notNull().default(1),
    supportsFunctionCalling: integer("supports_function_calling", { mode: "boolean" }).notNull().default(true),
    supportsVision: integer("supports_vision", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("model_pricing_provider_model_idx").on(t.provider, t.modelId)],
);
