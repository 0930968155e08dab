/**
 * What the owner does with a running subscription (issue 15): cancel or resume renewal, change plan,
 * open the Stripe billing portal, list invoices; and the admin's hand assignment (no Stripe). The
 * webhook confirms Stripe-side changes; the row is also updated now so the screen reflects the click.
 */
import { boundedCount } from "./bounded-count";
import { desc, eq } from "drizzle-orm";
import { payments, type plans, userSubscriptions } from "../../../db/schema";
import { describeStripeError } from "../../adapters/stripe/client";
import { AppError } from "../../lib/errors";
import type { AssignPlanInput } from "../../schemas/billing/checkout";
import type { AppDeps, DbOrTx } from "../context";
import { withTransaction } from "../context";
import { stripeRecurringOf } from "../../schemas/billing/plans";
import { getWorkspacePlan } from "../plans";
import { customerOf } from "./checkout";
import { creditsToMilli, grantCredits } from "./grants";
import { applyAgentLimit } from "./plan-limits";
import { requireStripe } from "./stripe-config";
import { planById, switchPlan } from "./subscriptions";

async function stripeSubOf(db: DbOrTx, workspaceId: string) {
  const { subscription, plan } = await getWorkspacePlan(db, workspaceId);
  if (!subscription?.stripeSubscriptionId) throw new AppError("PRECONDITION_FAILED", "Este espaço não tem uma assinatura paga");
  return { sub: subscription, stripeSubId: subscription.stripeSubscriptionId, plan };
}

const stripeFailed = (err: unknown) => new AppError("UNAVAILABLE", `Não foi possível falar com a Stripe. ${describeStripeError(err)}`);

/** Cancel (at period end) or resume auto-renewal. */
export async function setCancelAtPeriodEnd(deps: AppDeps, workspaceId: string, cancel: boolean) {
  const stripe = await requireStripe(deps);
  const { sub, stripeSubId } = await stripeSubOf(deps.db, workspaceId);
  try {
    await stripe.client.subscriptions.update(stripeSubId, { cancel_at_period_end: cancel });
  } catch (err) {
    throw stripeFailed(err);
  }
  await deps.db.update(userSubscriptions).set({ cancelAtPeriodEnd: cancel, autoRenew: !cancel }).where(eq(userSubscriptions.id, sub.id));
  return { cancelAtPeriodEnd: cancel };
}

/** Upgrade/downgrade of a paid subscription: Stripe prorates; the plan follows on customer.subscription.updated. */
export async function changePlan(deps: AppDeps, workspaceId: string, planId: string) {
  const stripe = await requireStripe(deps);
  const { sub, stripeSubId } = await stripeSubOf(deps.db, workspaceId);
  const plan = await planById(deps.db, planId);
  if (!plan.isActive || plan.billingPeriod === "free") throw new AppError("VALIDATION", "Para voltar ao Gratuito, cancele a renovação da assinatura");
  if (plan.id === sub.planId) throw new AppError("CONFLICT", "Este já é o plano atual");
  try {
    const current = await stripe.client.subscriptions.retrieve(stripeSubId);
    const itemId = current.items.data[0]?.id;
    if (!itemId) throw new AppError("INTERNAL", "Assinatura sem item na Stripe");
    // A plan without a Stripe price gets one here, tagged with our plan id for the webhook.
    const price = plan.stripePriceId
      ? { price: plan.stripePriceId }
      : { price_data: { currency: "brl", unit_amount: plan.priceCents, recurring: stripeRecurringOf(plan.billingPeriod), product: await productOf(deps, plan) } };
    await stripe.client.subscriptions.update(stripeSubId, { items: [{ id: itemId, ...price }], metadata: { workspaceId, planId: plan.id }, proration_behavior: "create_prorations" });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw stripeFailed(err);
  }
  await withTransaction(deps.db, async (tx) => {
    await tx.update(userSubscriptions).set({ planId: plan.id }).where(eq(userSubscriptions.id, sub.id));
    await applyAgentLimit(tx, workspaceId, plan.maxAgents, deps.now());
  });
  return { planId: plan.id };
}

async function productOf(deps: AppDeps, plan: typeof plans.$inferSelect) {
  if (plan.stripeProductId) return plan.stripeProductId;
  const stripe = await requireStripe(deps);
  const product = await stripe.client.products.create({ name: `Atenda ${plan.name}`, metadata: { planId: plan.id } }, { idempotencyKey: `product:${plan.id}` });
  return product.id;
}

/** The Stripe billing portal (change card, see invoices), back to /faturamento. */
export async function portalUrl(deps: AppDeps, ws: { id: string; name: string; ownerId: string }) {
  const stripe = await requireStripe(deps);
  try {
    const customer = await customerOf(deps, stripe.client, ws);
    const session = await stripe.client.billingPortal.sessions.create({ customer, return_url: `${deps.appUrl}/faturamento`, locale: "pt-BR" });
    return { url: session.url };
  } catch (err) {
    throw stripeFailed(err);
  }
}

export async function listInvoices(db: DbOrTx, workspaceId: string, page: number, pageSize: number) {
  const where = eq(payments.workspaceId, workspaceId);
  const rows = await db
    .select({ id: payments.id, kind: payments.kind, description: payments.description, amountCents: payments.amountCents, refundedCents: payments.refundedCents, status: payments.status, invoicePdfUrl: payments.invoicePdfUrl, hostedInvoiceUrl: payments.hostedInvoiceUrl, paidAt: payments.paidAt, createdAt: payments.createdAt })
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await boundedCount(db, payments, where);
  return { items: rows, total, page, pageSize };
}

/** The admin switches a workspace's plan by hand (no Stripe): the plan's credits once per assignment. */
export async function assignPlan(deps: AppDeps, input: AssignPlanInput) {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.now();
    const plan = await planById(tx, input.planId);
    const { subscription } = await switchPlan(tx, { workspaceId: input.workspaceId, planId: plan.id, endDate: input.endDate ?? null }, now);
    await grantCredits(tx, { workspaceId: input.workspaceId, kind: "admin_plan", grantKey: `admin-plan:${subscription.id}`, amountMilli: creditsToMilli(plan.creditsIncluded), planId: plan.id, note: "Plano atribuído pelo administrador" }, now);
    return { subscriptionId: subscription.id, planId: plan.id, planName: plan.name };
  });
}

