/**
 * The admin's credit packs (/admin/planos, "Pacotes de créditos"). Packs are sold with the price
 * from this row at checkout time (price_data), so nothing is mirrored on Stripe here. A pack that
 * was ever checked out is deactivated, not deleted: checkouts and payments point at it.
 */
import { eq } from "drizzle-orm";
import { checkoutSessions, creditPacks } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { PackInput } from "../../schemas/billing/credit-packs-admin";
import type { AppDeps } from "../context";

export type CreditPack = typeof creditPacks.$inferSelect;

export async function listAdminPacks(deps: AppDeps): Promise<CreditPack[]> {
  // A handful of packs, written by hand: no paging.
  return deps.db.select().from(creditPacks).orderBy(creditPacks.sortOrder, creditPacks.createdAt).limit(500);
}

async function loadPack(deps: AppDeps, id: string) {
  const [row] = await deps.db.select().from(creditPacks).where(eq(creditPacks.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Pacote não encontrado");
  return row;
}

const fieldsOf = (input: PackInput) => ({
  name: input.name,
  credits: input.credits,
  priceCents: input.priceCents,
  expiresInDays: input.expiresInDays,
  isActive: input.isActive,
  sortOrder: input.sortOrder,
});

export async function createAdminPack(deps: AppDeps, input: PackInput) {
  const [row] = await deps.db.insert(creditPacks).values(fieldsOf(input)).returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar o pacote");
  return row;
}

export async function updateAdminPack(deps: AppDeps, input: PackInput & { id: string }) {
  await loadPack(deps, input.id);
  const [row] = await deps.db.update(creditPacks).set(fieldsOf(input)).where(eq(creditPacks.id, input.id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "Pacote não encontrado");
  return row;
}

export async function setAdminPackActive(deps: AppDeps, id: string, isActive: boolean) {
  await loadPack(deps, id);
  const [row] = await deps.db.update(creditPacks).set({ isActive }).where(eq(creditPacks.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "Pacote não encontrado");
  return row;
}

export async function removeAdminPack(deps: AppDeps, id: string) {
  await loadPack(deps, id);
  // Every pack payment comes from one of our checkout sessions (indexed by pack).
  const [sold] = await deps.db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.packId, id)).limit(1);
  if (sold) {
    throw new AppError("CONFLICT", "Este pacote já foi comprado e não pode ser excluído. Desative-o para que não seja mais vendido.");
  }
  await deps.db.delete(creditPacks).where(eq(creditPacks.id, id));
  return { ok: true as const };
}
