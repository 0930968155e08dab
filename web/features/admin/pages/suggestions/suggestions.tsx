import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUGGESTION_STATUS_LABEL, SUGGESTION_STATUSES } from "../../../../../src/schemas/suggestions";
import { type AdminSuggestionListInput, SUGGESTION_PAGE_SIZE } from "../../../../../src/schemas/suggestions-api";
import { categoryOptions, priorityOptions, statusOptions } from "../../../suggestions/components/suggestion-badges";
import { useDebounced } from "../../../../lib/use-debounced";
import { MergeDialog } from "./merge-dialog";
import { ReplyDialog } from "./reply-dialog";
import { type AdminRow, SuggestionRow } from "./suggestion-row";
import { PageNav } from "../../../../components/ui/page-nav";

const ALL = { value: "", label: "Todas" };
const sortOptions = [
  { value: "votes", label: "Mais votadas" },
  { value: "recent", label: "Mais recentes" },
];

/** /admin/sugestoes: moderates the board — status, priority, category, the team's reply, merges and deletions. */
export default function AdminSuggestionsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [category, setCategory] = useState("");
  const [priority, setPriority] = useState("");
  const [sort, setSort] = useState<AdminSuggestionListInput["sort"]>("votes");
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<AdminRow | null>(null);
  const [merging, setMerging] = useState<AdminRow | null>(null);
  const [deleting, setDeleting] = useState<AdminRow | null>(null);
  const q = useDebounced(search.trim().slice(0, 200));
  const input: AdminSuggestionListInput = {
    page,
    pageSize: SUGGESTION_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(status ? { status: status as AdminSuggestionListInput["status"] } : {}),
    ...(category ? { category: category as AdminSuggestionListInput["category"] } : {}),
    ...(priority ? { priority: priority as AdminSuggestionListInput["priority"] } : {}),
  };
  const list = useQuery({ ...trpc.adminSuggestions.list.queryOptions(input), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SUGGESTION_PAGE_SIZE)) : 1;
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminSuggestions.list.queryKey() });
  const remove = useMutation(
    trpc.adminSuggestions.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        toast({ title: "Sugestão excluída" });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Sugestões</h1>
        <p className="mt-1 text-base-content/70 text-sm">Ideias dos clientes: defina a situação e a prioridade, responda, mescle duplicadas.</p>
      </div>
      {list.data && (
        <ul className="flex flex-wrap gap-2" aria-label="Sugestões por situação">
          {SUGGESTION_STATUSES.map((s) => (
            <li key={s} className="badge badge-outline">
              {SUGGESTION_STATUS_LABEL[s]}: {formatNumber(list.data.counts[s] ?? 0)}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <TextInput label="Buscar" value={search} onChange={refilter(setSearch)} placeholder="Título ou descrição" />
        <SelectInput label="Situação" value={status} options={[ALL, ...statusOptions]} onChange={refilter(setStatus)} />
        <SelectInput label="Categoria" value={category} options={[ALL, ...categoryOptions]} onChange={refilter(setCategory)} />
        <SelectInput label="Prioridade" value={priority} options={[ALL, ...priorityOptions]} onChange={refilter(setPriority)} />
        <SelectInput label="Ordenar por" value={sort} options={sortOptions} onChange={refilter((v: string) => setSort(v as AdminSuggestionListInput["sort"]))} />
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar as sugestões.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/70 text-sm">Nenhuma sugestão com esses filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Sugestão</th>
                <th>Votos</th>
                <th>Situação</th>
                <th>Prioridade</th>
                <th>Ações</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((s) => (
                <SuggestionRow key={s.id} item={s} onReply={setReplying} onMerge={setMerging} onDelete={setDeleting} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PageNav page={page} pages={pages} total={list.data?.total} noun={["sugestão", "sugestões"]} onPage={setPage} />
      <ReplyDialog target={replying} onClose={() => setReplying(null)} />
      <MergeDialog key={merging?.id ?? "fechado"} source={merging} onClose={() => setMerging(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir sugestão?"
        description={`"${deleting?.title ?? ""}" e todos os seus votos serão apagados. Isso não pode ser desfeito.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
