import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { setRateInput } from "../../../../src/schemas/billing/affiliates";
import { COMMISSION_BADGE, COMMISSION_LABEL, formatRate, PAYOUT_BADGE, PAYOUT_LABEL } from "../../affiliates/components/status";
import { formatCents } from "../components/billing/money";

const PAGE_SIZE = 20;
type Tab = "affiliates" | "commissions" | "payouts";

/** /admin/afiliados: affiliates and their rates, commissions to approve, payouts to mark paid. */
export default function AdminAffiliatesPage() {
  const [tab, setTab] = useState<Tab>("affiliates");
  const tabs: [Tab, string][] = [
    ["affiliates", "Afiliados"],
    ["commissions", "Comissões"],
    ["payouts", "Saques"],
  ];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Afiliados</h1>
      </div>
      <div role="tablist" className="tabs tabs-border">
        {tabs.map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={`tab ${tab === k ? "tab-active" : ""}`} onClick={() => setTab(k)}>
            {label}
          </button>
        ))}
      </div>
      {tab === "affiliates" ? <AffiliatesTable /> : tab === "commissions" ? <CommissionsTable /> : <PayoutsTable />}
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <div className="join self-end">
      <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span className="btn join-item btn-sm pointer-events-none">
        {page} de {pages}
      </span>
      <button type="button" className="btn join-item btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Próxima
      </button>
    </div>
  );
}

