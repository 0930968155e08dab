import type { Transaction } from "@libsql/client";
import { eq } from "drizzle-orm";
import { creditSystemConfig, modelPricing } from "../../db/schema";
import type { Db, DbOrTx } from "../../db/client";
import { TtlCache, ownerKey } from "../lib/ttl-cache";
import { onPlatformConfigChange } from "./agent-config";
import { MILLI } from "./credits";

export type Usage = { inputTokens: number; outputTokens: number };

export type DebitRequest = {
  workspaceId: string;
  userId?: string | null;
  agentId?: string | null;
  conversationId?: string | null;
  provider: string;
  model: string;
  usage: Usage;
  action?: string;
  /** One debit per key: a retried turn or job never charges twice. */
  idempotencyKey: string;
  /**
   * The model already answered, so take what is left rather than nothing (balance ends at 0 and the
   * next turn is refused). Without it the debit is all-or-nothing.
   */
  allowPartial?: boolean;
};

export type DebitResult =
  | { status: "charged" | "duplicate"; transactionId: string; creditsMilli: number; bonusMilli: number; regularMilli: number; partial: boolean }
  | { status: "insufficient"; requiredMilli: number; availableMilli: number };

/** Prices and the credit config change rarely (admin screens call invalidatePricing). */
const configCache = new TtlCache<typeof creditSystemConfig.$inferSelect | null>(30_000);
const pricingCache = new TtlCache<(typeof modelPricing.$inferSelect)[]>(30_000);
export function invalidatePricing() {
  configCache.clear();
  pricingCache.clear();
}
// A price saved on another thread or process moves the platform version a turn reads (agent-config.ts).
onPlatformConfigChange(invalidatePricing);

/**
 * Price of a call in milli-credits (README "Créditos"): the USD cost from model_pricing
 * (per 1k tokens) × creditsPerUsd, but at least the model's creditsPerInteraction.
 */
export type Price = Awaited<ReturnType<typeof priceCall>>;

/** Whether a model reads images (model_pricing.supportsVision); unknown models are assumed to. */
export async function modelSupportsVision(db: DbOrTx, provider: string, model: string) {
  const rows = await pricingCache.get(model, () => db.select().from(modelPricing).where(eq(modelPricing.modelId, model)));
  const row = rows.find((r) => r.provider === provider) ?? rows[0];
  return row ? row.supportsVision : true;
}

export async function priceCall(db: DbOrTx, provider: string, model: string, usage: Usage) {
  const cfg = await configCache.get(`${ownerKey(db)}:cfg`, async () => (await db.select().from(creditSystemConfig).where(eq(creditSystemConfig.id, 1)).limit(1))[0] ?? null);
  const creditsPerUsd = cfg?.creditsPerUsd ?? 1000;
  const usdToBrl = cfg?.usdToBrlRate ?? 5.5;
  const rows = await pricingCache.get(`${ownerKey(db)}:${model}`, () => db.select().from(modelPricing).where(eq(modelPricing.modelId, model)));
  const price = rows.find((r) => r.provider === provider) ?? rows[0];
  const inputCostUsd = price ? (usage.inputTokens / 1000) * price.inputPricePer1k : 0;
  const outputCostUsd = price ? (usage.outputTokens / 1000) * price.outputPricePer1k : 0;
  const totalCostUsd = inputCostUsd + outputCostUsd;
  const minimumMilli = Math.round((price?.creditsPerInteraction ?? 1) * MILLI);
  // Round away binary floating-point noise first (0.0006 × 25.5 is 0.015300000000000001), so ceil
  // never charges a milli-credit the exact price does not reach.
  const creditsMilli = Math.max(minimumMilli, Math.ceil(Math.round(totalCostUsd * creditsPerUsd * MILLI * 1e6) / 1e6));
  return { inputCostUsd, outputCostUsd, totalCostUsd, creditsMilli, costBrl: totalCostUsd * usdToBrl };
}

/** A write transaction on the raw libSQL client (see withRawWrite). */
export type RawTx = Pick<Transaction, "execute">;

/**
 * Runs fn in one BEGIN IMMEDIATE transaction on the raw client. The chat turn's settle step uses
 * plain SQL (prepared once, cached by db/file-client.ts) instead of the query builder: building
 * drizzle queries was ~30% of a turn's CPU in bench/chat.ts. Never call it inside a drizzle
 * transaction (the embedded connection is single and locked).
 */
