/**
 * The admin's plans (/admin/planos): CRUD in our database, and each paid plan mirrored as a Stripe
 * product with one active price. Stripe prices are immutable, so a new amount or period creates a
 * new price and deactivates the old one (subscribers keep theirs until they change plan).
 */
import { and, count, eq, inArray } from "drizzle-orm";
import { checkoutSessions, plans, userSubscriptions } from "../../../db/schema";
import type { Stripe } from "../../adapters/stripe/client";
import { describeStripeError } from "../../adapters/stripe/client";
import { AppError } from "../../lib/errors";
import { type PlanInput, type PlanUpdateInput, type StripeSyncState, stripeRecurringOf } from "../../schemas/billing/plans";
import type { AppDeps, DbOrTx } from "../context";
import type { Plan } from "../plans";
import { stripeOf } from "./stripe-config";

export type SyncOutcome = { state: StripeSyncState; error: string | null };
export type AdminPlan = Plan & { subscribers: number; stripeSync: StripeSyncState };

const isPaid = (p: Pick<Plan, "billingPeriod" | "priceCents">) => p.billingPeriod !== "free" && p.priceCents > 0;

export function stripeSyncState(p: Plan): StripeSyncState {
  if (!isPaid(p)) return "not_needed";
  const synced = p.stripeProductId && p.stripePriceId && p.stripeSyncedAt !== null && p.stripeSyncedAt >= p.updatedAt;
  return synced ? "synced" : "pending";
}

/** Active subscriptions per plan (the list's "assinantes"): one grouped read over the status index. */
async function subscriberCounts(db: DbOrTx, planIds: string[]) {
  const out = new Map<string, number>();
  if (planIds.length === 0) return out;
  const rows = await db
    .select({ planId: userSubscriptions.planId, n: count() })
    .from(userSubscriptions)
    .where(and(inArray(userSubscriptions.planId, planIds), inArray(userSubscriptions.status, ["active", "past_due"])))
    .groupBy(userSubscriptions.planId);
  for (const r of rows) out.set(r.planId, r.n);
  return out;
}

export async function listAdminPlans(deps: AppDeps): Promise<AdminPlan[]> {
  // The plan catalogue is small (an admin writes each one by hand): no paging.
  const rows = await deps.db.select().from(plans).orderBy(plans.sortOrder, plans.createdAt).limit(500);
  const subs = await subscriberCounts(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, subscribers: subs.get(r.id) ?? 0, stripeSync: stripeSyncState(r) }));
}

async function loadPlan(db: DbOrTx, id: string): Promise<Plan> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Plano não encontrado");
  return row;
}

export async function getAdminPlan(deps: AppDeps, id: string): Promise<AdminPlan> {
  const row = await loadPlan(deps.db, id);
  const subs = await subscriberCounts(deps.db, [id]);
  return { ...row, subscribers: subs.get(id) ?? 0, stripeSync: stripeSyncState(row) };
}

/** Only one free plan: it is what every workspace without a subscription falls back to. */
async function assertOneFree(db: DbOrTx, input: PlanInput, exceptId: string | null) {
  if (input.billingPeriod !== "free") return;
  const [other] = await db.select({ id: plans.id }).from(plans).where(eq(plans.billingPeriod, "free")).limit(2);
  if (other && other.id !== exceptId) throw new AppError("CONFLICT", "Já existe um plano gratuito. Edite-o em vez de criar outro.");
}

const fieldsOf = (input: PlanInput) => ({
  name: input.name,
  priceCents: input.priceCents,
  billingPeriod: input.billingPeriod,
  creditsIncluded: input.creditsIncluded,
  features: input.features,
  isActive: input.isActive,
  isPopular: input.isPopular,
  maxAgents: input.maxAgents,
  maxWorkspaces: input.maxWorkspaces,
  maxMembers: input.maxMembers,
  validityDays: input.validityDays,
  sortOrder: input.sortOrder,
});

export async function createAdminPlan(deps: AppDeps, input: PlanInput) {
  await assertOneFree(deps.db, input, null);
  const [row] = await deps.db.insert(plans).values(fieldsOf(input)).returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar o plano");
  const sync = await syncIfConfigured(deps, row);
  return { plan: await getAdminPlan(deps, row.id), sync };
}

export async function updateAdminPlan(deps: AppDeps, input: PlanUpdateInput) {
  const before = await loadPlan(deps.db, input.id);
  if (before.billingPeriod === "free" && (input.billingPeriod !== "free" || !input.isActive)) {
    throw new AppError("VALIDATION", "O plano gratuito continua gratuito e ativo: é o plano de quem não assina.");
  }
  await assertOneFree(deps.db, input, input.id);
  // A local change is unsynced until Stripe takes it: comparing timestamps alone called a change made
  // in the same millisecond as the last sync "synced" even when its own push failed.
  await deps.db.update(plans).set({ ...fieldsOf(input), stripeSyncedAt: null }).where(eq(plans.id, input.id));
  const sync = await syncIfConfigured(deps, await loadPlan(deps.db, input.id));
  return { plan: await getAdminPlan(deps, input.id), sync };
}

