import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDateTime, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUPPORT_PRIORITY_LABEL, SUPPORT_STATUSES, SUPPORT_STATUS_LABEL, SUPPORT_TYPE_LABEL } from "../../../../../src/schemas/support";
import { type AdminSupportListInput, SUPPORT_MAX_PAGE } from "../../../../../src/schemas/support-api";
import { SupportPriorityBadge, SupportStatusBadge, SupportTypeBadge } from "./support-badges";
import { PageNav } from "../../../../components/ui/page-nav";
import { useDebounced } from "../../../../lib/use-debounced";

const PAGE_SIZE = 20;
const all = { value: "", label: "Todos" };
const typeOptions = [all, ...Object.entries(SUPPORT_TYPE_LABEL).map(([value, label]) => ({ value, label }))];
const statusOptions = [all, ...Object.entries(SUPPORT_STATUS_LABEL).map(([value, label]) => ({ value, label }))];
const priorityOptions = [{ value: "", label: "Todas" }, ...Object.entries(SUPPORT_PRIORITY_LABEL).map(([value, label]) => ({ value, label }))];

/** /admin/suporte: every support request, newest first, with the counts per status, search, filters and pages. */
export default function SupportListPage() {
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const [priority, setPriority] = useState("");
  const [page, setPage] = useState(1);
  // Typing does not fire one request per key: the list follows the text 300 ms after the last one.
  const term = useDebounced(search.trim());
  const input: AdminSupportListInput = {
    page,
    pageSize: PAGE_SIZE,
    ...(term ? { q: term.slice(0, 100) } : {}),
    ...(type ? { type: type as AdminSupportListInput["type"] } : {}),
    ...(status ? { status: status as AdminSupportListInput["status"] } : {}),
    ...(priority ? { priority: priority as AdminSupportListInput["priority"] } : {}),
  };
  const list = useQuery({ ...trpc.adminSupport.list.queryOptions(input), placeholderData: keepPreviousData });
  /** A new filter starts again from the first page. */
  const refilter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const pages = list.data ? Math.min(SUPPORT_MAX_PAGE, Math.max(1, Math.ceil(list.data.total / PAGE_SIZE))) : 1;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Suporte</h1>
        <p className="mt-1 text-base-content/70 text-sm">Chamados e bug reports de todos os usuários: responda, mude a situação e a prioridade.</p>
      </div>
      {list.data && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Chamados por situação">
          {SUPPORT_STATUSES.map((s) => (
            <li key={s}>
              <button
                type="button"
                aria-pressed={status === s}
                className={`flex w-full flex-col items-start rounded-box border p-3 text-left ${status === s ? "border-primary bg-primary/10" : "border-base-300 bg-base-100"}`}
                onClick={() => refilter(setStatus)(status === s ? "" : s)}
              >
                <span className="text-base-content/70 text-xs">{SUPPORT_STATUS_LABEL[s]}</span>
                <span className="font-semibold text-xl tabular-nums">{formatNumber(list.data.counts[s])}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput label="Buscar" value={search} onChange={refilter(setSearch)} placeholder="Assunto, descrição, nome ou email" />
        <SelectInput label="Tipo" value={type} options={typeOptions} onChange={refilter(setType)} />
        <SelectInput label="Situação" value={status} options={statusOptions} onChange={refilter(setStatus)} />
        <SelectInput label="Prioridade" value={priority} options={priorityOptions} onChange={refilter(setPriority)} />
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os chamados.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">Nenhum chamado com esses filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Assunto</th>
                <th>Tipo</th>
                <th>Situação</th>
                <th>Prioridade</th>
                <th>Anexos</th>
                <th>Aberto em</th>
                <th>Última resposta</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link href={`/admin/suporte/${r.id}`} className="link link-hover font-medium">
                      {r.subject}
                    </Link>
                    <div className="text-base-content/70 text-xs">
                      {r.userName} · {r.userEmail}
                    </div>
                  </td>
                  <td>
                    <SupportTypeBadge type={r.type} />
                  </td>
                  <td>
                    <SupportStatusBadge status={r.status} />
                  </td>
                  <td>
                    <SupportPriorityBadge priority={r.priority} />
                  </td>
                  <td className="text-sm tabular-nums">{r.attachmentCount}</td>
                  <td className="whitespace-nowrap text-sm">{formatDateTime(r.createdAt)}</td>
                  <td className="whitespace-nowrap text-sm">
                    {r.lastReplyAt ? `${formatDateTime(r.lastReplyAt)} · ${r.lastReplyBy === "admin" ? "suporte" : "usuário"}` : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageNav page={page} pages={pages} total={list.data?.total} noun={["chamado", "chamados"]} onPage={setPage} />
    </div>
  );
}
