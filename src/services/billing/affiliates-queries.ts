/** Shared reads of the affiliates area: commission totals, paged commission lists, São Paulo days. */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { affiliateCommissions, users } from "../../../db/schema";
import type { DbOrTx } from "../context";
import { boundedCount } from "./bounded-count";

const SP_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });

/** YYYY-MM-DD of an instant in São Paulo. */
export const dayKeySP = (ms: number) => SP_DAY.format(ms);

/** Sums per status; "available" = approved and not in a payout; conversions = commissions not canceled. */
export async function commissionTotals(db: DbOrTx, affiliateId: string) {
  const rows = await db
    .select({
      status: affiliateCommissions.status,
      free: sql<number>`coalesce(sum(case when ${affiliateCommissions.payoutId} is null then ${affiliateCommissions.amountCents} else 0 end), 0)`,
      cents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)`,
      n: count(),
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.affiliateId, affiliateId))
    .groupBy(affiliateCommissions.status);
  const of = (s: string) => rows.find((r) => r.status === s);
  return {
    conversions: rows.filter((r) => r.status !== "canceled").reduce((a, r) => a + r.n, 0),
    pendingCents: Number(of("pending")?.cents ?? 0),
    approvedCents: Number(of("approved")?.cents ?? 0),
    paidCents: Number(of("paid")?.cents ?? 0),
    canceledCents: Number(of("canceled")?.cents ?? 0),
    availableCents: Number(of("approved")?.free ?? 0),
  };
}

type Status = "pending" | "approved" | "paid" | "canceled";

/** A page of commissions, newest first, with the referred person's name (never their e-mail to the affiliate). */
export async function pagedCommissions(db: DbOrTx, q: { affiliateId?: string; status?: Status; page: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.affiliateId) conds.push(eq(affiliateCommissions.affiliateId, q.affiliateId));
  if (q.status) conds.push(eq(affiliateCommissions.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: affiliateCommissions.id,
        affiliateId: affiliateCommissions.affiliateId,
        paymentId: affiliateCommissions.paymentId,
        baseCents: affiliateCommissions.baseCents,
        rate: affiliateCommissions.rate,
        amountCents: affiliateCommissions.amountCents,
        status: affiliateCommissions.status,
        payoutId: affiliateCommissions.payoutId,
        createdAt: affiliateCommissions.createdAt,
        approvedAt: affiliateCommissions.approvedAt,
        paidAt: affiliateCommissions.paidAt,
        affiliateName: sql<string | null>`(select u.first_name || ' ' || u.last_name from affiliates a join users u on u.id = a.user_id where a.id = ${affiliateCommissions.affiliateId})`,
        referredName: sql<string | null>`(select ${users.firstName} || ' ' || substr(${users.lastName}, 1, 1) || '.' from ${users} where ${users.id} = ${affiliateCommissions.referredUserId})`,
      })
      .from(affiliateCommissions)
      .where(where)
      .orderBy(desc(affiliateCommissions.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(db, affiliateCommissions, where),
  ]);
  return { rows, total, page: q.page, pageSize: q.pageSize };
}