function useFail() {
  const toast = useToast();
  return (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
}

function AffiliatesTable() {
  const qc = useQueryClient();
  const toast = useToast();
  const fail = useFail();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<{ id: string; name: string; percent: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useQuery(trpc.affiliates.admin.list.queryOptions({ page, pageSize: PAGE_SIZE, search }));
  const save = useMutation(
    trpc.affiliates.admin.setRate.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Comissão atualizada" });
        setEditing(null);
        await qc.invalidateQueries({ queryKey: trpc.affiliates.admin.list.queryKey() });
      },
      onError: fail("Não foi possível salvar"),
    }),
  );
  const submit = () => {
    if (!editing) return;
    const parsed = setRateInput.safeParse({ affiliateId: editing.id, rate: Number(editing.percent.replace(",", ".")) / 100 });
    if (!parsed.success || editing.percent.trim() === "") return setError(parsed.error?.issues[0]?.message ?? "Informe a comissão");
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <section className="flex flex-col gap-3">
      <input
        className="input w-full max-w-sm"
        type="search"
        placeholder="Buscar por nome, e-mail ou código"
        aria-label="Buscar afiliados"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
      />
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th>Afiliado</th>
              <th>Código</th>
              <th className="text-right">Cliques</th>
              <th className="text-right">Cadastros</th>
              <th className="text-right">Pendente</th>
              <th className="text-right">Aprovado</th>
              <th className="text-right">Pago</th>
              <th className="text-right">Comissão</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data?.rows.length === 0 && (
              <tr>
                <td colSpan={9} className="text-center text-base-content/70">
                  Nenhum afiliado encontrado.
                </td>
              </tr>
            )}
            {list.data?.rows.map((a) => (
              <tr key={a.id}>
                <td>
                  <div className="font-medium">{a.name}</div>
                  <div className="text-base-content/70 text-xs">{a.email}</div>
                </td>
                <td className="font-mono">{a.code}</td>
                <td className="text-right">{formatNumber(a.clicks)}</td>
                <td className="text-right">{formatNumber(a.signups)}</td>
                <td className="text-right">{formatCents(a.pendingCents)}</td>
                <td className="text-right">{formatCents(a.approvedCents)}</td>
                <td className="text-right">{formatCents(a.paidCents)}</td>
                <td className="text-right">{formatRate(a.rate)}</td>
                <td>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ id: a.id, name: a.name, percent: String(Math.round(a.rate * 10000) / 100) })}>
                    Editar comissão
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Comissão de ${editing?.name ?? ""}`}>
        <label className="flex flex-col gap-1">
          <span className="text-sm">Comissão (%), de 0 a 50</span>
          <input className="input" inputMode="decimal" value={editing?.percent ?? ""} onChange={(e) => editing && setEditing({ ...editing, percent: e.target.value })} />
          {error && <span className="text-error text-sm">{error}</span>}
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(null)}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={submit}>
            Salvar
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function CommissionsTable() {
  const qc = useQueryClient();
  const toast = useToast();
  const fail = useFail();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<"pending" | "approved" | "paid" | "canceled" | "">("pending");
  const [confirm, setConfirm] = useState<{ id: string; amount: number } | null>(null);
  const list = useQuery(trpc.affiliates.admin.commissions.queryOptions({ page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }));
  const approve = useMutation(
    trpc.affiliates.admin.approve.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Comissão aprovada" });
        setConfirm(null);
        await qc.invalidateQueries({ queryKey: trpc.affiliates.admin.pathKey() });
      },
      onError: (e) => {
        setConfirm(null);
        fail("Não foi possível aprovar")(e);
      },
    }),
  );
  return (
    <section className="flex flex-col gap-3">
      <select className="select w-full max-w-xs" aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage(1); }}>
        <option value="">Todas</option>
        {(["pending", "approved", "paid", "canceled"] as const).map((s) => (
          <option key={s} value={s}>
            {COMMISSION_LABEL[s]}
          </option>
        ))}
      </select>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th>Data</th>
              <th>Afiliado</th>
              <th>Indicado</th>
              <th className="text-right">Fatura</th>
              <th className="text-right">Comissão</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data?.rows.length === 0 && (
              <tr>
                <td colSpan={7} className="text-center text-base-content/70">
                  Nenhuma comissão.
                </td>
              </tr>
            )}
            {list.data?.rows.map((c) => (
              <tr key={c.id}>
                <td>{formatDateTime(c.createdAt)}</td>
                <td>{c.affiliateName ?? "—"}</td>
                <td>{c.referredName ?? "—"}</td>
                <td className="text-right">{formatCents(c.baseCents)}</td>
                <td className="text-right">
                  {formatCents(c.amountCents)} ({formatRate(c.rate)})
                </td>
                <td>
                  <span className={`badge ${COMMISSION_BADGE[c.status]}`}>{COMMISSION_LABEL[c.status]}</span>
                </td>
                <td>
                  {c.status === "pending" && (
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirm({ id: c.id, amount: c.amountCents })}>
                      Aprovar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} />
      <ConfirmDialog
        open={confirm !== null}
        tone="primary"
        title="Aprovar comissão"
        description={`Aprovar a comissão de ${formatCents(confirm?.amount ?? 0)}? Ela fica disponível para saque.`}
        confirmLabel="Aprovar"
        pending={approve.isPending}
        onConfirm={() => confirm && approve.mutate({ id: confirm.id })}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}

function PayoutsTable() {
  const qc = useQueryClient();
  const toast = useToast();
  const fail = useFail();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<"pending" | "paid" | "rejected" | "">("pending");
  const [confirm, setConfirm] = useState<{ id: string; amount: number; kind: "paid" | "reject" } | null>(null);
  const list = useQuery(trpc.affiliates.admin.payouts.queryOptions({ page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }));
  const done = (title: string) => async () => {
    toast({ title });
    setConfirm(null);
    await qc.invalidateQueries({ queryKey: trpc.affiliates.admin.pathKey() });
  };
  const onError = (title: string) => (e: unknown) => {
    setConfirm(null);
    fail(title)(e);
  };
  const markPaid = useMutation(trpc.affiliates.admin.markPaid.mutationOptions({ onSuccess: done("Saque marcado como pago"), onError: onError("Não foi possível marcar") }));
  const reject = useMutation(trpc.affiliates.admin.reject.mutationOptions({ onSuccess: done("Saque recusado"), onError: onError("Não foi possível recusar") }));
  return (
    <section className="flex flex-col gap-3">
      <select className="select w-full max-w-xs" aria-label="Status" value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage(1); }}>
        <option value="">Todos</option>
        {(["pending", "paid", "rejected"] as const).map((s) => (
          <option key={s} value={s}>
            {PAYOUT_LABEL[s]}
          </option>
        ))}
      </select>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th>Data</th>
              <th>Afiliado</th>
              <th>Chave Pix</th>
              <th className="text-right">Valor</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data?.rows.length === 0 && (
              <tr>
                <td colSpan={6} className="text-center text-base-content/70">
                  Nenhum saque.
                </td>
              </tr>
            )}
            {list.data?.rows.map((p) => (
              <tr key={p.id}>
                <td>{formatDateTime(p.createdAt)}</td>
                <td>
                  <div className="font-medium">{p.name}</div>
                  <div className="text-base-content/70 text-xs">{p.email}</div>
                </td>
                <td className="font-mono">{p.pixKey}</td>
                <td className="text-right">{formatCents(p.amountCents)}</td>
                <td>
                  <span className={`badge ${PAYOUT_BADGE[p.status]}`}>{PAYOUT_LABEL[p.status]}</span>
                </td>
                <td className="flex gap-2">
                  {p.status === "pending" && (
                    <>
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirm({ id: p.id, amount: p.amountCents, kind: "paid" })}>
                        Marcar como pago
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm({ id: p.id, amount: p.amountCents, kind: "reject" })}>
                        Recusar
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} total={list.data?.total ?? 0} onPage={setPage} />
      <ConfirmDialog
        open={confirm !== null}
        tone={confirm?.kind === "reject" ? "danger" : "primary"}
        title={confirm?.kind === "reject" ? "Recusar saque" : "Marcar saque como pago"}
        description={
          confirm?.kind === "reject"
            ? `Recusar o saque de ${formatCents(confirm.amount)}? As comissões voltam a ficar disponíveis para o afiliado.`
            : `Confirma que o Pix de ${formatCents(confirm?.amount ?? 0)} foi enviado?`
        }
        confirmLabel={confirm?.kind === "reject" ? "Recusar" : "Marcar como pago"}
        pending={markPaid.isPending || reject.isPending}
        onConfirm={() => confirm && (confirm.kind === "reject" ? reject.mutate({ id: confirm.id, note: "" }) : markPaid.mutate({ id: confirm.id, note: "" }))}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
