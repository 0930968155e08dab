/**
 * Affiliates, the user's side (/afiliados): my code and link, my figures, my commissions, my Pix
 * key and payout requests; plus the ?ref= click and the sign-up attribution. Totals are sums over
 * commission rows (never counters); every query is bounded by the affiliate's id.
 */
import { boundedCount } from "./bounded-count";
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { affiliateClicks, affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { sha256Hex } from "../../lib/crypto";
import { MIN_PAYOUT_CENTS, type SetPixKeyInput, normalizePixKey, PIX_KEY_MESSAGE } from "../../schemas/billing/affiliates";
import type { AppDeps, DbOrTx, ServiceContext } from "../context";
import { withTransaction } from "../context";
import { commissionTotals, dayKeySP, pagedCommissions } from "./affiliates-queries";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const DAY_MS = 86_400_000;
const brl = (cents: number) => (cents / 100).toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

function userIdOf(svc: ServiceContext) {
  if (svc.actor.type !== "user") throw new AppError("UNAUTHORIZED", "Faça login para continuar");
  return svc.actor.userId;
}

/** 8 characters without look-alikes (0/O, 1/I): readable aloud, ~10^12 codes. */
function newCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** My affiliate row, created on first visit (unique user_id: a double click creates one). */
export async function getOrCreateAffiliate(db: DbOrTx, userId: string) {
  const [found] = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  if (found) return found;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.insert(affiliates).values({ userId, referralCode: newCode() }).onConflictDoNothing().returning();
    if (row) return row;
    const [again] = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
    if (again) return again; // another request created it
  }
  throw new AppError("INTERNAL", "Não foi possível gerar seu código de afiliado");
}

/** Clicks and sign-ups are counted up to here (the page shows "1.000.000+"). */
const CLICKS_CAP = 1_000_000;

/** /afiliados: code, link, figures and the last 30 days of clicks and sign-ups per São Paulo day. */
export async function myAffiliate(svc: ServiceContext) {
  const me = await getOrCreateAffiliate(svc.db, userIdOf(svc));
  const now = svc.now();
  const since = now - 30 * DAY_MS;
  const [clicks, signups, totals, recentClicks, recentSignups] = await Promise.all([
    boundedCount(svc.db, affiliateClicks, eq(affiliateClicks.affiliateId, me.id), CLICKS_CAP),
    boundedCount(svc.db, affiliateReferrals, eq(affiliateReferrals.affiliateId, me.id), CLICKS_CAP),
    commissionTotals(svc.db, me.id),
    svc.db
      .select({ at: affiliateClicks.createdAt })
      .from(affiliateClicks)
      .where(and(eq(affiliateClicks.affiliateId, me.id), gte(affiliateClicks.createdAt, since))),
    svc.db
      .select({ at: affiliateReferrals.createdAt })
      .from(affiliateReferrals)
      .where(and(eq(affiliateReferrals.affiliateId, me.id), gte(affiliateReferrals.createdAt, since))),
  ]);
  const days = Array.from({ length: 30 }, (_, i) => dayKeySP(now - (29 - i) * DAY_MS));
  const tally = (rows: { at: number }[]) => {
    const m = new Map<string, number>();
    for (const r of rows) m.set(dayKeySP(r.at), (m.get(dayKeySP(r.at)) ?? 0) + 1);
    return days.map((d) => m.get(d) ?? 0);
  };
  return {
    id: me.id,
    code: me.referralCode,
    link: `${svc.appUrl}/register?ref=${me.referralCode}`,
    commissionRate: me.commissionRate,
    pixKey: me.pixKey,
    isActive: me.isActive,
    clicks,
    signups,
    ...totals,
    minPayoutCents: MIN_PAYOUT_CENTS,
    series: { days, clicks: tally(recentClicks), signups: tally(recentSignups) },
  };
}

export async function myCommissions(svc: ServiceContext, input: { page: number; pageSize: number; status?: "pending" | "approved" | "paid" | "canceled" }) {
  const me = await getOrCreateAffiliate(svc.db, userIdOf(svc));
  return pagedCommissions(svc.db, { affiliateId: me.id, ...input });
}

export async function myPayouts(svc: ServiceContext) {
  const me = await getOrCreateAffiliate(svc.db, userIdOf(svc));
  return svc.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.affiliateId, me.id)).orderBy(desc(affiliatePayouts.createdAt)).limit(50);
}

