import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextInput } from "../../../components/ui/fields";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { setPixKeyInput } from "../../../../src/schemas/billing/affiliates";
import { formatCents } from "../../admin/components/billing/money";
import { COMMISSION_BADGE, COMMISSION_LABEL, formatRate } from "../components/status";

const ChartCanvas = lazy(() => import("../components/affiliate-chart-canvas"));
const PAGE_SIZE = 10;

/** /afiliados: my referral link, my figures, my commissions, my Pix key and the payout request. */
export default function AffiliatesPage() {
  const me = useQuery(trpc.affiliates.me.queryOptions());
  const d = me.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl sm:text-3xl">Afiliados</h1>
        <p className="mt-1 text-base-content/70 text-sm">Indique o Atenda e ganhe {d ? formatRate(d.commissionRate) : "10%"} de cada fatura paga por quem se cadastrar pelo seu link.</p>
      </div>
      {!d ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <LinkCard link={d.link} code={d.code} />
          <section aria-label="Resumo" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Cliques" value={formatNumber(d.clicks)} />
            <Stat label="Cadastros" value={formatNumber(d.signups)} />
            <Stat label="Conversões" value={formatNumber(d.conversions)} />
            <Stat label="Pendente" value={formatCents(d.pendingCents)} />
            <Stat label="Aprovado" value={formatCents(d.approvedCents)} />
            <Stat label="Pago" value={formatCents(d.paidCents)} />
            <Stat label="Disponível para saque" value={formatCents(d.availableCents)} strong />
          </section>
          <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="aff-chart">
            <div className="card-body">
              <h2 id="aff-chart" className="card-title text-lg">
                Cliques e cadastros nos últimos 30 dias
              </h2>
              <div className="h-64">
                <Suspense fallback={<p className="text-base-content/60 text-sm">Carregando gráfico...</p>}>
                  <ChartCanvas series={d.series} />
                </Suspense>
              </div>
            </div>
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <PixKeyForm current={d.pixKey} />
            <PayoutCard available={d.availableCents} min={d.minPayoutCents} hasPix={!!d.pixKey} />
          </div>
          <CommissionsTable />
        </>
      )}
    </div>
  );
}

function Stat({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-4">
        <p className="text-base-content/70 text-sm">{label}</p>
        <p className={`font-semibold text-xl ${strong ? "text-primary" : ""}`}>{value}</p>
      </div>
    </div>
  );
}

function LinkCard({ link, code }: { link: string; code: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Link copiado" });
    } catch {
      toast({ variant: "destructive", title: "Não foi possível copiar", description: "Selecione o link e copie manualmente." });
    }
  };
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="aff-link">
      <div className="card-body gap-3">
        <h2 id="aff-link" className="card-title text-lg">
          Seu link de indicação
        </h2>
        <div className="join w-full">
          <input className="input join-item w-full" readOnly value={link} aria-label="Link de indicação" data-testid="affiliate-link" />
          <button type="button" className="btn btn-primary join-item" onClick={copy}>
            Copiar link
          </button>
        </div>
        <p className="text-base-content/70 text-sm">
          Código: <span className="font-mono">{code}</span> · a indicação vale por 30 dias após o clique.
        </p>
      </div>
    </section>
  );
}

function PixKeyForm({ current }: { current: string | null }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [value, setValue] = useState(current ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(current ?? ""), [current]);
  const save = useMutation(
    trpc.affiliates.setPixKey.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Chave Pix salva" });
        await qc.invalidateQueries({ queryKey: trpc.affiliates.me.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = setPixKeyInput.safeParse({ pixKey: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Chave Pix inválida");
    setError(null);
    save.mutate(parsed.data);
  };
  return (
    <form className="card border border-base-300 bg-base-100 shadow-sm" onSubmit={submit} aria-labelledby="aff-pix">
      <div className="card-body gap-3">
        <h2 id="aff-pix" className="card-title text-lg">
          Chave Pix para saques
        </h2>
        <TextInput label="Chave Pix" value={value} onChange={setValue} error={error} max={120} placeholder="CPF, CNPJ, e-mail, +55… ou chave aleatória" />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? "Salvando..." : "Salvar chave Pix"}
          </button>
        </div>
      </div>
    </form>
  );
}

function PayoutCard({ available, min, hasPix }: { available: number; min: number; hasPix: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const payouts = useQuery(trpc.affiliates.payouts.queryOptions());
  const request = useMutation(
    trpc.affiliates.requestPayout.mutationOptions({
      onSuccess: async (p) => {
        setOpen(false);
        toast({ title: "Saque solicitado", description: `${formatCents(p.amountCents)} para a sua chave Pix.` });
        await qc.invalidateQueries({ queryKey: trpc.affiliates.pathKey() });
      },
      onError: (e) => {
        setOpen(false);
        toast({ variant: "destructive", title: "Saque não solicitado", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const blocked = !hasPix ? "Cadastre sua chave Pix para solicitar o saque." : available < min ? `O saque mínimo é de ${formatCents(min)}.` : null;
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="aff-payout">
      <div className="card-body gap-3">
        <h2 id="aff-payout" className="card-title text-lg">
          Saque
        </h2>
        <p className="text-sm">
          Disponível: <strong>{formatCents(available)}</strong> (comissões aprovadas)
        </p>
        {blocked && <p className="text-base-content/70 text-sm">{blocked}</p>}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-primary" disabled={!!blocked} onClick={() => setOpen(true)}>
            Solicitar saque
          </button>
        </div>
        {(payouts.data?.length ?? 0) > 0 && (
          <ul className="text-sm" aria-label="Saques solicitados">
            {payouts.data?.map((p) => (
              <li key={p.id} className="flex justify-between border-base-200 border-t py-1">
                <span>{formatDateTime(p.createdAt)}</span>
                <span>
                  {formatCents(p.amountCents)} · {p.status === "pending" ? "Pendente" : p.status === "paid" ? "Pago" : "Recusado"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={open}
        tone="primary"
        title="Solicitar saque"
        description={`Solicitar o saque de ${formatCents(available)} para a sua chave Pix?`}
        confirmLabel="Solicitar saque"
        pending={request.isPending}
        onConfirm={() => request.mutate()}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}

function CommissionsTable() {
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.affiliates.commissions.queryOptions({ page, pageSize: PAGE_SIZE }));
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="aff-commissions">
      <div className="card-body gap-3">
        <h2 id="aff-commissions" className="card-title text-lg">
          Comissões
        </h2>
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th>Data</th>
                <th>Indicado</th>
                <th className="text-right">Fatura</th>
                <th className="text-right">Taxa</th>
                <th className="text-right">Comissão</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="text-center text-base-content/70">
                    Nenhuma comissão ainda.
                  </td>
                </tr>
              )}
              {list.data?.rows.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.createdAt)}</td>
                  <td>{c.referredName ?? "—"}</td>
                  <td className="text-right">{formatCents(c.baseCents)}</td>
                  <td className="text-right">{formatRate(c.rate)}</td>
                  <td className="text-right">{formatCents(c.amountCents)}</td>
                  <td>
                    <span className={`badge ${COMMISSION_BADGE[c.status]}`}>{COMMISSION_LABEL[c.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 && (
          <div className="join self-end">
            <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </button>
            <span className="btn join-item btn-sm pointer-events-none">
              {page} de {pages}
            </span>
            <button type="button" className="btn join-item btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Próxima
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
