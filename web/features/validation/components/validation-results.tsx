import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";
import { formatPhone } from "../../../../src/schemas/crm/normalize";
import { type ValidationRun, VALIDATION_POLL_MS, isLive } from "../hooks/use-validation";

type Filter = "all" | "valid" | "invalid" | "pending";
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "Todos" },
  { value: "valid", label: "Com WhatsApp" },
  { value: "invalid", label: "Sem WhatsApp" },
  { value: "pending", label: "Pendentes" },
];

/** One run's numbers, 50 a page, filtered by verdict (re-read while the run goes on). */
export function ValidationResults({ run }: { run: ValidationRun }) {
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const q = useQuery(trpc.validation.results.queryOptions({ id: run.id, filter, page }, { refetchInterval: isLive(run.status) ? VALIDATION_POLL_MS : false }));
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (q.data?.pageSize ?? 50)));
  return (
    <section className="flex flex-col gap-3" aria-label="Resultados da validação">
      <div role="group" aria-label="Filtrar resultados" className="join">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={`btn join-item btn-sm ${filter === f.value ? "btn-active" : ""}`}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">Números verificados</caption>
          <thead>
            <tr>
              <th scope="col">Telefone</th>
              <th scope="col">WhatsApp</th>
              <th scope="col">Nome verificado</th>
              <th scope="col">Verificado em</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.rows.map((r) => (
              <tr key={r.phone}>
                <td className="tabular-nums">{formatPhone(r.phone)}</td>
                <td>
                  {r.valid === null ? (
                    <span className="badge badge-ghost">Pendente</span>
                  ) : r.valid ? (
                    <span className="badge badge-success">Com WhatsApp</span>
                  ) : (
                    <span className="badge badge-error">Sem WhatsApp</span>
                  )}
                </td>
                <td>{r.verifiedName ?? "—"}</td>
                <td>{r.checkedAt ? formatDateTime(r.checkedAt) : "—"}</td>
              </tr>
            ))}
            {q.isSuccess && q.data.rows.length === 0 && (
              <tr>
                <td colSpan={4} className="text-base-content/70">
                  Nenhum número neste filtro.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-between text-sm">
        <span>{formatNumber(total)} números</span>
        <div className="join">
          <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </button>
          <span className="join-item flex items-center px-3 text-sm" aria-live="polite">
            Página {page} de {pages}
          </span>
          <button type="button" className="btn join-item btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </button>
        </div>
      </div>
    </section>
  );
}
