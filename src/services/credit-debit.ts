import { and, eq, gte, sql } from "drizzle-orm";
import { creditSystemConfig, creditTransactions, modelPricing, userCredits } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { TtlCache } from "../lib/ttl-cache";
import { withTransaction } from "./context";
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

/**
 * Price of a call in milli-credits (README "Créditos"): the USD cost from model_pricing
 * (per 1k tokens) × creditsPerUsd, but at least the model's creditsPerInteraction.
 */
export type Price = Awaited<ReturnType<typeof priceCall>>;

export async function priceCall(db: DbOrTx, provider: string, model: string, usage: Usage) {
  const cfg = await configCache.get("cfg", async () => (await db.select().from(creditSystemConfig).where(eq(creditSystemConfig.id, 1)).limit(1))[0] ?? null);
  const creditsPerUsd = cfg?.creditsPerUsd ?? 1000;
  const usdToBrl = cfg?.usdToBrlRate ?? 5.5;
  const rows = await pricingCache.get(model, () => db.select().from(modelPricing).where(eq(modelPricing.modelId, model)));
  const price = rows.find((r) => r.provider === provider) ?? rows[0];
  const inputCostUsd = price ? (usage.inputTokens / 1000) * price.inputPricePer1k : 0;
  const outputCostUsd = price ? (usage.outputTokens / 1000) * price.outputPricePer1k : 0;
  const totalCostUsd = inputCostUsd + outputCostUsd;
  const minimumMilli = Math.round((price?.creditsPerInteraction ?? 1) * MILLI);
  const creditsMilli = Math.max(minimumMilli, Math.ceil(totalCostUsd * creditsPerUsd * MILLI));
  return { inputCostUsd, outputCostUsd, totalCostUsd, creditsMilli, costBrl: totalCostUsd * usdToBrl };
}

/** Spendable milli-credits right now (unexpired bonus + regular). */
export async function availableMilli(db: DbOrTx, workspaceId: string, now = Date.now()) {
  const [w] = await db.select().from(userCredits).where(eq(userCredits.workspaceId, workspaceId)).limit(1);
  if (!w) return 0;
  const bonus = w.bonusCreditsExpiresAt === null || w.bonusCreditsExpiresAt > now ? w.remainingBonusCredits : 0;
  return bonus + w.remainingCredits;
}

/**
 * One ledger row + one guarded balance update in one write transaction. Unexpired bonus is spent
 * first. The UPDATE's WHERE re-checks the balance, so even on a shared libSQL server two debits
 * can never take the same credits; the unique idempotency key makes a retry a no-op.
 */
export async function debitCredits(db: DbOrTx, req: DebitRequest, now = Date.now()): Promise<DebitResult> {
  const price = await priceCall(db, req.provider, req.model, req.usage);
  return withTransaction(db, (tx) => debitInTransaction(tx, req, price, now));
}

/** The debit itself, inside the caller's write transaction (a turn settles its messages in the same one). */
export async function debitInTransaction(tx: DbOrTx, req: DebitRequest, price: Price, now = Date.now()): Promise<DebitResult> {
  const [existing] = await tx
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.idempotencyKey, req.idempotencyKey))
    .limit(1);
  if (existing) {
    return {
      status: "duplicate",
      transactionId: existing.id,
      creditsMilli: existing.creditsConsumed,
      bonusMilli: existing.bonusCreditsUsed,
      regularMilli: existing.regularCreditsUsed,
      partial: false,
    };
  }
  const [w] = await tx.select().from(userCredits).where(eq(userCredits.workspaceId, req.workspaceId)).limit(1);
  const bonusAvail = w && (w.bonusCreditsExpiresAt === null || w.bonusCreditsExpiresAt > now) ? w.remainingBonusCredits : 0;
  const regularAvail = w?.remainingCredits ?? 0;
  const required = price.creditsMilli;
  if (bonusAvail + regularAvail < required && (!req.allowPartial || bonusAvail + regularAvail <= 0)) {
    return { status: "insufficient", requiredMilli: required, availableMilli: bonusAvail + regularAvail };
  }
  const charge = Math.min(required, bonusAvail + regularAvail);
  const bonusMilli = Math.min(bonusAvail, charge);
  const regularMilli = charge - bonusMilli;
  const updated = await tx
    .update(userCredits)
    .set({
      remainingBonusCredits: sql`${userCredits.remainingBonusCredits} - ${bonusMilli}`,
      usedBonusCredits: sql`${userCredits.usedBonusCredits} + ${bonusMilli}`,
      remainingCredits: sql`${userCredits.remainingCredits} - ${regularMilli}`,
      usedCredits: sql`${userCredits.usedCredits} + ${regularMilli}`,
    })
    .where(
      and(
        eq(userCredits.workspaceId, req.workspaceId),
        gte(userCredits.remainingBonusCredits, bonusMilli),
        gte(userCredits.remainingCredits, regularMilli),
      ),
    )
    .returning({ remaining: userCredits.remainingCredits });
  if (updated.length === 0) return { status: "insufficient", requiredMilli: required, availableMilli: 0 };
  const [row] = await tx
    .insert(creditTransactions)
    .values({
      userId: req.userId ?? w?.userId ?? null,
      workspaceId: req.workspaceId,
      agentId: req.agentId ?? null,
      conversationId: req.conversationId ?? null,
      inputTokens: req.usage.inputTokens,
      outputTokens: req.usage.outputTokens,
      totalTokens: req.usage.inputTokens + req.usage.outputTokens,
      modelUsed: req.model,
      provider: req.provider,
      inputCostUsd: price.inputCostUsd,
      outputCostUsd: price.outputCostUsd,
      totalCostUsd: price.totalCostUsd,
      creditsConsumed: charge,
      bonusCreditsUsed: bonusMilli,
      regularCreditsUsed: regularMilli,
      costBrl: price.costBrl,
      action: req.action ?? "chat",
      idempotencyKey: req.idempotencyKey,
      createdAt: now,
    })
    .returning({ id: creditTransactions.id });
  return {
    status: "charged",
    transactionId: row?.id ?? "",
    creditsMilli: charge,
    bonusMilli,
    regularMilli,
    partial: charge < required,
  };
}
