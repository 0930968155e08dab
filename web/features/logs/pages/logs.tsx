import { useCallback, useMemo, useState } from "react";
import { type LogScope, type LogsFilterInput, logsFilter, logsSearchParams } from "../../../../src/schemas/activity";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../lib/trpc";
import { LogDetailDialog } from "../components/log-detail-dialog";
import { LogsTable } from "../components/logs-table";
import { LogsToolbar } from "../components/logs-toolbar";
import { useLogOptions, useLogsList } from "../hooks/use-logs";

const SCOPES: { id: LogScope; label: string }[] = [
  { id: "mine", label: "Minhas atividades" },
  { id: "workspace", label: "Todo o workspace" },
];

/** /logs: the user's activity and, for the workspace's owner and member managers, the whole team's. */
export default function LogsPage() {
  const options = useLogOptions();
  const [filter, setFilter] = useState<LogsFilterInput>({ scope: "mine", period: "30d" });
  const [open, setOpen] = useState<string | null>(null);
  const onFilter = useCallback((f: LogsFilterInput) => setFilter(f), []);
  // A custom range being typed is checked here first: no request until both days make sense.
  const checked = useMemo(() => logsFilter.safeParse(filter), [filter]);
  const rangeError = checked.success ? null : (checked.error.issues[0]?.message ?? "Filtro inválido");
  const list = useLogsList(filter, checked.success);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const team = filter.scope === "workspace";
  const filtered = Boolean(filter.search || filter.category || filter.agentId || filter.userId);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Histórico</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Logs de atividade</h1>
        </div>
        {checked.success && (
          <a className="btn btn-sm" href={`/api/v1/logs/export${logsSearchParams(filter)}`} download>
            <Icon name="external" className="size-4" />
            Exportar CSV
          </a>
        )}
      </div>
      {options.data?.canSeeWorkspace && (
        <div role="tablist" aria-label="De quem são as atividades" className="tabs tabs-border">
          {SCOPES.map((s) => (
            <button
              key={s.id}
              type="button"
              role="tab"
              aria-selected={filter.scope === s.id}
              className={`tab ${filter.scope === s.id ? "tab-active" : ""}`}
              onClick={() => setFilter({ ...filter, scope: s.id, userId: undefined })}
            >
              {s.label}
            </button>
          ))}
        </div>
      )}
      <LogsToolbar value={filter} onChange={onFilter} options={options.data} />
      {rangeError ? (
        <p role="alert" className="text-error text-sm">
          {rangeError}
        </p>
      ) : list.isPending ? (
        <div role="status" className="flex flex-col gap-2" aria-label="Carregando atividades">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar as atividades. Tente novamente em instantes.")}
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-box border border-base-300 border-dashed bg-base-100 px-6 py-14 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon name="history" className="size-8" />
          </span>
          <h2 className="mt-4 font-semibold text-xl">Nenhuma atividade encontrada</h2>
          <p className="mt-2 max-w-md text-base-content/70 text-sm">
            {filtered ? "Nenhuma atividade corresponde à busca e aos filtros escolhidos." : "Não há atividades registradas neste período."}
          </p>
        </div>
      ) : (
        <>
          <p className="text-base-content/70 text-sm" aria-live="polite">
            {items.length === 1 ? "1 atividade" : `${items.length} atividades`}
            {list.hasNextPage ? " (há mais)" : ""}
          </p>
          <LogsTable items={items} showPerson={team} onOpen={setOpen} />
          {list.hasNextPage && (
            <button type="button" className="btn btn-ghost self-center" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? "Carregando..." : "Carregar mais"}
            </button>
          )}
        </>
      )}
      <LogDetailDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
