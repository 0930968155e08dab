import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { SUPPORT_PRIORITY_LABEL, SUPPORT_STATUS_LABEL, SUPPORT_STATUSES, SUPPORT_TYPE_LABEL, type SupportStatus } from "../../../../src/schemas/support";
import type { SupportListInput } from "../../../../src/schemas/support-api";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useDebounced } from "../../../lib/use-debounced";
import { Pager } from "../../campaigns/lists/pager";
import { OPEN_BUG_REPORT_EVENT } from "../../shell/components/user-menu";
import { SupportStatusBadge } from "../components/status-badge";
import { openSupportRequest } from "../lib/events";

const PAGE_SIZE = 20;
const statusOptions: { value: SupportStatus | ""; label: string }[] = [
  { value: "", label: "Todos" },
  ...SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABEL[s] })),
];

/** /meus-chamados: the user's support requests, newest first, with the status filter, a search and pages. */
export default function MyRequestsPage() {
  const [status, setStatus] = useState<SupportStatus | "">("");
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  // The server takes at most 100 characters of search: a longer paste searches its beginning instead of failing the list.
  const q = useDebounced(search.trim().slice(0, 100));
  const input: SupportListInput = { page, pageSize: PAGE_SIZE, ...(status ? { status } : {}), ...(q ? { q } : {}) };
  const list = useQuery({ ...trpc.support.list.queryOptions(input), placeholderData: keepPreviousData });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl sm:text-3xl">Meus chamados</h1>
          <p className="mt-1 text-base-content/70 text-sm">Dúvidas, cobranças, sugestões e bugs que você enviou, com as respostas da nossa equipe.</p>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => window.dispatchEvent(new Event(OPEN_BUG_REPORT_EVENT))}>
            <Icon name="bug" className="size-4" />
            Reportar Bug
          </button>
          <button type="button" className="btn btn-primary" onClick={() => openSupportRequest()}>
            <Icon name="plus" className="size-4" />
            Abrir chamado
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-4">
        <SelectInput
          label="Status"
          value={status}
          options={statusOptions}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <TextInput
          className="sm:col-span-2"
          label="Buscar"
          value={search}
          placeholder="Assunto ou descrição"
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar seus chamados.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">
          {q ? "Nenhum chamado encontrado." : status ? "Nenhum chamado com esse status." : "Você ainda não abriu nenhum chamado."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Assunto</th>
                <th>Tipo</th>
                <th>Status</th>
                <th>Prioridade</th>
                <th>Aberto em</th>
                <th>Última resposta</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((r) => (
                <tr key={r.id}>
                  <td className="max-w-xs">
                    <Link href={`/meus-chamados/${r.id}`} className="link link-hover font-medium">
                      {r.subject}
                    </Link>
                    {r.attachmentCount > 0 && (
                      <span className="ml-2 inline-flex items-center gap-0.5 text-base-content/60 text-xs">
                        <Icon name="paperclip" className="size-3" />
                        <span className="sr-only">Anexos:</span>
                        {r.attachmentCount}
                      </span>
                    )}
                  </td>
                  <td className="text-sm">{SUPPORT_TYPE_LABEL[r.type]}</td>
                  <td>
                    <SupportStatusBadge status={r.status} />
                  </td>
                  <td className="text-sm">{SUPPORT_PRIORITY_LABEL[r.priority]}</td>
                  <td className="whitespace-nowrap text-sm">{formatDateTime(r.createdAt)}</td>
                  <td className="whitespace-nowrap text-sm">
                    {r.lastReplyAt ? (
                      <>
                        {formatDateTime(r.lastReplyAt)}
                        <span className="block text-base-content/60 text-xs">{r.lastReplyBy === "admin" ? "Equipe Atenda" : "Você"}</span>
                      </>
                    ) : (
                      <span className="text-base-content/60">Aguardando resposta</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} label="chamados" />}
    </div>
  );
}