export async function setAdminPlanActive(deps: AppDeps, id: string, isActive: boolean) {
  const row = await loadPlan(deps.db, id);
  if (row.billingPeriod === "free" && !isActive) throw new AppError("VALIDATION", "O plano gratuito não pode ser desativado.");
  await deps.db.update(plans).set({ isActive, stripeSyncedAt: null }).where(eq(plans.id, id));
  const sync = await syncIfConfigured(deps, await loadPlan(deps.db, id));
  return { plan: await getAdminPlan(deps, id), sync };
}

/** Deleting is for mistakes: a plan anyone ever held or checked out stays (deactivate it instead). */
export async function removeAdminPlan(deps: AppDeps, id: string) {
  const row = await loadPlan(deps.db, id);
  if (row.billingPeriod === "free") throw new AppError("VALIDATION", "O plano gratuito não pode ser excluído.");
  const [held] = await deps.db.select({ id: userSubscriptions.id }).from(userSubscriptions).where(eq(userSubscriptions.planId, id)).limit(1);
  const [checkout] = await deps.db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.planId, id)).limit(1);
  if (held || checkout) {
    throw new AppError("CONFLICT", "Este plano tem ou teve assinantes e não pode ser excluído. Desative-o para que não seja mais vendido.");
  }
  if (row.stripeProductId) {
    // Archive on Stripe too, when it is reachable; the local delete does not depend on it.
    const stripe = await stripeOf(deps);
    await stripe?.client.products.update(row.stripeProductId, { active: false }).catch(() => undefined);
  }
  await deps.db.delete(plans).where(eq(plans.id, id));
  return { ok: true as const };
}

/** The admin's "Sincronizar com a Stripe". */
export async function syncAdminPlan(deps: AppDeps, id: string) {
  const row = await loadPlan(deps.db, id);
  const sync = await syncIfConfigured(deps, row);
  if (sync.state === "pending") throw new AppError(sync.error ? "UNAVAILABLE" : "PRECONDITION_FAILED", sync.error ?? "Configure a Stripe em /admin/stripe-config para sincronizar os planos.");
  return { plan: await getAdminPlan(deps, id), sync };
}

/** Saves locally whatever happens; Stripe is synced when configured and reachable, else it stays pending. */
async function syncIfConfigured(deps: AppDeps, plan: Plan): Promise<SyncOutcome> {
  if (!isPaid(plan) && !plan.stripeProductId) return { state: "not_needed", error: null };
  const stripe = await stripeOf(deps);
  if (!stripe) return { state: isPaid(plan) ? "pending" : "not_needed", error: null };
  try {
    const ids = await pushToStripe(stripe.client, plan);
    const now = deps.now();
    await deps.db.update(plans).set({ ...ids, stripeSyncedAt: now, updatedAt: now }).where(eq(plans.id, plan.id));
    return { state: isPaid(plan) ? "synced" : "not_needed", error: null };
  } catch (err) {
    return { state: "pending", error: describeStripeError(err) };
  }
}

/** Product upserted; the price replaced only when Stripe's current one no longer matches. */
async function pushToStripe(client: Stripe, plan: Plan): Promise<{ stripeProductId: string; stripePriceId: string | null }> {
  const description = plan.features.join(" · ").slice(0, 1000);
  const active = plan.isActive && isPaid(plan);
  let productId = plan.stripeProductId;
  if (productId) {
    await client.products.update(productId, { name: plan.name, description, active });
  } else {
    const product = await client.products.create({ name: plan.name, ...(description ? { description } : {}), active, metadata: { atendaPlanId: plan.id } });
    productId = product.id;
  }
  if (!isPaid(plan)) return { stripeProductId: productId, stripePriceId: plan.stripePriceId };
  const recurring = stripeRecurringOf(plan.billingPeriod);
  if (plan.stripePriceId) {
    const current = await client.prices.retrieve(plan.stripePriceId);
    const same =
      current.active &&
      current.product === productId &&
      current.unit_amount === plan.priceCents &&
      current.currency === "brl" &&
      current.recurring?.interval === recurring.interval &&
      current.recurring?.interval_count === recurring.interval_count;
    if (same) return { stripeProductId: productId, stripePriceId: current.id };
  }
  const price = await client.prices.create({ product: productId, currency: "brl", unit_amount: plan.priceCents, recurring, metadata: { atendaPlanId: plan.id } });
  // Immutable prices: the old one stops being sold; existing subscriptions keep it.
  if (plan.stripePriceId) await client.prices.update(plan.stripePriceId, { active: false });
  return { stripeProductId: productId, stripePriceId: price.id };
}
