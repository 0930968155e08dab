/**
 * Coupons (issue 15): the admin's CRUD (/admin/cupons) and the checkout's read-only check.
 * Taking and giving back uses lives in coupon-redemptions.ts.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { checkoutSessions, couponRedemptions, coupons, creditPacks, plans, users, workspaces } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { CouponCheckInput, CouponCreateInput, CouponStatusFilter, CouponUpdateInput, couponListInput, couponRedemptionsInput } from "../../schemas/billing/coupons";
import type { z } from "zod";
import type { DbOrTx } from "../context";
import { checkCoupon } from "./coupon-redemptions";

export type CouponRow = typeof coupons.$inferSelect;
export type CouponStatus = "active" | "inactive" | "expired" | "exhausted";

export function couponStatusOf(c: Pick<CouponRow, "isActive" | "expiresAt" | "maxUses" | "usedCount">, now: number): CouponStatus {
  if (!c.isActive) return "inactive";
  if (c.expiresAt !== null && c.expiresAt <= now) return "expired";
  if (c.maxUses !== null && c.usedCount >= c.maxUses) return "exhausted";
  return "active";
}

const notExpired = (now: number) => or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now));
const exhausted = and(isNotNull(coupons.maxUses), sql`${coupons.usedCount} >= ${coupons.maxUses}`);

function statusWhere(status: CouponStatusFilter, now: number): SQL | undefined {
  switch (status) {
    case "inactive":
      return eq(coupons.isActive, false);
    case "expired":
      return and(eq(coupons.isActive, true), lte(coupons.expiresAt, now));
    case "exhausted":
      return and(eq(coupons.isActive, true), notExpired(now), exhausted);
    case "active":
      return and(eq(coupons.isActive, true), notExpired(now), or(isNull(coupons.maxUses), sql`${coupons.usedCount} < ${coupons.maxUses}`));
    default:
      return undefined;
  }
}

/** LIKE pattern with the user's % and _ taken literally. */
const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export async function listCoupons(db: DbOrTx, input: z.output<typeof couponListInput>, now: number) {
  const search = input.search
    ? or(sql`${coupons.code} LIKE ${likeOf(input.search.toUpperCase())} ESCAPE '\\'`, sql`${coupons.name} LIKE ${likeOf(input.search)} ESCAPE '\\'`)
    : undefined;
  const where = and(search, statusWhere(input.status, now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), asc(coupons.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { items: rows.map((c) => ({ ...c, status: couponStatusOf(c, now) })), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function getCoupon(db: DbOrTx, id: string, now: number) {
  const [c] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!c) throw new AppError("NOT_FOUND", "Cupom não encontrado");
  return { ...c, status: couponStatusOf(c, now) };
}

async function assertPlansExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db.select({ id: plans.id }).from(plans).where(sql`${plans.id} IN (${sql.join(unique.map((i) => sql`${i}`), sql`, `)})`);
  if (found.length !== unique.length) throw new AppError("VALIDATION", "Plano não encontrado", { field: "applicablePlans" });
}

async function assertCodeFree(db: DbOrTx, code: string, exceptId: string | null) {
  const [other] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1);
  if (other && other.id !== exceptId) throw new AppError("CONFLICT", "Já existe um cupom com este código", { field: "code" });
}

export async function createCoupon(db: DbOrTx, input: CouponCreateInput, now: number) {
  if (input.expiresAt !== null && input.expiresAt <= now) throw new AppError("VALIDATION", "A validade deve ser uma data futura", { field: "expiresAt" });
  await assertPlansExist(db, input.applicablePlans);
  await assertCodeFree(db, input.code, null);
  const [row] = await db
    .insert(coupons)
    .values({ ...input, applicablePlans: [...new Set(input.applicablePlans)], usedCount: 0, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar o cupom");
  return { ...row, status: couponStatusOf(row, now) };
}

export async function updateCoupon(db: DbOrTx, input: CouponUpdateInput, now: number) {
  const current = await getCoupon(db, input.id, now);
  // The code is what buyers type: once someone used it, renaming would orphan what they were told.
  if (input.code !== current.code) {
    if (current.usedCount > 0 || (await hasRedemptions(db, current.id))) throw new AppError("CONFLICT", "O código não pode mudar depois que o cupom foi usado", { field: "code" });
    await assertCodeFree(db, input.code, current.id);
  }
  if (input.expiresAt !== null && input.expiresAt !== current.expiresAt && input.expiresAt <= now) {
    throw new AppError("VALIDATION", "A validade deve ser uma data futura", { field: "expiresAt" });
  }
  await assertPlansExist(db, input.applicablePlans);
  const { id, ...fields } = input;
  const [row] = await db
    .update(coupons)
    .set({ ...fields, applicablePlans: [...new Set(fields.applicablePlans)], updatedAt: now })
    .where(eq(coupons.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Cupom não encontrado");
  return { ...row, status: couponStatusOf(row, now) };
}

async function hasRedemptions(db: DbOrTx, couponId: string) {
  const [r] = await db.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId)).limit(1);
  return !!r;
}

/** Deletes a coupon nobody used; a used one keeps its history (deactivate it instead). */
export async function removeCoupon(db: DbOrTx, id: string, now: number) {
  const current = await getCoupon(db, id, now);
  if (current.usedCount > 0 || (await hasRedemptions(db, id))) {
    throw new AppError("CONFLICT", "Este cupom já foi usado e não pode ser excluído; desative-o");
  }
  await db.delete(coupons).where(eq(coupons.id, id));
  return { ok: true as const };
}

export async function listRedemptions(db: DbOrTx, input: z.output<typeof couponRedemptionsInput>, now: number) {
  await getCoupon(db, input.couponId, now);
  const where = eq(couponRedemptions.couponId, input.couponId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: couponRedemptions.id,
        status: couponRedemptions.status,
        discountCents: couponRedemptions.discountCents,
        createdAt: couponRedemptions.createdAt,
        updatedAt: couponRedemptions.updatedAt,
        workspaceId: couponRedemptions.workspaceId,
        workspaceName: workspaces.name,
        userFirstName: users.firstName,
        userLastName: users.lastName,
        userEmail: users.email,
        kind: checkoutSessions.kind,
        totalCents: checkoutSessions.totalCents,
      })
      .from(couponRedemptions)
      .innerJoin(workspaces, eq(workspaces.id, couponRedemptions.workspaceId))
      .leftJoin(checkoutSessions, eq(checkoutSessions.id, couponRedemptions.checkoutSessionId))
      .leftJoin(users, eq(users.id, checkoutSessions.userId))
      .where(where)
      .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(couponRedemptions).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** The plans a coupon may be limited to (the form's multi-select). */
export async function couponPlanOptions(db: DbOrTx) {
  return db.select({ id: plans.id, name: plans.name, priceCents: plans.priceCents, isActive: plans.isActive }).from(plans).orderBy(asc(plans.priceCents), asc(plans.name)).limit(200);
}

/** The checkout's coupon field: the list price comes from the database, never from the browser. */
export async function checkCouponForCheckout(db: DbOrTx, workspaceId: string, input: CouponCheckInput, now: number) {
  let subtotalCents: number;
  if (input.planId) {
    const [p] = await db.select({ priceCents: plans.priceCents, isActive: plans.isActive }).from(plans).where(eq(plans.id, input.planId)).limit(1);
    if (!p?.isActive) throw new AppError("NOT_FOUND", "Plano não encontrado");
    subtotalCents = p.priceCents;
  } else {
    const [k] = await db.select({ priceCents: creditPacks.priceCents, isActive: creditPacks.isActive }).from(creditPacks).where(eq(creditPacks.id, input.packId ?? "")).limit(1);
    if (!k?.isActive) throw new AppError("NOT_FOUND", "Pacote não encontrado");
    subtotalCents = k.priceCents;
  }
  const r = await checkCoupon(
    db,
    input.code,
    { workspaceId, kind: input.planId ? "plan" : "pack", planId: input.planId ?? null, packId: input.packId ?? null, subtotalCents },
    now,
  );
  return { ...r, subtotalCents, totalCents: subtotalCents - r.discountCents };
}
