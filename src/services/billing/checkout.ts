/**
 * Checkout (issue 15): the plans and packs on sale, and a Stripe Checkout Session priced on the
 * server. Our checkout_sessions row (with the coupon's reservation) commits before Stripe is called;
 * if Stripe refuses, the coupon is given back and the row expires. The success page reads our row.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { billingCustomers, checkoutSessions, creditPacks, plans, users } from "../../../db/schema";
import { type StripeClient, describeStripeError } from "../../adapters/stripe/client";
import { AppError } from "../../lib/errors";
import type { CheckoutCreateInput } from "../../schemas/billing/checkout";
import type { AppDeps, DbOrTx, ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { stripeRecurringOf } from "../../schemas/billing/plans";
import { getWorkspacePlan } from "../plans";
import { releaseCouponFor, reserveCoupon } from "./coupon-redemptions";
import { type StripeAccess, requireStripe, stripeOf } from "./stripe-config";

/** Active plans, cheapest first, with the workspace's current one and whether payments are on. */
export async function listPlans(deps: AppDeps, workspaceId: string) {
  const rows = await deps.db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.priceCents)).limit(100);
  const current = await getWorkspacePlan(deps.db, workspaceId);
  const sub = current.subscription;
  return {
    plans: rows.map((p) => ({ id: p.id, name: p.name, priceCents: p.priceCents, currency: p.currency, billingPeriod: p.billingPeriod, creditsIncluded: p.creditsIncluded, features: p.features, isPopular: p.isPopular, maxAgents: p.maxAgents, maxWorkspaces: p.maxWorkspaces, maxMembers: p.maxMembers })),
    currentPlanId: current.plan.id,
    hasStripeSubscription: Boolean(sub?.stripeSubscriptionId),
    paymentsConfigured: (await stripeOf(deps)) !== null,
  };
}

export async function listPacks(deps: AppDeps) {
  const rows = await deps.db.select().from(creditPacks).where(eq(creditPacks.isActive, true)).orderBy(asc(creditPacks.sortOrder), asc(creditPacks.priceCents)).limit(100);
  return {
    packs: rows.map((p) => ({ id: p.id, name: p.name, credits: p.credits, priceCents: p.priceCents, currency: p.currency, expiresInDays: p.expiresInDays })),
    paymentsConfigured: (await stripeOf(deps)) !== null,
  };
}

type Item = { kind: "plan"; plan: typeof plans.$inferSelect } | { kind: "pack"; pack: typeof creditPacks.$inferSelect };

async function itemOf(db: DbOrTx, input: CheckoutCreateInput): Promise<Item> {
  if (input.planId) {
    const [plan] = await db
      .select()
      .from(plans)
      .where(and(eq(plans.id, input.planId), eq(plans.isActive, true), ne(plans.billingPeriod, "free")))
      .limit(1);
    if (!plan || plan.priceCents <= 0) throw new AppError("NOT_FOUND", "Plano não encontrado");
    return { kind: "plan", plan };
  }
  const [pack] = await db
    .select()
    .from(creditPacks)
    .where(and(eq(creditPacks.id, input.packId ?? ""), eq(creditPacks.isActive, true)))
    .limit(1);
  if (!pack) throw new AppError("NOT_FOUND", "Pacote de créditos não encontrado");
  return { kind: "pack", pack };
}

/** The workspace's Stripe customer, created once (a concurrent second insert keeps the first). */
export async function customerOf(deps: AppDeps, client: StripeClient, ws: { id: string; name: string; ownerId: string }) {
  const [row] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.workspaceId, ws.id)).limit(1);
  if (row) return row.stripeCustomerId;
  const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, ws.ownerId)).limit(1);
  const customer = await client.customers.create({ email: owner?.email, name: ws.name, metadata: { workspaceId: ws.id } }, { idempotencyKey: `customer:${ws.id}` });
  await deps.db.insert(billingCustomers).values({ workspaceId: ws.id, stripeCustomerId: customer.id, email: owner?.email ?? null }).onConflictDoNothing();
  const [saved] = await deps.db.select().from(billingCustomers).where(eq(billingCustomers.workspaceId, ws.id)).limit(1);
  return saved?.stripeCustomerId ?? customer.id;
}