export async function withRawWrite<T>(db: Db, fn: (tx: RawTx) => Promise<T>): Promise<T> {
  const tx = await db.$client.transaction("write");
  try {
    const out = await fn(tx);
    await tx.commit();
    return out;
  } catch (e) {
    // A failed COMMIT may already have closed it; the caller gets the first error either way.
    if (!tx.closed) await tx.rollback().catch(() => {});
    throw e;
  }
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * Spendable milli-credits right now (unexpired bonus + regular), holds of calls in flight included:
 * a quick pre-check only; whether a model call may run is its reservation's (credit-reservation.ts).
 */
export async function availableMilli(db: Db, workspaceId: string, now = Date.now()) {
  const rs = await db.$client.execute({
    sql: "SELECT remaining_credits, remaining_bonus_credits, bonus_credits_expires_at FROM user_credits WHERE workspace_id = ?",
    args: [workspaceId],
  });
  const w = rs.rows[0];
  if (!w) return 0;
  const expires = w.bonus_credits_expires_at;
  const bonus = expires === null || num(expires) > now ? num(w.remaining_bonus_credits) : 0;
  return bonus + num(w.remaining_credits);
}

/**
 * One ledger row + one guarded balance update in one write transaction. Unexpired bonus is spent
 * first. The UPDATE's WHERE re-checks the balance, so even on a shared libSQL server two debits
 * can never take the same credits; the unique idempotency key makes a retry a no-op. Credits held
 * by model calls in flight (credit-reservation.ts) are not spendable here.
 */
export async function debitCredits(db: Db, req: DebitRequest, now = Date.now()): Promise<DebitResult> {
  const price = await priceCall(db, req.provider, req.model, req.usage);
  return withRawWrite(db, (tx) => debitInTransaction(tx, req, price, now));
}

/**
 * The debit itself, inside the caller's write transaction (a turn settles its messages in the same
 * one). `hold`: the call's own hold, already deleted by the caller, given back in the same UPDATE;
 * its key has no ledger row (a hold is never taken for a charged key), so no duplicate check.
 */
export async function debitInTransaction(tx: RawTx, req: DebitRequest, price: Price, now = Date.now(), hold: { amount: number } | null = null): Promise<DebitResult> {
  const releaseMilli = hold?.amount ?? 0;
  const unhold = () =>
    releaseMilli > 0
      ? tx.execute({ sql: "UPDATE user_credits SET held_credits = max(0, held_credits - ?) WHERE workspace_id = ?", args: [releaseMilli, req.workspaceId] })
      : null;
  const dup = hold
    ? null
    : await tx.execute({
        sql: "SELECT id, credits_consumed, bonus_credits_used, regular_credits_used FROM credit_transactions WHERE idempotency_key = ?",
        args: [req.idempotencyKey],
      });
  const existing = dup?.rows[0];
  if (existing) {
    await unhold();
    return {
      status: "duplicate",
      transactionId: String(existing.id),
      creditsMilli: num(existing.credits_consumed),
      bonusMilli: num(existing.bonus_credits_used),
      regularMilli: num(existing.regular_credits_used),
      partial: false,
    };
  }
  const wallet = await tx.execute({
    sql: "SELECT user_id, remaining_credits, remaining_bonus_credits, bonus_credits_expires_at, held_credits FROM user_credits WHERE workspace_id = ?",
    args: [req.workspaceId],
  });
  const w = wallet.rows[0];
  const expires = w?.bonus_credits_expires_at ?? null;
  const bonusAvail = w && (expires === null || num(expires) > now) ? num(w.remaining_bonus_credits) : 0;
  const regularAvail = w ? num(w.remaining_credits) : 0;
  const release = Math.min(releaseMilli, w ? num(w.held_credits) : 0);
  const free = Math.max(0, bonusAvail + regularAvail - (w ? num(w.held_credits) : 0) + release);
  const required = price.creditsMilli;
  if (free < required && (!req.allowPartial || free <= 0)) {
    await unhold();
    return { status: "insufficient", requiredMilli: required, availableMilli: free };
  }
  const charge = Math.min(required, free);
  const bonusMilli = Math.min(bonusAvail, charge);
  const regularMilli = charge - bonusMilli;
  const updated = await tx.execute({
    sql: `UPDATE user_credits SET remaining_bonus_credits = remaining_bonus_credits - ?, used_bonus_credits = used_bonus_credits + ?,
      remaining_credits = remaining_credits - ?, used_credits = used_credits + ?, held_credits = held_credits - ?, updated_at = ?
      WHERE workspace_id = ? AND remaining_bonus_credits >= ? AND remaining_credits >= ? AND held_credits >= ?
      AND remaining_bonus_credits + remaining_credits - held_credits + ? >= ?`,
    args: [bonusMilli, bonusMilli, regularMilli, regularMilli, release, now, req.workspaceId, bonusMilli, regularMilli, release, release, charge],
  });
  if (updated.rowsAffected === 0) {
    await unhold();
    return { status: "insufficient", requiredMilli: required, availableMilli: 0 };
  }
  const id = Bun.randomUUIDv7();
  await tx.execute({
    sql: `INSERT INTO credit_transactions (id, user_id, workspace_id, agent_id, conversation_id, input_tokens, output_tokens, total_tokens,
      model_used, provider, input_cost_usd, output_cost_usd, total_cost_usd, credits_consumed, bonus_credits_used, regular_credits_used,
      cost_brl, action, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      id,
      req.userId ?? (w?.user_id as string | null) ?? null,
      req.workspaceId,
      req.agentId ?? null,
      req.conversationId ?? null,
      req.usage.inputTokens,
      req.usage.outputTokens,
      req.usage.inputTokens + req.usage.outputTokens,
      req.model,
      req.provider,
      price.inputCostUsd,
      price.outputCostUsd,
      price.totalCostUsd,
      charge,
      bonusMilli,
      regularMilli,
      price.costBrl,
      req.action ?? "chat",
      req.idempotencyKey,
      now,
    ],
  });
  return { status: "charged", transactionId: id, creditsMilli: charge, bonusMilli, regularMilli, partial: charge < required };
}
