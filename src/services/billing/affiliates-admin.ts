/**
 * Affiliates, the admin's side (/admin/afiliados): affiliates with their totals, rates, commission
 * approval, payouts marked paid or rejected (a rejected payout's commissions return to approved).
 */
import { COUNT_CAP, boundedCount } from "./bounded-count";
import { and, count, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { affiliateClicks, affiliateCommissions, affiliatePayouts, affiliateReferrals, affiliates, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { SetRateInput } from "../../schemas/billing/affiliates";
import { logActivity } from "../activity";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { pagedCommissions } from "./affiliates-queries";

type Page = { page: number; pageSize: number };
const adminId = (svc: ServiceContext) => (svc.actor.type === "user" ? svc.actor.userId : null);

/** Affiliates with their figures; search by name, e-mail or code. Sums are per-row subqueries over indexed columns. */
export async function adminListAffiliates(svc: ServiceContext, q: Page & { search: string }) {
  const conds: SQL[] = [];
  if (q.search) {
    const p = `%${q.search.replace(/[%_]/g, "")}%`;
    const hit = or(like(users.email, p), like(users.firstName, p), like(users.lastName, p), like(affiliates.referralCode, p.toUpperCase()));
    if (hit) conds.push(hit);
  }
  const where = conds.length ? and(...conds) : undefined;
  const sumOf = (status: string) =>
    sql<number>`(select coalesce(sum(c.amount_cents), 0) from ${affiliateCommissions} c where c.affiliate_id = ${affiliates.id} and c.status = ${status})`;
  const [rows, [total]] = await Promise.all([
    svc.db
      .select({
        id: affiliates.id,
        userId: affiliates.userId,
        code: affiliates.referralCode,
        rate: affiliates.commissionRate,
        pixKey: affiliates.pixKey,
        isActive: affiliates.isActive,
        createdAt: affiliates.createdAt,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        email: users.email,
        clicks: sql<number>`(select count(*) from ${affiliateClicks} k where k.affiliate_id = ${affiliates.id})`,
        signups: sql<number>`(select count(*) from ${affiliateReferrals} r where r.affiliate_id = ${affiliates.id})`,
        pendingCents: sumOf("pending"),
        approvedCents: sumOf("approved"),
        paidCents: sumOf("paid"),
      })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where)
      .orderBy(desc(affiliates.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    svc.db
      .select({ n: count() })
      .from(
        svc.db
          .select({ one: sql<number>`1`.as("one") })
          .from(affiliates)
          .innerJoin(users, eq(users.id, affiliates.userId))
          .where(where)
          .limit(COUNT_CAP + 1)
          .as("capped"),
      ),
  ]);
  return { rows, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function adminSetRate(svc: ServiceContext, input: SetRateInput) {
  const rate = Math.round(input.rate * 10_000) / 10_000;
  const [row] = await svc.db.update(affiliates).set({ commissionRate: rate, updatedAt: svc.now() }).where(eq(affiliates.id, input.affiliateId)).returning();
  if (!row) throw new AppError("NOT_FOUND", "Afiliado não encontrado");
  await logActivity(svc.db, svc.meta, { userId: adminId(svc), action: "affiliate.rate", category: "admin", resourceType: "affiliate", resourceId: row.id, details: { rate } });
  return { id: row.id, rate: row.commissionRate };
}

export const adminCommissions = (svc: ServiceContext, q: Page & { status?: "pending" | "approved" | "paid" | "canceled" }) => pagedCommissions(svc.db, q);

/** pending → approved (a canceled or already approved one is refused with the reason). */
export async function adminApproveCommission(svc: ServiceContext, id: string) {
  const now = svc.now();
  const [row] = await svc.db
    .update(affiliateCommissions)
    .set({ status: "approved", approvedAt: now, updatedAt: now })
    .where(and(eq(affiliateCommissions.id, id), eq(affiliateCommissions.status, "pending")))
    .returning();
  if (row) return row;
  const [c] = await svc.db.select({ status: affiliateCommissions.status }).from(affiliateCommissions).where(eq(affiliateCommissions.id, id)).limit(1);
  if (!c) throw new AppError("NOT_FOUND", "Comissão não encontrada");
  throw new AppError("CONFLICT", "Só uma comissão pendente pode ser aprovada");
}

export async function adminPayouts(svc: ServiceContext, q: Page & { status?: "pending" | "paid" | "rejected" }) {
  const where = q.status ? eq(affiliatePayouts.status, q.status) : undefined;
  const [rows, total] = await Promise.all([
    svc.db
      .select({
        id: affiliatePayouts.id,
        affiliateId: affiliatePayouts.affiliateId,
        amountCents: affiliatePayouts.amountCents,
        pixKey: affiliatePayouts.pixKey,
        status: affiliatePayouts.status,
        note: affiliatePayouts.note,
        paidAt: affiliatePayouts.paidAt,
        createdAt: affiliatePayouts.createdAt,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        email: users.email,
      })
      .from(affiliatePayouts)
      .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where)
      .orderBy(desc(affiliatePayouts.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(svc.db, affiliatePayouts, where),
  ]);
  return { rows, total, page: q.page, pageSize: q.pageSize };
}

/** Settles a pending payout: it and its commissions become paid, in one transaction. */
async function settle(svc: ServiceContext, id: string, to: "paid" | "rejected", note: string) {
  const now = svc.now();
  return withTransaction(svc.db, async (tx) => {
    const [p] = await tx
      .update(affiliatePayouts)
      .set({ status: to, adminUserId: adminId(svc), paidAt: to === "paid" ? now : null, note: note || null, updatedAt: now })
      .where(and(eq(affiliatePayouts.id, id), eq(affiliatePayouts.status, "pending")))
      .returning();
    if (!p) {
      const [exists] = await tx.select({ id: affiliatePayouts.id }).from(affiliatePayouts).where(eq(affiliatePayouts.id, id)).limit(1);
      throw exists ? new AppError("CONFLICT", "Este saque já foi processado") : new AppError("NOT_FOUND", "Saque não encontrado");
    }
    const mine = and(eq(affiliateCommissions.payoutId, id), inArray(affiliateCommissions.status, ["approved"]));
    if (to === "paid") await tx.update(affiliateCommissions).set({ status: "paid", paidAt: now, updatedAt: now }).where(mine);
    else await tx.update(affiliateCommissions).set({ payoutId: null, updatedAt: now }).where(mine);
    await logActivity(tx, svc.meta, { userId: adminId(svc), action: `affiliate.payout.${to}`, category: "admin", resourceType: "affiliate_payout", resourceId: id, details: { amountCents: p.amountCents } });
    return p;
  });
}

export const adminMarkPayoutPaid = (svc: ServiceContext, id: string, note: string) => settle(svc, id, "paid", note);
export const adminRejectPayout = (svc: ServiceContext, id: string, note: string) => settle(svc, id, "rejected", note);
