import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { formatCents } from "./money";

const PAGE_SIZE = 10;
const statusLabel: Record<string, string> = { paid: "Pago", refunded: "Reembolsado", partially_refunded: "Reembolso parcial", failed: "Falhou" };

/** The workspace's payments (invoices and packs) with their PDF links, paged (for /faturamento). */
export function Invoices() {
  const [page, setPage] = useState(1);
  const q = useQuery(trpc.billing.invoices.queryOptions({ page, pageSize: PAGE_SIZE }));
  if (q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError) return <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar as faturas.")}</p>;
  const pages = Math.max(1, Math.ceil(q.data.total / PAGE_SIZE));
  return (
    <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <h2 id="invoices-title" className="font-semibold text-lg">
        Faturas
      </h2>
      {q.data.items.length === 0 ? (
        <p className="text-base-content/60 text-sm">Nenhuma fatura ainda.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table table-sm">
            <thead>
              <tr>
                <th>Data</th>
                <th>Descrição</th>
                <th className="text-right">Valor</th>
                <th>Status</th>
                <th>Documento</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((i) => (
                <tr key={i.id}>
                  <td>{formatDate(i.paidAt ?? i.createdAt)}</td>
                  <td>{i.description}</td>
                  <td className="text-right">{formatCents(i.amountCents)}</td>
                  <td>{statusLabel[i.status] ?? i.status}</td>
                  <td>
                    {i.invoicePdfUrl ? (
                      <a className="link" href={i.invoicePdfUrl} target="_blank" rel="noreferrer">
                        PDF
                      </a>
                    ) : i.hostedInvoiceUrl ? (
                      <a className="link" href={i.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                        Ver fatura
                      </a>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <div className="join self-end">
          <button type="button" className="join-item btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </button>
          <span className="join-item btn btn-sm btn-disabled">
            {page} de {pages}
          </span>
          <button type="button" className="join-item btn btn-sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Próxima
          </button>
        </div>
      )}
    </section>
  );
}
