import { formatNumber } from "../../../lib/format";

/** "1–50 de 1.234" with Anterior/Próxima; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (p: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`Páginas de ${label}`} className="flex items-center justify-between gap-2 text-sm">
      <span className="text-base-content/70">
        {formatNumber(from)}–{formatNumber(to)} de {formatNumber(total)}
      </span>
      <div className="join">
        <button type="button" className="btn btn-sm join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Anterior
        </button>
        <span className="btn btn-sm join-item pointer-events-none" aria-current="page">
          Página {page} de {pages}
        </span>
        <button type="button" className="btn btn-sm join-item" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima
        </button>
      </div>
    </nav>
  );
}
