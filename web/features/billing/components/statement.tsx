import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { STATEMENT_ACTIONS, STATEMENT_ACTION_LABEL, type StatementAction, type StatementCursor } from "../../../../src/schemas/billing/statement";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const spDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
const credits = (milli: number) => formatNumber(Math.round(milli) / 1000);

/** The credit statement: filters (period, agent, action), totals, keyset pages, CSV of the filter. */
export function Statement() {
  const [from, setFrom] = useState(() => spDay(Date.now() - 29 * 86_400_000));
  const [to, setTo] = useState(() => spDay(Date.now()));
  const [agentId, setAgentId] = useState("");
  const [action, setAction] = useState<StatementAction | "">("");
  // The cursors of the pages before the current one: "Anterior" pops, "Próxima" pushes.
  const [cursors, setCursors] = useState<(StatementCursor | null)[]>([null]);
  const filter = { from, to, ...(agentId ? { agentId } : {}), ...(action ? { action } : {}) };
  const cursor = cursors[cursors.length - 1] ?? null;
  const agents = useQuery(trpc.agents.list.queryOptions());
  const page = useQuery(trpc.billingUsage.statement.queryOptions({ filter, cursor, limit: 25 }));
  const totals = useQuery(trpc.billingUsage.totals.queryOptions({ filter }));
  const reset = () => setCursors([null]);
  const csv = `/api/v1/billing/statement.csv?${new URLSearchParams(filter as Record<string, string>).toString()}`;

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="statement-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="statement-title" className="card-title text-base">
            Extrato de créditos
          </h2>
          <a className="btn btn-sm btn-outline" href={csv} download>
            Exportar CSV
          </a>
        </div>
        <form className="flex flex-wrap items-end gap-2" aria-label="Filtros do extrato" onSubmit={(e) => e.preventDefault()}>
          <label className="form-control">
            <span className="label-text text-xs">De</span>
            <input type="date" className="input input-sm input-bordered" value={from} max={to} onChange={(e) => { setFrom(e.target.value); reset(); }} />
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Até</span>
            <input type="date" className="input input-sm input-bordered" value={to} min={from} onChange={(e) => { setTo(e.target.value); reset(); }} />
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Agente</span>
            <select className="select select-sm select-bordered" value={agentId} onChange={(e) => { setAgentId(e.target.value); reset(); }}>
              <option value="">Todos os agentes</option>
              {(agents.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Tipo</span>
            <select className="select select-sm select-bordered" value={action} onChange={(e) => { setAction(e.target.value as StatementAction | ""); reset(); }}>
              <option value="">Todos os lançamentos</option>
              {STATEMENT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {STATEMENT_ACTION_LABEL[a]}
                </option>
              ))}
            </select>
          </label>
        </form>
        {totals.data ? (
          <p className="text-sm" data-testid="statement-totals">
            Consumo no período: <strong>{credits(totals.data.debits.creditsMilli)} créditos</strong> ({formatNumber(totals.data.debits.count)} lançamentos, {brl.format(totals.data.debits.costBrl)}) · Créditos recebidos:{" "}
            <strong>{credits(totals.data.grants.creditsMilli)}</strong>
          </p>
        ) : null}
        {page.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : page.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(page.error, "Não foi possível carregar o extrato.")}</p>
        ) : page.data.items.length === 0 ? (
          <p className="text-base-content/70 py-6 text-center text-sm">Nenhum lançamento neste período.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Agente</th>
                  <th scope="col">Lançamento</th>
                  <th scope="col" className="text-right">Tokens</th>
                  <th scope="col" className="text-right">Créditos</th>
                  <th scope="col" className="text-right">Custo</th>
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((e) => (
                  <tr key={`${e.kind}:${e.id}`}>
                    <td className="whitespace-nowrap">{formatDateTime(e.at)}</td>
                    <td>{e.agentName ?? (e.kind === "grant" ? "—" : "Agente excluído")}</td>
                    <td>{e.description}</td>
                    <td className="text-right">{e.tokens ? formatNumber(e.tokens) : "—"}</td>
                    <td className={`text-right font-medium ${e.kind === "grant" ? "text-success" : ""}`}>
                      {e.kind === "grant" ? "+" : "−"}
                      {credits(e.creditsMilli)}
                    </td>
                    <td className="text-right">{e.kind === "debit" ? brl.format(e.costBrl) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="flex justify-end gap-2" aria-label="Páginas do extrato">
          <button type="button" className="btn btn-sm" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Anterior
          </button>
          <button type="button" className="btn btn-sm" disabled={!page.data?.nextCursor} onClick={() => page.data?.nextCursor && setCursors((c) => [...c, page.data.nextCursor])}>
            Próxima
          </button>
        </nav>
      </div>
    </section>
  );
}
