import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import type { CouponStatusFilter } from "../../../../../src/schemas/billing/coupons";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { formatDate } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { formatCents } from "../../components/billing/money";
import { PageNav } from "../../../../components/ui/page-nav";

const PAGE_SIZE = 20;
const STATUS_LABEL = { active: "Ativo", inactive: "Inativo", expired: "Expirado", exhausted: "Esgotado" } as const;
const STATUS_BADGE = { active: "badge-success", inactive: "badge-ghost", expired: "badge-warning", exhausted: "badge-error" } as const;
const FILTERS: { value: CouponStatusFilter; label: string }[] = [
  { value: "all", label: "Todos" },
  { value: "active", label: "Ativos" },
  { value: "inactive", label: "Inativos" },
  { value: "expired", label: "Expirados" },
  { value: "exhausted", label: "Esgotados" },
];

type Confirm = { kind: "deactivate" | "remove"; id: string; code: string } | null;

/** /admin/cupons: every coupon with its discount, uses and validity; search, status filter, pages. */
export default function AdminCouponsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CouponStatusFilter>("all");
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const list = useQuery({ ...trpc.coupons.list.queryOptions({ search, status, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.coupons.list.queryKey() });
  const fail = (title: string) => (e: unknown) => {
    setConfirm(null);
    toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  };
  const done = (title: string) => async () => {
    toast({ title });
    setConfirm(null);
    await refresh();
  };
  const update = useMutation(trpc.coupons.update.mutationOptions({ onSuccess: done("Cupom desativado"), onError: fail("Não foi possível desativar") }));
  const remove = useMutation(trpc.coupons.remove.mutationOptions({ onSuccess: done("Cupom excluído"), onError: fail("Não foi possível excluir") }));

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function deactivate(id: string) {
    const c = items.find((i) => i.id === id);
    if (!c) return;
    const { status: _s, usedCount: _u, createdAt: _c, updatedAt: _up, ...fields } = c;
    update.mutate({ ...fields, isActive: false });
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Cupons</h1>
          <p className="mt-1 text-base-content/70 text-sm">Descontos aplicados no checkout de planos e pacotes de créditos.</p>
        </div>
        <Link href="/admin/cupons/criar" className="btn btn-primary">
          <Icon name="plus" className="size-4" />
          Criar cupom
        </Link>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="input w-full sm:w-72">
          <Icon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            aria-label="Buscar por código ou nome"
            placeholder="Buscar por código ou nome"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Situação</span>
          <select
            className="select select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CouponStatusFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os cupons.")}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-base-content/70">
          {search || status !== "all" ? "Nenhum cupom encontrado com estes filtros." : "Nenhum cupom criado ainda."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Código</th>
                <th>Nome</th>
                <th>Desconto</th>
                <th>Usos</th>
                <th>Validade</th>
                <th>Situação</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <td className="font-medium font-mono">{c.code}</td>
                  <td>{c.name}</td>
                  <td className="whitespace-nowrap">
                    {c.discountType === "percent" ? `${c.discountValue}%` : formatCents(c.discountValue)}
                    {c.minimumAmountCents > 0 && <div className="text-base-content/60 text-xs">mínimo {formatCents(c.minimumAmountCents)}</div>}
                  </td>
                  <td className="tabular-nums">
                    {c.usedCount}/{c.maxUses ?? "∞"}
                  </td>
                  <td className="whitespace-nowrap text-sm">{c.expiresAt ? formatDate(c.expiresAt) : "Sem validade"}</td>
                  <td>
                    <span className={`badge badge-sm ${STATUS_BADGE[c.status]}`}>{STATUS_LABEL[c.status]}</span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-1">
                      <Link href={`/admin/cupons/editar/${c.id}`} className="btn btn-ghost btn-sm" aria-label={`Editar ${c.code}`}>
                        <Icon name="pencil" className="size-4" />
                      </Link>
                      {c.isActive && (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm({ kind: "deactivate", id: c.id, code: c.code })}>
                          Desativar
                        </button>
                      )}
                      {c.usedCount === 0 && (
                        <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Excluir ${c.code}`} onClick={() => setConfirm({ kind: "remove", id: c.id, code: c.code })}>
                          <Icon name="trash" className="size-4" />
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PageNav page={page} pages={pages} total={total} noun={["cupom", "cupons"]} onPage={setPage} />

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "remove" ? "Excluir cupom?" : "Desativar cupom?"}
        description={
          confirm?.kind === "remove" ? `O cupom ${confirm?.code} será excluído. Esta ação não pode ser desfeita.` : `O cupom ${confirm?.code} deixa de ser aceito no checkout. Os usos já feitos continuam registrados.`
        }
        confirmLabel={confirm?.kind === "remove" ? "Excluir" : "Desativar"}
        pending={update.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === "remove") remove.mutate({ id: confirm.id });
          else deactivate(confirm.id);
        }}
      />
    </div>
  );
}
