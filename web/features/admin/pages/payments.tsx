import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PAYMENT_KIND_LABELS, PAYMENT_STATUS_LABELS, type PaymentsListInput } from "../../../../src/schemas/billing/payments-admin";
import { centsToInput, formatCents, inputToCents } from "../components/billing/money";

type Cursor = PaymentsListInput["cursor"];
type Row = { id: string; workspaceName: string | null; description: string; amountCents: number; refundedCents: number };
const STATUS_BADGE = { paid: "badge-success", refunded: "badge-neutral", partially_refunded: "badge-warning", failed: "badge-error" } as const;

const statusOptions = [{ value: "", label: "Todos" }, ...Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const kindOptions = [{ value: "", label: "Todos" }, ...Object.entries(PAYMENT_KIND_LABELS).map(([value, label]) => ({ value, label }))];
const periodOptions = [
  { value: "7d", label: "Últimos 7 dias" },
  { value: "30d", label: "Últimos 30 dias" },
  { value: "90d", label: "Últimos 90 dias" },
  { value: "365d", label: "Últimos 12 meses" },
  { value: "all", label: "Todo o período" },
] as const;

/** /admin/pagamentos: every payment and refund, filters, pages and the refund through Stripe. */
export default function AdminPaymentsPage() {
  const [status, setStatus] = useState("");
  const [kind, setKind] = useState("");
  const [period, setPeriod] = useState<PaymentsListInput["period"]>("30d");
  const [search, setSearch] = useState("");
  const [cursors, setCursors] = useState<Cursor[]>([null]);
  const [refunding, setRefunding] = useState<Row | null>(null);
  const cursor = cursors.at(-1) ?? null;
  const input: PaymentsListInput = {
    period,
    limit: 25,
    cursor,
    ...(status ? { status: status as PaymentsListInput["status"] } : {}),
    ...(kind ? { kind: kind as PaymentsListInput["kind"] } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = useQuery({ ...trpc.adminBilling.payments.list.queryOptions(input), placeholderData: keepPreviousData });
  /** A new filter starts again from the first page. */
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCursors([null]);
    };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Pagamentos</h1>
        <p className="mt-1 text-base-content/70 text-sm">Faturas pagas, pacotes de créditos e reembolsos de todos os workspaces. Reembolsos são feitos pela Stripe.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextInput label="Workspace" value={search} onChange={refilter(setSearch)} placeholder="Buscar pelo nome" />
        <SelectInput label="Status" value={status} options={statusOptions} onChange={refilter(setStatus)} />
        <SelectInput label="Tipo" value={kind} options={kindOptions} onChange={refilter(setKind)} />
        <SelectInput label="Período" value={period} options={periodOptions} onChange={refilter(setPeriod)} />
      </div>
      {list.data && (
        <div className="stats stats-vertical border border-base-300 bg-base-100 sm:stats-horizontal">
          <div className="stat">
            <div className="stat-title">Pagamentos</div>
            <div className="stat-value text-2xl">{formatNumber(list.data.totals.count)}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Recebido</div>
            <div className="stat-value text-2xl">{formatCents(list.data.totals.amountCents)}</div>
          </div>
          <div className="stat">
            <div className="stat-title">Reembolsado</div>
            <div className="stat-value text-2xl">{formatCents(list.data.totals.refundedCents)}</div>
          </div>
        </div>
      )}
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os pagamentos.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">Nenhum pagamento com esses filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Data</th>
                <th>Workspace</th>
                <th>Descrição</th>
                <th>Tipo</th>
                <th className="text-right">Valor</th>
                <th>Status</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id}>
                  <td className="whitespace-nowrap text-sm">{formatDateTime(p.paidAt ?? p.createdAt)}</td>
                  <td>{p.workspaceName ?? "—"}</td>
                  <td className="text-sm">
                    {p.description}
                    {p.invoicePdfUrl && (
                      <a href={p.invoicePdfUrl} target="_blank" rel="noreferrer" className="link ml-2 text-xs">
                        PDF
                      </a>
                    )}
                  </td>
                  <td className="text-sm">{PAYMENT_KIND_LABELS[p.kind]}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">
                    {formatCents(p.amountCents)}
                    {p.refundedCents > 0 && <div className="text-base-content/60 text-xs">−{formatCents(p.refundedCents)}</div>}
                  </td>
                  <td>
                    <span className={`badge badge-sm ${STATUS_BADGE[p.status]}`}>{PAYMENT_STATUS_LABELS[p.status]}</span>
                  </td>
                  <td className="text-right">
                    {p.refundable && (
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRefunding(p)}>
                        Reembolsar
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Anterior
        </button>
        <button type="button" className="btn btn-sm" disabled={!list.data?.nextCursor} onClick={() => list.data?.nextCursor && setCursors((c) => [...c, list.data.nextCursor])}>
          Próxima
        </button>
      </div>
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

function RefundDialog({ payment, onClose }: { payment: Row; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const left = payment.amountCents - payment.refundedCents;
  const [amount, setAmount] = useState(centsToInput(left));
  const [error, setError] = useState<string | null>(null);
  const refund = useMutation(
    trpc.adminBilling.payments.refund.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: "Reembolso solicitado", description: `${formatCents(r.amountCents)} serão devolvidos. O status muda quando a Stripe confirmar.` });
        onClose();
        await qc.invalidateQueries({ queryKey: trpc.adminBilling.payments.list.queryKey() });
      },
    }),
  );
  function confirm() {
    const cents = inputToCents(amount);
    if (!Number.isFinite(cents) || cents < 1) return setError("Informe um valor em reais.");
    if (cents > left) return setError(`O máximo é ${formatCents(left)}.`);
    setError(null);
    refund.mutate({ paymentId: payment.id, amountCents: cents });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Reembolsar pagamento?"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={refund.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-error" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending && <ButtonSpinner />}
            Reembolsar
          </button>
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <p>
          {payment.description} — {payment.workspaceName ?? "workspace"}. Pago {formatCents(payment.amountCents)}
          {payment.refundedCents > 0 ? `, já reembolsado ${formatCents(payment.refundedCents)}` : ""}. O dinheiro volta ao cliente pela Stripe; os créditos já concedidos
          não são retirados.
        </p>
        <TextInput label="Valor do reembolso (R$)" value={amount} onChange={setAmount} error={error} hint={`Até ${formatCents(left)}.`} />
        {refund.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(refund.error, "Não foi possível reembolsar.")}
          </div>
        )}
      </div>
    </Dialog>
  );
}
