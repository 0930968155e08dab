/**
 * Schedules of the subscription lifecycle (issue 15): the free plan's monthly top-up and the
 * downgrade of a past-due subscription whose grace ran out. Both are idempotent (grant keys, the
 * row's status), so a repeated or concurrent run changes nothing twice.
 */
import { and, asc, eq, gt, isNotNull, lte } from "drizzle-orm";
import { userCredits, userSubscriptions, users, workspaces } from "../../../db/schema";
import type { AppDeps, DbOrTx } from "../context";
import { withTransaction } from "../context";
import { MILLI, saoPauloDay } from "../credits";
import { getWorkspacePlan } from "../plans";
import { grantCredits } from "./grants";
import { downgradeToFree } from "./subscriptions";

const BATCH = 200;

/** The workspace that got the owner's free sign-up credits (grantFreeCreditsOnce): their oldest owned one. */
async function freeTargetOf(db: DbOrTx, userId: string) {
  const [w] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.ownerId, userId)).orderBy(asc(workspaces.createdAt), asc(workspaces.id)).limit(1);
  return w?.id ?? null;
}

/** Tops one free workspace up to the plan's credits, once per São Paulo month (key free:<ws>:<YYYY-MM>). */
export async function renewFreeCredits(tx: DbOrTx, workspaceId: string, now: number) {
  const { plan } = await getWorkspacePlan(tx, workspaceId);
  if (plan.billingPeriod !== "free") return false;
  const [w] = await tx.select({ remaining: userCredits.remainingCredits }).from(userCredits).where(eq(userCredits.workspaceId, workspaceId)).limit(1);
  if (!w) return false;
  const month = saoPauloDay(now).slice(0, 7);
  const topUp = Math.max(0, plan.creditsIncluded * MILLI - w.remaining);
  return grantCredits(tx, { workspaceId, kind: "free_renewal", grantKey: `free:${workspaceId}:${month}`, amountMilli: topUp, planId: plan.id, note: `Renovação mensal do plano ${plan.name} (${month})` }, now);
}

/** Every user who received the free credits, in id pages: their free workspace gets this month's top-up. */
export async function runFreeRenewals(deps: AppDeps) {
  let after = "";
  let granted = 0;
  for (;;) {
    const page = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.freeCreditsGrantedAt), gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const u of page) {
      const ws = await freeTargetOf(deps.db, u.id);
      if (ws && (await withTransaction(deps.db, (tx) => renewFreeCredits(tx, ws, deps.now())))) granted++;
    }
    if (page.length < BATCH) return granted;
    after = page[page.length - 1]?.id ?? after;
  }
}

/** Past-due subscriptions whose grace ran out fall back to Gratuito (agents beyond its limit paused). */
export async function downgradeExpiredGrace(deps: AppDeps) {
  const now = deps.now();
  const due = await deps.db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.status, "active"), isNotNull(userSubscriptions.graceUntil), lte(userSubscriptions.graceUntil, now)))
    .limit(BATCH);
  let done = 0;
  for (const s of due) if (await withTransaction(deps.db, (tx) => downgradeToFree(tx, s.id, now))) done++;
  return done;
}
