/**
 * Credit grants (issue 15): a paid period, a pack, the free plan's monthly top-up or an admin's plan.
 * The unique grant_key makes each grant happen once: the wallet moves only when the row was inserted,
 * in the caller's transaction, so a redelivered webhook or a repeated schedule adds nothing.
 */
import { eq, sql } from "drizzle-orm";
import { creditGrants, userCredits } from "../../../db/schema";
import type { DbOrTx } from "../context";
import { MILLI } from "../credits";

export type GrantKind = "plan_period" | "pack" | "free_renewal" | "admin_plan";

export type GrantInput = {
  workspaceId: string;
  kind: GrantKind;
  grantKey: string;
  /** milli-credits */
  amountMilli: number;
  expiresAt?: number | null;
  paymentId?: string | null;
  planId?: string | null;
  packId?: string | null;
  note?: string | null;
};

export const creditsToMilli = (credits: number) => Math.round(credits * MILLI);

/** Returns true when this call granted (false: the key was already used, nothing changed). */
export async function grantCredits(tx: DbOrTx, g: GrantInput, now = Date.now()): Promise<boolean> {
  // A zero grant still claims its key (the free top-up of a full wallet: once per month, not retried).
  if (g.amountMilli < 0) return false;
  const inserted = await tx
    .insert(creditGrants)
    .values({
      workspaceId: g.workspaceId,
      kind: g.kind,
      grantKey: g.grantKey,
      amount: g.amountMilli,
      expiresAt: g.expiresAt ?? null,
      paymentId: g.paymentId ?? null,
      planId: g.planId ?? null,
      packId: g.packId ?? null,
      note: g.note ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: creditGrants.grantKey })
    .returning({ id: creditGrants.id });
  if (inserted.length === 0) return false;
  if (g.amountMilli === 0) return true;
  if (g.kind === "pack" && g.expiresAt) await addToBonus(tx, g.workspaceId, g.amountMilli, g.expiresAt, now);
  else
    await tx
      .update(userCredits)
      .set({ totalCredits: sql`${userCredits.totalCredits} + ${g.amountMilli}`, remainingCredits: sql`${userCredits.remainingCredits} + ${g.amountMilli}` })
      .where(eq(userCredits.workspaceId, g.workspaceId));
  return true;
}

/** Same rule as grantBonusCredits: one bucket, one expiry; a live remainder lasts until the later expiry. */
async function addToBonus(tx: DbOrTx, workspaceId: string, milli: number, expiresAt: number, now: number) {
  const [w] = await tx.select().from(userCredits).where(eq(userCredits.workspaceId, workspaceId)).limit(1);
  if (!w) return;
  const current = w.bonusCreditsExpiresAt ?? null;
  const live = w.remainingBonusCredits > 0 && (current === null || current > now);
  const nextExpiry = !live ? expiresAt : current === null ? null : Math.max(current, expiresAt);
  await tx
    .update(userCredits)
    .set({
      bonusCredits: sql`${userCredits.bonusCredits} + ${milli}`,
      remainingBonusCredits: live ? sql`${userCredits.remainingBonusCredits} + ${milli}` : milli,
      bonusCreditsExpiresAt: nextExpiry,
    })
    .where(eq(userCredits.workspaceId, workspaceId));
}
