import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Icon } from "../../../../components/ui/icons";
import { SelectInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { MAIL_STATUSES, MAIL_STATUS_LABEL } from "../../../../../src/schemas/admin-mail";
import type { MailTemplateSummary } from "./types";

type Status = (typeof MAIL_STATUSES)[number];
const BADGE: Record<Status, string> = { sent: "badge-success", queued: "badge-warning", failed: "badge-error" };

/** Every mail the platform tried, newest first, filtered by status, template and address; failures show their reason. */
export function OutboxTable({ templates }: { templates: MailTemplateSummary[] }) {
  const [status, setStatus] = useState<Status | "">("");
  const [template, setTemplate] = useState("");
  const [address, setAddress] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const input = { page, pageSize: 20, status: status || undefined, template: template || undefined, to: to || undefined };
  const list = useQuery({ ...trpc.adminMail.outbox.list.queryOptions(input), placeholderData: keepPreviousData });
  const reset = (fn: () => void) => {
    fn();
    setPage(1);
  };

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="saida-titulo">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="saida-titulo" className="card-title text-lg">
            Caixa de saída
          </h2>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => list.refetch()} disabled={list.isFetching}>
            <Icon name="refresh" className="size-4" />
            Atualizar
          </button>
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectInput<Status | "">
            label="Situação"
            value={status}
            onChange={(v) => reset(() => setStatus(v))}
            options={[{ value: "", label: "Todas" }, ...MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABEL[s] }))]}
          />
          <SelectInput
            label="Modelo"
            value={template}
            onChange={(v) => reset(() => setTemplate(v))}
            options={[{ value: "", label: "Todos" }, ...templates.map((t) => ({ value: t.type, label: t.name }))]}
          />
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              reset(() => setTo(address.trim().toLowerCase()));
            }}
          >
            <label className="flex w-full flex-col gap-1">
              <span className="font-medium text-sm">Destinatário</span>
              <input type="search" className="input w-full" placeholder="email exato" value={address} onChange={(e) => setAddress(e.target.value)} />
            </label>
            <button type="submit" className="btn" aria-label="Filtrar por destinatário">
              <Icon name="search" className="size-4" />
            </button>
          </form>
        </div>
        {list.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : list.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(list.error, "Não foi possível carregar a caixa de saída.")}
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="text-base-content/70 text-sm">Nenhum email encontrado com esses filtros.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-label="Emails enviados">
              <thead>
                <tr>
                  <th>Quando</th>
                  <th>Destinatário</th>
                  <th>Assunto</th>
                  <th>Modelo</th>
                  <th>Situação</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((m) => (
                  <tr key={m.id}>
                    <td className="whitespace-nowrap text-sm">{formatDateTime(m.createdAt)}</td>
                    <td className="text-sm">{m.to}</td>
                    <td className="max-w-xs text-sm">{m.subject}</td>
                    <td className="text-sm">{m.templateName}</td>
                    <td>
                      <span className={`badge badge-sm ${BADGE[m.status]}`}>{MAIL_STATUS_LABEL[m.status]}</span>
                      {m.error && <p className="mt-1 max-w-xs break-words text-error text-xs">Motivo: {m.error}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex items-center justify-end gap-2">
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </button>
          <span className="text-sm tabular-nums">Página {page}</span>
          <button type="button" className="btn btn-sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
            Próxima
          </button>
        </div>
      </div>
    </section>
  );
}
