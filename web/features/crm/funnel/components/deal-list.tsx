import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { DEAL_SORT_LABEL, DEAL_STATUS_LABEL, type DealFilter, type DealSort, dealSorts } from "../../../../../src/schemas/crm/funnel";
import { Spinner } from "../../../../components/ui/spinner";
import { formatDate, formatNumber } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { formatBrl } from "../hooks/use-deal";

const PAGE_SIZE = 25;
const dayLabel = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : "—");

/** "Lista": the pipeline's deals in a table, sorted and paged on the server. */
export function DealList({ pipelineId, filter }: { pipelineId: string; filter: DealFilter }) {
  const [sort, setSort] = useState<DealSort>("recent");
  const [page, setPage] = useState(1);
  const q = useQuery(trpc.funnel.deals.list.queryOptions({ pipelineId, ...filter, sort, page, pageSize: PAGE_SIZE }, { placeholderData: (prev) => prev }));
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label="Lista de negócios" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-base-content/70 text-sm" aria-live="polite">
          {q.data ? `${formatNumber(q.data.total)}${q.data.capped ? "+" : ""} negócios` : "Carregando…"}
        </p>
        <label className="flex items-center gap-2 text-sm">
          Ordenar por
          <select className="select select-sm" value={sort} onChange={(e) => { setSort(e.target.value as DealSort); setPage(1); }}>
            {dealSorts.map((s) => (
              <option key={s} value={s}>
                {DEAL_SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">Título</th>
              <th scope="col">Etapa</th>
              <th scope="col">Contato</th>
              <th scope="col">Responsável</th>
              <th scope="col" className="text-right">
                Valor
              </th>
              <th scope="col">Previsão</th>
              <th scope="col">Criado em</th>
            </tr>
          </thead>
          <tbody>
            {q.isPending && (
              <tr>
                <td colSpan={7} className="py-8 text-center">
                  <Spinner label="Carregando negócios" />
                </td>
              </tr>
            )}
            {q.data?.items.length === 0 && (
              <tr>
                <td colSpan={7} className="py-8 text-center text-base-content/60">
                  Nenhum negócio encontrado.
                </td>
              </tr>
            )}
            {q.data?.items.map((d) => (
              <tr key={d.id}>
                <td className="max-w-64 [overflow-wrap:anywhere]">
                  <Link href={`/funil/negocios/${d.id}`} className="link link-hover font-medium">
                    {d.title}
                  </Link>
                </td>
                <td>
                  <span className="inline-flex items-center gap-1.5">
                    <span className="inline-block size-2 rounded-full" style={{ backgroundColor: d.stageColor }} aria-hidden="true" />
                    {d.stageName}
                    {d.status !== "open" && <span className="badge badge-ghost badge-xs">{DEAL_STATUS_LABEL[d.status]}</span>}
                  </span>
                </td>
                <td>{d.contactName ?? "—"}</td>
                <td>{d.ownerName ?? "—"}</td>
                <td className="text-right tabular-nums">{formatBrl(d.valueCents)}</td>
                <td>{dayLabel(d.expectedCloseDate)}</td>
                <td>{formatDate(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="flex items-center justify-end gap-2" aria-label="Paginação">
        <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Anterior
        </button>
        <span className="text-sm">
          Página {page} de {pages}
        </span>
        <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Próxima
        </button>
      </nav>
    </section>
  );
}
