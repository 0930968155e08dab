import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDate, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { PageNav } from "../../../../components/ui/page-nav";

const PAGE_SIZE = 20;

/** /admin/espacos: every workspace with its owner, plan, credits, agents and members; search, plan filter, pages. */
export default function AdminWorkspacesPage() {
  const [search, setSearch] = useState("");
  const [planId, setPlanId] = useState("");
  const [page, setPage] = useState(1);
  const plans = useQuery(trpc.adminWorkspaces.planOptions.queryOptions());
  const list = useQuery({ ...trpc.adminWorkspaces.list.queryOptions({ search, planId, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Workspaces</h1>
        <p className="mt-1 text-base-content/70 text-sm">Todos os workspaces da plataforma, com dono, plano, créditos e uso.</p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="input w-full sm:w-80">
          <Icon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            aria-label="Buscar por workspace, nome ou e-mail do dono"
            placeholder="Buscar por workspace, nome ou e-mail do dono"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Plano</span>
          <select
            className="select select-sm"
            value={planId}
            onChange={(e) => {
              setPlanId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos os planos</option>
            {(plans.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isActive ? "" : " (inativo)"}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os workspaces.")}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-base-content/70">
          {search || planId ? "Nenhum workspace encontrado com estes filtros." : "Nenhum workspace criado ainda."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Workspace</th>
                <th>Dono</th>
                <th>Plano</th>
                <th className="text-right">Créditos</th>
                <th className="text-right">Agentes</th>
                <th className="text-right">Membros</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr key={w.id}>
                  <td>
                    <div className="font-medium">{w.name}</div>
                    <div className="text-base-content/60 text-xs">criado em {formatDate(w.createdAt)}</div>
                  </td>
                  <td>
                    <div>{w.owner.name}</div>
                    <div className="text-base-content/60 text-xs">{w.owner.email}</div>
                    {w.owner.status !== "active" && <span className="badge badge-sm badge-error mt-1">Suspenso</span>}
                  </td>
                  <td>
                    {w.plan?.name ?? "—"}
                    {w.hasOverrides && <div className="text-base-content/60 text-xs">limites próprios</div>}
                  </td>
                  <td className="text-right tabular-nums">{formatNumber(w.credits)}</td>
                  <td className="text-right tabular-nums">
                    {w.agents}/{w.maxAgents ?? "—"}
                  </td>
                  <td className="text-right tabular-nums">
                    {w.members}/{w.maxMembers ?? "—"}
                  </td>
                  <td>
                    <Link href={`/admin/workspaces/editar/${w.id}`} className="btn btn-ghost btn-sm" aria-label={`Editar ${w.name}`}>
                      <Icon name="pencil" className="size-4" />
                      Editar
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PageNav page={page} pages={pages} total={total} noun={["workspace", "workspaces"]} onPage={setPage} />
    </div>
  );
}
