/**
 * Products on a deal. A line's total is computed HERE from quantity, unit price, discount and tax
 * (lineTotalCents): whatever total a client sends is never read. "Usar total dos produtos como
 * valor do negócio" copies the sum to the deal in the same transaction, bumping its version.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { dealProducts, deals } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  type AddProductInput,
  DEAL_DETAIL_ERRORS,
  type DeleteProductInput,
  MAX_PRODUCTS_PER_DEAL,
  type UpdateProductInput,
  lineTotalCents,
} from "../../schemas/crm/deal-details";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import type { CrmWriterScope } from "./deal-activities";
import { scopedDeal } from "./deal-history";

type ProductRow = typeof dealProducts.$inferSelect;

const publicProduct = (p: ProductRow) => ({
  id: p.id,
  dealId: p.dealId,
  name: p.name,
  quantity: p.quantity,
  unitPriceCents: p.unitPriceCents,
  discount: p.discount,
  tax: p.tax,
  totalCents: p.totalCents,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});
export type DealProduct = ReturnType<typeof publicProduct>;

/** A deal's lines (at most MAX_PRODUCTS_PER_DEAL, in the order added) and their sum. */
async function linesOf(db: DbOrTx, workspaceId: string, dealId: string) {
  const rows = await db
    .select()
    .from(dealProducts)
    .where(and(eq(dealProducts.dealId, dealId), eq(dealProducts.workspaceId, workspaceId)))
    .limit(MAX_PRODUCTS_PER_DEAL);
  rows.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { items: rows.map(publicProduct), totalCents: rows.reduce((sum, r) => sum + r.totalCents, 0) };
}

export async function listDealProducts(ctx: ServiceContext, scope: WorkspaceScope, { dealId }: { dealId: string }) {
  const deal = await scopedDeal(ctx.db, scope.id, dealId);
  return { ...(await linesOf(ctx.db, scope.id, dealId)), dealValueCents: deal.valueCents };
}

/** After a change: the deal's lines, and its value set to their sum when asked. */
async function settle(tx: DbOrTx, workspaceId: string, dealId: string, useAsDealValue: boolean, now: number) {
  const lines = await linesOf(tx, workspaceId, dealId);
  let dealValueCents: number | null = null;
  if (useAsDealValue) {
    const [deal] = await tx
      .update(deals)
      .set({ valueCents: lines.totalCents, version: sql`${deals.version} + 1`, updatedAt: now })
      .where(and(eq(deals.id, dealId), eq(deals.workspaceId, workspaceId)))
      .returning({ valueCents: deals.valueCents });
    dealValueCents = deal?.valueCents ?? null;
  } else {
    dealValueCents = (await scopedDeal(tx, workspaceId, dealId)).valueCents;
  }
  return { ...lines, dealValueCents };
}

async function scopedProduct(db: DbOrTx, workspaceId: string, id: string): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(dealProducts)
    .where(and(eq(dealProducts.id, id), eq(dealProducts.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", DEAL_DETAIL_ERRORS.productNotFound);
  return row;
}

export function addDealProduct(ctx: ServiceContext, scope: CrmWriterScope, input: AddProductInput) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    const deal = await scopedDeal(tx, scope.id, input.dealId);
    const [count] = await tx.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${dealProducts} WHERE ${dealProducts.dealId} = ${deal.id} LIMIT ${MAX_PRODUCTS_PER_DEAL})`,
    );
    if (Number(count?.n ?? 0) >= MAX_PRODUCTS_PER_DEAL) throw new AppError("LIMIT_EXCEEDED", DEAL_DETAIL_ERRORS.tooManyProducts);
    const [row] = await tx
      .insert(dealProducts)
      .values({
        workspaceId: scope.id,
        dealId: deal.id,
        name: input.name,
        quantity: input.quantity,
        unitPriceCents: input.unitPriceCents,
        discount: input.discount,
        tax: input.tax,
        totalCents: lineTotalCents(input),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new AppError("INTERNAL", "Falha ao adicionar o produto");
    return { product: publicProduct(row), ...(await settle(tx, scope.id, deal.id, input.useAsDealValue, now)) };
  });
}

export function updateDealProduct(ctx: ServiceContext, scope: CrmWriterScope, input: UpdateProductInput) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    const current = await scopedProduct(tx, scope.id, input.id);
    const next = {
      name: input.patch.name ?? current.name,
      quantity: input.patch.quantity ?? current.quantity,
      unitPriceCents: input.patch.unitPriceCents ?? current.unitPriceCents,
      discount: input.patch.discount ?? current.discount,
      tax: input.patch.tax ?? current.tax,
    };
    const [row] = await tx
      .update(dealProducts)
      .set({ ...next, totalCents: lineTotalCents(next), updatedAt: now })
      .where(and(eq(dealProducts.id, current.id), eq(dealProducts.workspaceId, scope.id)))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", DEAL_DETAIL_ERRORS.productNotFound);
    return { product: publicProduct(row), ...(await settle(tx, scope.id, current.dealId, input.useAsDealValue, now)) };
  });
}

export function deleteDealProduct(ctx: ServiceContext, scope: CrmWriterScope, input: DeleteProductInput) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    const current = await scopedProduct(tx, scope.id, input.id);
    await tx.delete(dealProducts).where(and(eq(dealProducts.id, current.id), eq(dealProducts.workspaceId, scope.id)));
    return { id: current.id, ...(await settle(tx, scope.id, current.dealId, input.useAsDealValue, now)) };
  });
}
