import { formatNumber } from "../../lib/format";

type Props = {
  page: number;
  pages: number;
  /** Undefined while the first page loads (the count is left blank, the buttons stay). */
  total: number | undefined;
  /** The counted thing, singular and plural: ["chamado", "chamados"]. */
  noun: readonly [string, string];
  /** The count stopped at a cap (large tables count up to a bound): "Mais de 10.000 …". */
  capped?: boolean;
  onPage: (page: number) => void;
};

/** The footer of a paged list: "12 chamados · página 1 de 3" (announced when it changes), Anterior/Próxima. */
export function PageNav({ page, pages, total, noun, capped = false, onPage }: Props) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-base-content/70 text-sm" aria-live="polite">
        {total === undefined ? "" : `${capped ? "Mais de " : ""}${formatNumber(total)} ${total === 1 ? noun[0] : noun[1]} · página ${page} de ${pages}`}
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
          Anterior
        </button>
        <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima
        </button>
      </div>
    </div>
  );
}
