import { tzOffset } from "@date-fns/tz";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { bonusCreditHistory, creditTransactions, modelPricing, userCredits, users, workspaces } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../lib/errors";
import type { CreditGrant } from "../schemas/workspaces";
import { logActivity } from "./activity";
import type { ServiceContext } from "./context";
import { withTransaction } from "./context";
import { getFreePlan } from "./plans";

/** Balances are stored in milli-credits (1 credit = 1000): integer arithmetic, no drift. */
export const MILLI = 1000;
export const toCredits = (milli: number) => milli / MILLI;

export const SAO_PAULO = "America/Sao_Paulo";

/** The wallet as the UI sees it (whole credits); expired bonus counts as zero. */
export async function getWallet(db: DbOrTx, workspaceId: string, now = Date.now()) {
  const [w] = await db.select().from(userCredits).where(eq(userCredits.workspaceId, workspaceId)).limit(1);
  if (!w) return { totalCredits: 0, usedCredits: 0, remainingCredits: 0, bonusCredits: 0, remainingBonusCredits: 0, bonusCreditsExpiresAt: null };
  const bonusLive = w.bonusCreditsExpiresAt === null || w.bonusCreditsExpiresAt > now;
  return {
    totalCredits: toCredits(w.totalCredits),
    usedCredits: toCredits(w.usedCredits),
    remainingCredits: toCredits(w.remainingCredits),
    bonusCredits: toCredits(w.bonusCredits),
    remainingBonusCredits: bonusLive ? toCredits(w.remainingBonusCredits) : 0,
    bonusCreditsExpiresAt: w.bonusCreditsExpiresAt,
  };
}

/** YYYY-MM-DD of an instant in São Paulo. */
export function saoPauloDay(ms: number) {
  const offsetMin = tzOffset(SAO_PAULO, new Date(ms));
  return new Date(ms + offsetMin * 60_000).toISOString().slice(0, 10);
}

/**
 * Credits consumed per São Paulo day over the last `period` days (today included), one row per
 * day even when nothing was used, so the chart's x-axis is continuous.
 */
export async function creditUsageHistory(db: DbOrTx, workspaceId: string, period: 7 | 15 | 30, now = Date.now()) {
  const days: string[] = [];
  for (let i = period - 1; i >= 0; i--) days.push(saoPauloDay(now - i * 86_400_000));
  const offsetSec = tzOffset(SAO_PAULO, new Date(now)) * 60;
  const since = now - (period + 1) * 86_400_000;
  const dayExpr = sql<string>`strftime('%Y-%m-%d', ${creditTransactions.createdAt} / 1000 + ${offsetSec}, 'unixepoch')`;
  const rows = await db
    .select({ day: dayExpr, milli: sql<number>`sum(${creditTransactions.creditsConsumed})` })
    .from(creditTransactions)
    .where(and(eq(creditTransactions.workspaceId, workspaceId), gte(creditTransactions.createdAt, since)))
    .groupBy(dayExpr);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.milli)]));
  return days.map((date) => ({ date, total_credits: toCredits(byDay.get(date) ?? 0) }));
}

/** Admin grant of bonus credits (SPEC §5): added to the bonus bucket with an optional expiry. */
export async function grantBonusCredits(ctx: ServiceContext, adminUserId: string, input: CreditGrant) {
  const milli = input.amount * MILLI;
  return withTransaction(ctx.db, async (tx) => {
    // One bonus bucket with one expiry: an expired remainder is dropped (a new grant must not bring it
    // back); a live remainder is kept and the bucket lasts until the later of the two expiries.
    const [w] = await tx.select().from(userCredits).where(eq(userCredits.workspaceId, input.workspaceId)).limit(1);
    const grantExpiry = input.expiresAt ?? null;
    const current = w?.bonusCreditsExpiresAt ?? null;
    const live = Boolean(w && w.remainingBonusCredits > 0 && (current === null || current > ctx.now()));
    const expiresAt = !live ? grantExpiry : current === null || grantExpiry === null ? null : Math.max(current, grantExpiry);
    const updated = await tx
      .update(userCredits)
      .set({
        bonusCredits: sql`${userCredits.bonusCredits} + ${milli}`,
        remainingBonusCredits: live ? sql`${userCredits.remainingBonusCredits} + ${milli}` : milli,
        bonusCreditsExpiresAt: expiresAt,
      })
      .where(eq(userCredits.workspaceId, input.workspaceId))
      .returning({ userId: userCredits.userId });
    if (updated.length === 0) throw new AppError("NOT_FOUND", "Workspace não encontrado");
    await tx.insert(bonusCreditHistory).values({
      userId: updated[0]?.userId ?? null,
      workspaceId: input.workspaceId,
      adminUserId,
      amount: milli,
      reason: input.reason,
      observations: input.observations ?? null,
      expiresAt: input.expiresAt ?? null,
    });
    await logActivity(tx, ctx.meta, {
      userId: adminUserId,
      workspaceId: input.workspaceId,
      action: "credits.grant",
      category: "admin",
      resourceType: "workspace",
      resourceId: input.workspaceId,
      description: `${input.amount.toLocaleString("pt-BR")} créditos bônus concedidos pelo administrador: ${input.reason}`,
      details: { amount: input.amount, reason: input.reason, observations: input.observations ?? null, expiresAt: input.expiresAt ?? null },
    });
    return getWallet(tx, input.workspaceId, ctx.now());
  });
}

/** The model price list (admin's /api/v1/admin/model-pricing), by provider then model. */
export async function listModelPricing(db: DbOrTx) {
  return db.select().from(modelPricing).orderBy(modelPricing.provider, modelPricing.modelId);
}

/**
 * The free plan's credits, given once per user, never per workspace (issue 11 #13): claiming
 * users.free_credits_granted_at with a conditional update is the grant key, so concurrent workspace
 * creations or verifications cannot grant twice. Returns whether this call granted them.
 */
export async function grantFreeCreditsOnce(tx: DbOrTx, userId: string, workspaceId: string, now = Date.now()) {
  const [claimed] = await tx
    .update(users)
    .set({ freeCreditsGrantedAt: now })
    .where(and(eq(users.id, userId), isNull(users.freeCreditsGrantedAt)))
    .returning({ id: users.id });
  if (!claimed) return false;
  const milli = (await getFreePlan(tx)).creditsIncluded * MILLI;
  await tx
    .update(userCredits)
    .set({ totalCredits: sql`${userCredits.totalCredits} + ${milli}`, remainingCredits: sql`${userCredits.remainingCredits} + ${milli}` })
    .where(eq(userCredits.workspaceId, workspaceId));
  return true;
}

/**
 * Policy: without SMTP nobody can verify an email, so the credits go with the first workspace at
 * registration; with SMTP they wait for the verified email and go to the user's oldest workspace.
 */
export async function grantFreeCreditsIfEligible(tx: DbOrTx, mailConfigured: boolean, userId: string, workspaceId?: string, now = Date.now()) {
  const [u] = await tx.select({ verified: users.emailVerified, granted: users.freeCreditsGrantedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || u.granted !== null || (mailConfigured && !u.verified)) return false;
  const target = workspaceId ?? (await oldestOwnedWorkspace(tx, userId));
  return target ? grantFreeCreditsOnce(tx, userId, target, now) : false;
}

async function oldestOwnedWorkspace(tx: DbOrTx, userId: string) {
  const [w] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.ownerId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id))
    .limit(1);
  return w?.id ?? null;
}