export async function createCheckout(ctx: ServiceContext & { workspace: WorkspaceScope }, userId: string, input: CheckoutCreateInput) {
  const stripe = await requireStripe(ctx);
  const item = await itemOf(ctx.db, input);
  if (item.kind === "plan") {
    const current = await getWorkspacePlan(ctx.db, ctx.workspace.id);
    if (current.subscription?.stripeSubscriptionId) throw new AppError("CONFLICT", "Este espaço já tem uma assinatura: use Mudar de plano em /planos");
  }
  const customer = await customerOf(ctx, stripe.client, ctx.workspace);
  const subtotal = item.kind === "plan" ? item.plan.priceCents : item.pack.priceCents;
  const planId = item.kind === "plan" ? item.plan.id : null;
  const packId = item.kind === "pack" ? item.pack.id : null;
  const now = ctx.now();
  const row = await withTransaction(ctx.db, async (tx) => {
    const [created] = await tx.insert(checkoutSessions).values({ workspaceId: ctx.workspace.id, userId, kind: item.kind, planId, packId, subtotalCents: subtotal, discountCents: 0, totalCents: subtotal }).returning();
    if (!created) throw new AppError("INTERNAL", "Falha ao iniciar o pagamento");
    const code = input.couponCode?.trim();
    if (!code) return created;
    const c = await reserveCoupon(tx, code, { workspaceId: ctx.workspace.id, kind: item.kind, planId, packId, subtotalCents: subtotal, checkoutSessionId: created.id }, now);
    const discount = Math.max(0, Math.min(subtotal, c.discountCents));
    const [updated] = await tx.update(checkoutSessions).set({ couponId: c.couponId, discountCents: discount, totalCents: subtotal - discount }).where(eq(checkoutSessions.id, created.id)).returning();
    return updated ?? created;
  });
  try {
    const session = await createStripeSession(ctx, stripe, item, row, customer);
    await ctx.db.update(checkoutSessions).set({ stripeSessionId: session.id, url: session.url }).where(eq(checkoutSessions.id, row.id));
    return { checkoutId: row.id, url: session.url ?? "", totalCents: row.totalCents, discountCents: row.discountCents };
  } catch (err) {
    await withTransaction(ctx.db, async (tx) => {
      await releaseCouponFor(tx, row.id, ctx.now());
      await tx.update(checkoutSessions).set({ status: "expired" }).where(eq(checkoutSessions.id, row.id));
    });
    throw new AppError("UNAVAILABLE", `Não foi possível iniciar o pagamento. ${describeStripeError(err)}`);
  }
}

type Row = typeof checkoutSessions.$inferSelect;

/**
 * A plan sells at its own recurring price (renewals charge the list price); a coupon becomes a
 * one-time Stripe coupon for the first period. A pack is a one-time price of its total.
 */
async function createStripeSession(deps: AppDeps, stripe: StripeAccess, item: Item, row: Row, customer: string) {
  // API 2026-10-28 has no payment_method_types on create (methods come from the account's settings):
  // Pix and boleto are excluded unless the admin enabled them; card is always on.
  const excluded = [...(stripe.enablePix ? [] : ["pix"]), ...(stripe.enableBoleto ? [] : ["boleto"])];
  const metadata: Record<string, string> = { checkoutId: row.id, workspaceId: row.workspaceId, kind: row.kind, ...(row.planId ? { planId: row.planId } : {}), ...(row.packId ? { packId: row.packId } : {}) };
  const back = (status: string) => `${deps.appUrl}/checkout?status=${status}&checkout=${row.id}`;
  const common = { customer, client_reference_id: row.id, metadata, locale: "pt-BR" as const, currency: "brl", success_url: back("sucesso"), cancel_url: back("cancelado") };
  if (item.kind === "pack") {
    return stripe.client.checkout.sessions.create(
      { ...common, mode: "payment", excluded_payment_method_types: excluded, line_items: [{ quantity: 1, price_data: { currency: "brl", unit_amount: row.totalCents, product_data: { name: `${item.pack.name} (${item.pack.credits} créditos)` } } }], payment_intent_data: { metadata } },
      { idempotencyKey: `checkout:${row.id}` },
    );
  }
  const plan = item.plan;
  let discounts: { coupon: string }[] | undefined;
  if (row.discountCents > 0) {
    const coupon = await stripe.client.coupons.create({ amount_off: row.discountCents, currency: "brl", duration: "once", max_redemptions: 1, name: `Desconto ${plan.name}`, metadata: { checkoutId: row.id } }, { idempotencyKey: `coupon:${row.id}` });
    discounts = [{ coupon: coupon.id }];
  }
  const lineItem = plan.stripePriceId ? { price: plan.stripePriceId, quantity: 1 } : { quantity: 1, price_data: { currency: "brl", unit_amount: plan.priceCents, recurring: stripeRecurringOf(plan.billingPeriod), product_data: { name: `Atenda ${plan.name}` } } };
  return stripe.client.checkout.sessions.create(
    { ...common, mode: "subscription", excluded_payment_method_types: excluded, line_items: [lineItem], discounts, subscription_data: { metadata } },
    { idempotencyKey: `checkout:${row.id}` },
  );
}

/** The success page's poll: our row's state (the webhook decides), never the redirect's claim. */
export async function checkoutStatus(db: DbOrTx, workspaceId: string, checkoutId: string) {
  const [row] = await db
    .select({ id: checkoutSessions.id, kind: checkoutSessions.kind, status: checkoutSessions.status, planId: checkoutSessions.planId, packId: checkoutSessions.packId, totalCents: checkoutSessions.totalCents, discountCents: checkoutSessions.discountCents, completedAt: checkoutSessions.completedAt })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Pagamento não encontrado");
  let name: string | null = null;
  let credits: number | null = null;
  if (row.planId) {
    const [p] = await db.select({ name: plans.name, credits: plans.creditsIncluded }).from(plans).where(eq(plans.id, row.planId)).limit(1);
    name = p?.name ?? null;
    credits = p?.credits ?? null;
  } else if (row.packId) {
    const [p] = await db.select({ name: creditPacks.name, credits: creditPacks.credits }).from(creditPacks).where(eq(creditPacks.id, row.packId)).limit(1);
    name = p?.name ?? null;
    credits = p?.credits ?? null;
  }
  return { ...row, name, credits };
}
