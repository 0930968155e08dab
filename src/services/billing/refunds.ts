/**
 * Refunds (/admin/pagamentos): the admin asks Stripe to refund (part of) a payment; Stripe's
 * charge.refunded webhook is what marks our payment refunded, so a refund made in Stripe's own
 * dashboard lands the same way. Granted credits are NOT taken back (see onChargeRefunded).
 */
import { eq, or } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { Stripe } from "../../adapters/stripe/client";
import { describeStripeError } from "../../adapters/stripe/client";
import { AppError } from "../../lib/errors";
import type { RefundInput } from "../../schemas/billing/payments-admin";
import type { AppDeps, DbOrTx } from "../context";
import { cancelCommissionForPayment } from "./affiliate-hooks";
import type { StripeEventHandler } from "./stripe-event-handlers";
import { requireStripe } from "./stripe-config";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const formatBrl = (cents: number) => brl.format(cents / 100).replace(/\u00a0/g, " ");

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

/** The payment intent that paid an invoice (a subscription payment row may only know its invoice). */
async function intentOfInvoice(client: Stripe, invoiceId: string): Promise<string | null> {
  const list = await client.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = list.data.find((p) => p.status === "paid" && p.payment.type === "payment_intent") ?? list.data.find((p) => p.payment.type === "payment_intent");
  return idOf(paid?.payment.payment_intent);
}

export async function refundPayment(deps: AppDeps, input: RefundInput, adminId: string | null) {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, input.paymentId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Pagamento não encontrado");
  if (row.status !== "paid" && row.status !== "partially_refunded") throw new AppError("VALIDATION", "Só um pagamento pago pode ser reembolsado.");
  const left = row.amountCents - row.refundedCents;
  if (left <= 0) throw new AppError("VALIDATION", "Este pagamento já foi reembolsado por inteiro.");
  const amount = input.amountCents ?? left;
  if (amount > left) throw new AppError("VALIDATION", `O valor passa do que resta reembolsar (${formatBrl(left)}).`);
  const { client } = await requireStripe(deps);
  try {
    const intent = row.stripePaymentIntentId ?? (row.stripeInvoiceId ? await intentOfInvoice(client, row.stripeInvoiceId) : null);
    if (!intent) throw new AppError("PRECONDITION_FAILED", "Não encontramos este pagamento na Stripe para reembolsar.");
    // The key folds in what was refunded before: a double click sends one refund, a later one a new one.
    const refund = await client.refunds.create(
      { payment_intent: intent, amount, metadata: { atendaPaymentId: row.id, ...(adminId ? { atendaAdminId: adminId } : {}) } },
      { idempotencyKey: `atenda-refund-${row.id}-${row.refundedCents}-${amount}` },
    );
    return { refundId: refund.id, amountCents: amount, status: refund.status ?? "pending" };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("UNAVAILABLE", describeStripeError(err));
  }
}

/**
 * charge.refunded: the payment becomes refunded or partially_refunded with Stripe's running total
 * (amount_refunded only grows, so an older or repeated event changes nothing), and the affiliate's
 * commission on it is canceled. Credits already granted stay: they may be spent already, and taking
 * them back could stop a workspace's agents mid-conversation; the admin decides case by case.
 */
export const onChargeRefunded: StripeEventHandler = async (deps, event) => {
  const charge = event.data.object as Stripe.Charge;
  const intent = idOf(charge.payment_intent);
  if (!intent) return async () => "ignored";
  // Network first: the invoice this intent paid, for subscription rows that only hold the invoice.
  let invoiceId: string | null = null;
  const [known] = await deps.db.select({ id: payments.id }).from(payments).where(eq(payments.stripePaymentIntentId, intent)).limit(1);
  if (!known) {
    const { client } = await requireStripe(deps);
    const list = await client.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: intent }, limit: 1 });
    invoiceId = idOf(list.data[0]?.invoice as string | { id: string } | undefined);
  }
  return (tx: DbOrTx) => applyRefundTotal(tx, { intent, invoiceId, amountRefunded: charge.amount_refunded, fullyRefunded: charge.refunded }, deps.now());
};

async function applyRefundTotal(tx: DbOrTx, r: { intent: string; invoiceId: string | null; amountRefunded: number; fullyRefunded: boolean }, now: number) {
  const match = r.invoiceId ? or(eq(payments.stripePaymentIntentId, r.intent), eq(payments.stripeInvoiceId, r.invoiceId)) : eq(payments.stripePaymentIntentId, r.intent);
  const [row] = await tx.select().from(payments).where(match).limit(1);
  if (!row) return "ignored" as const;
  if (r.amountRefunded <= row.refundedCents) return "processed" as const;
  const refundedCents = Math.min(r.amountRefunded, row.amountCents);
  const status = r.fullyRefunded || refundedCents >= row.amountCents ? "refunded" : "partially_refunded";
  await tx
    .update(payments)
    .set({ refundedCents, status, ...(row.stripePaymentIntentId ? {} : { stripePaymentIntentId: r.intent }) })
    .where(eq(payments.id, row.id));
  await cancelCommissionForPayment(tx, row.id, now);
  return "processed" as const;
}
