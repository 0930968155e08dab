/**
 * /admin/pagamentos: every payment (paid invoices, packs) and its refunds across workspaces, with
 * filters, keyset pages over the created_at index and the totals of what the filters select.
 */
import { type SQL, and, count, desc, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";
import { payments, plans, workspaces } from "../../../db/schema";
import type { PaymentsListInput } from "../../schemas/billing/payments-admin";
import type { AppDeps } from "../context";

const DAY = 86_400_000;
const PERIOD_DAYS = { "7d": 7, "30d": 30, "90d": 90, "365d": 365, all: null } as const;
/** A name search looks at this many matching workspaces at most: an admin narrows, never browses. */
const SEARCH_WORKSPACES = 200;

export type AdminPaymentRow = {
  id: string;
  workspaceId: string;
  workspaceName: string | null;
  kind: "subscription" | "pack";
  description: string;
  planName: string | null;
  amountCents: number;
  refundedCents: number;
  status: "paid" | "refunded" | "partially_refunded" | "failed";
  paidAt: number | null;
  createdAt: number;
  hostedInvoiceUrl: string | null;
  invoicePdfUrl: string | null;
  refundable: boolean;
};

async function filtersOf(deps: AppDeps, input: PaymentsListInput): Promise<SQL[] | null> {
  const where: SQL[] = [];
  if (input.status) where.push(eq(payments.status, input.status));
  if (input.kind) where.push(eq(payments.kind, input.kind));
  const days = PERIOD_DAYS[input.period];
  if (days !== null) where.push(gte(payments.createdAt, deps.now() - days * DAY));
  if (input.search) {
    const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const found = await deps.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(sql`${workspaces.name} like ${pattern} escape '\\'`)
      .limit(SEARCH_WORKSPACES);
    if (found.length === 0) return null;
    where.push(
      inArray(
        payments.workspaceId,
        found.map((w) => w.id),
      ),
    );
  }
  return where;
}

export async function listAdminPayments(deps: AppDeps, input: PaymentsListInput) {
  const where = await filtersOf(deps, input);
  if (!where) return { items: [] as AdminPaymentRow[], nextCursor: null, totals: { count: 0, amountCents: 0, refundedCents: 0 } };
  const page = [...where];
  if (input.cursor) {
    const c = input.cursor;
    page.push(or(lt(payments.createdAt, c.createdAt), and(eq(payments.createdAt, c.createdAt), lt(payments.id, c.id))) as SQL);
  }
  const rows = await deps.db
    .select({ p: payments, workspaceName: workspaces.name, planName: plans.name })
    .from(payments)
    .leftJoin(workspaces, eq(workspaces.id, payments.workspaceId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(and(...page))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(input.limit + 1);
  const more = rows.length > input.limit;
  const items: AdminPaymentRow[] = rows.slice(0, input.limit).map(({ p, workspaceName, planName }) => ({
    id: p.id,
    workspaceId: p.workspaceId,
    workspaceName,
    kind: p.kind,
    description: p.description,
    planName,
    amountCents: p.amountCents,
    refundedCents: p.refundedCents,
    status: p.status,
    paidAt: p.paidAt,
    createdAt: p.createdAt,
    hostedInvoiceUrl: p.hostedInvoiceUrl,
    invoicePdfUrl: p.invoicePdfUrl,
    refundable: (p.status === "paid" || p.status === "partially_refunded") && p.amountCents > p.refundedCents && !!(p.stripePaymentIntentId || p.stripeInvoiceId),
  }));
  const last = items.at(-1);
  const [t] = await deps.db
    // A failed attempt brought no money: it is listed, not summed.
    .select({ count: count(), amountCents: sql<number>`sum(case when ${payments.status} <> 'failed' then ${payments.amountCents} else 0 end)`, refundedCents: sum(payments.refundedCents) })
    .from(payments)
    .where(and(...where));
  return {
    items,
    nextCursor: more && last ? { createdAt: last.createdAt, id: last.id } : null,
    totals: { count: t?.count ?? 0, amountCents: Number(t?.amountCents ?? 0), refundedCents: Number(t?.refundedCents ?? 0) },
  };
}
