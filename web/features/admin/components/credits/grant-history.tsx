import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import type { GrantPeriod } from "../../../../../src/schemas/admin-credits";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDate, formatDateTime, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const PAGE_SIZE = 20;
const PERIODS: { value: GrantPeriod; label: string }[] = [
  { value: "7d", label: "Últimos 7 dias" },
  { value: "30d", label: "Últimos 30 dias" },
  { value: "90d", label: "Últimos 90 dias" },
  { value: "365d", label: "Últimos 12 meses" },
  { value: "all", label: "Todo o período" },
];

/** Every grant, newest first: period, reason search and "only the chosen workspace" filters, pages of 20. */
export function GrantHistory({ workspaceId }: { workspaceId: string | null }) {
  const [period, setPeriod] = useState<GrantPeriod>("all");
  const [search, setSearch] = useState("");
  const [onlyChosen, setOnlyChosen] = useState(true);
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(search.trim());
  const scoped = onlyChosen && workspaceId !== null;
  const list = useQuery({
    ...trpc.adminCredits.history.queryOptions({ period, search: deferred, page, pageSize: PAGE_SIZE, ...(scoped ? { workspaceId } : {}) }),
    placeholderData: keepPreviousData,
  });
  const reset = () => setPage(1);
  const items = list.data?.items ?? [];

  return (
    <section className="card min-w-0 self-start border border-base-300 bg-base-100" aria-labelledby="history-title">
      <div className="card-body gap-4">
        <h2 id="history-title" className="card-title text-lg">
          Histórico de concessões
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="input input-sm w-full sm:w-64">
            <Icon name="search" className="size-4 opacity-60" />
            <input
              type="search"
              aria-label="Buscar pelo motivo"
              placeholder="Buscar pelo motivo"
              value={search}
              maxLength={100}
              onChange={(e) => {
                setSearch(e.target.value);
                reset();
              }}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            <span>Período</span>
            <select
              className="select select-sm"
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value as GrantPeriod);
                reset();
              }}
            >
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          {workspaceId !== null && (
            <label className="label cursor-pointer gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={onlyChosen}
                onChange={(e) => {
                  setOnlyChosen(e.target.checked);
                  reset();
                }}
              />
              Só o workspace escolhido
            </label>
          )}
        </div>

        {list.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : list.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(list.error, "Não foi possível carregar o histórico.")}
          </div>
        ) : items.length === 0 ? (
          <p className="rounded-box border border-base-300 p-6 text-center text-base-content/70">Nenhuma concessão encontrada com estes filtros.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-label="Concessões de créditos">
              <thead>
                <tr>
                  <th>Data</th>
                  <th>Workspace</th>
                  <th className="text-right">Créditos</th>
                  <th>Motivo</th>
                  <th>Validade</th>
                  <th>Concedido por</th>
                </tr>
              </thead>
              <tbody>
                {items.map((g) => (
                  <tr key={g.id}>
                    <td className="whitespace-nowrap">{formatDateTime(g.createdAt)}</td>
                    <td>{g.workspaceName ?? "Workspace excluído"}</td>
                    <td className="text-right font-medium tabular-nums">{formatNumber(g.amount)}</td>
                    <td className="max-w-xs">
                      <span className="break-words">{g.reason}</span>
                      {g.observations && <div className="text-base-content/60 text-xs">{g.observations}</div>}
                    </td>
                    <td className="whitespace-nowrap">
                      {g.expiresAt ? formatDate(g.expiresAt) : "Sem validade"}
                      {g.expired && <span className="badge badge-ghost badge-sm ml-1">Expirado</span>}
                    </td>
                    <td className="text-sm">
                      {g.adminName ?? "—"}
                      {g.adminEmail && <div className="text-base-content/60 text-xs">{g.adminEmail}</div>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <div className="flex items-center justify-end gap-2">
          <span className="text-base-content/70 text-sm">Página {page}</span>
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </button>
          <button type="button" className="btn btn-sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
            Próxima
          </button>
        </div>
      </div>
    </section>
  );
}