export async function setPixKey(svc: ServiceContext, input: SetPixKeyInput) {
  const key = normalizePixKey(input.pixKey);
  if (!key) throw new AppError("VALIDATION", PIX_KEY_MESSAGE);
  const me = await getOrCreateAffiliate(svc.db, userIdOf(svc));
  await svc.db.update(affiliates).set({ pixKey: key, updatedAt: svc.now() }).where(eq(affiliates.id, me.id));
  return { pixKey: key };
}

/** Asks for every approved commission not yet in a payout; one transaction, so none is paid twice. */
export async function requestPayout(svc: ServiceContext) {
  const me = await getOrCreateAffiliate(svc.db, userIdOf(svc));
  if (!me.pixKey) throw new AppError("PRECONDITION_FAILED", "Cadastre sua chave Pix antes de solicitar o saque");
  const pixKey = me.pixKey;
  const now = svc.now();
  return withTransaction(svc.db, async (tx) => {
    const free = and(eq(affiliateCommissions.affiliateId, me.id), eq(affiliateCommissions.status, "approved"), isNull(affiliateCommissions.payoutId));
    const [sum] = await tx.select({ cents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)` }).from(affiliateCommissions).where(free);
    const amount = Number(sum?.cents ?? 0);
    if (amount < MIN_PAYOUT_CENTS) {
      throw new AppError("PRECONDITION_FAILED", `O saque mínimo é de ${brl(MIN_PAYOUT_CENTS)}; disponível: ${brl(amount)}`);
    }
    const [payout] = await tx.insert(affiliatePayouts).values({ affiliateId: me.id, amountCents: amount, pixKey, createdAt: now, updatedAt: now }).returning();
    if (!payout) throw new AppError("INTERNAL", "Não foi possível registrar o saque");
    await tx.update(affiliateCommissions).set({ payoutId: payout.id, updatedAt: now }).where(free);
    return payout;
  });
}

export const REF_COOKIE = "atenda_ref";
export const REF_COOKIE_DAYS = 30;

/** The visitor as a salted hash of address and browser, per São Paulo day (no raw IP kept). */
export function visitorHash(deps: AppDeps, ip: string | null, userAgent: string | null, now: number) {
  return sha256Hex(`affiliate-click|${deps.env.APP_SECRET ?? "atenda"}|${dayKeySP(now)}|${ip ?? "-"}|${userAgent ?? "-"}`);
}

/** A visit through ?ref=CODE: counted once per visitor per day. Returns the code when it exists. */
export async function trackClick(deps: AppDeps, code: string, visitor: string, path: string) {
  const [aff] = await deps.db.select({ id: affiliates.id, isActive: affiliates.isActive }).from(affiliates).where(eq(affiliates.referralCode, code)).limit(1);
  if (!aff?.isActive) return null;
  const now = deps.now();
  const dayStart = now - DAY_MS; // the hash changes per day; a day's window bounds the scan
  await withTransaction(deps.db, async (tx) => {
    const [seen] = await tx
      .select({ id: affiliateClicks.id })
      .from(affiliateClicks)
      .where(and(eq(affiliateClicks.affiliateId, aff.id), gte(affiliateClicks.createdAt, dayStart), eq(affiliateClicks.visitorHash, visitor)))
      .limit(1);
    if (!seen) await tx.insert(affiliateClicks).values({ affiliateId: aff.id, visitorHash: visitor, landingPath: path.slice(0, 200), createdAt: now });
  });
  return code;
}

/**
 * At sign-up: the cookie's code becomes the new user's referral. Refused when the affiliate is the
 * same person (same id or same e-mail); one affiliate per person, the first wins (unique row).
 */
export async function attributeReferral(deps: AppDeps, newUserId: string, code: string) {
  const [aff] = await deps.db
    .select({ id: affiliates.id, userId: affiliates.userId, isActive: affiliates.isActive, email: users.email })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.referralCode, code))
    .limit(1);
  if (!aff?.isActive || aff.userId === newUserId) return false;
  const [me] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, newUserId)).limit(1);
  if (!me || me.email.toLowerCase() === aff.email.toLowerCase()) return false;
  const rows = await deps.db.insert(affiliateReferrals).values({ affiliateId: aff.id, referredUserId: newUserId, createdAt: deps.now() }).onConflictDoNothing().returning();
  return rows.length > 0;
}
