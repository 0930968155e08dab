import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { SUGGESTION_PAGE_SIZE, SUGGESTION_SORT_LABEL, type SuggestionListInput } from "../../../../src/schemas/suggestions-api";
import { type BoardItem, SuggestionCard } from "../components/suggestion-card";
import { categoryOptions, statusOptions } from "../components/suggestion-badges";
import { type EditableSuggestion, SuggestionFormDialog } from "../components/suggestion-form-dialog";
import { useDebounced } from "../../../lib/use-debounced";
import { PageNav } from "../../../components/ui/page-nav";

const ALL = { value: "", label: "Todas" };
const sortOptions = Object.entries(SUGGESTION_SORT_LABEL).map(([value, label]) => ({ value, label }));

/** /feature-suggestions: the platform-wide board; vote, suggest, follow what the team answers. */
export default function FeatureSuggestionsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [category, setCategory] = useState("");
  const [sort, setSort] = useState<SuggestionListInput["sort"]>("votes");
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<EditableSuggestion | null>(null);
  const [deleting, setDeleting] = useState<BoardItem | null>(null);
  const q = useDebounced(search.trim().slice(0, 200));

  const input: SuggestionListInput = {
    page,
    pageSize: SUGGESTION_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(status ? { status: status as SuggestionListInput["status"] } : {}),
    ...(category ? { category: category as SuggestionListInput["category"] } : {}),
  };
  const list = useQuery({ ...trpc.suggestions.list.queryOptions(input), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SUGGESTION_PAGE_SIZE)) : 1;
  /** A new filter starts again from the first page. */
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const remove = useMutation(
    trpc.suggestions.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        toast({ title: "Sugestão excluída" });
        await qc.invalidateQueries({ queryKey: trpc.suggestions.list.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl sm:text-3xl">Sugira uma funcionalidade</h1>
          <p className="mt-1 text-base-content/70 text-sm">Vote nas ideias que mais ajudariam o seu negócio e acompanhe o que a equipe planejou.</p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Icon name="plus" className="size-4" />
          Nova sugestão
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextInput label="Buscar" value={search} onChange={refilter(setSearch)} placeholder="Título ou descrição" />
        <SelectInput label="Situação" value={status} options={[ALL, ...statusOptions]} onChange={refilter(setStatus)} />
        <SelectInput label="Categoria" value={category} options={[ALL, ...categoryOptions]} onChange={refilter(setCategory)} />
        <SelectInput label="Ordenar por" value={sort} options={sortOptions} onChange={refilter((v: string) => setSort(v as SuggestionListInput["sort"]))} />
      </div>
      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar as sugestões.")}
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/70 text-sm">
          {q || status || category || sort === "mine" ? "Nenhuma sugestão com esses filtros." : "Ainda não há sugestões. Seja o primeiro a sugerir!"}
        </p>
      ) : (
        <section aria-label="Sugestões" className="flex flex-col gap-3">
          {list.data.items.map((item) => (
            <SuggestionCard
              key={item.id}
              item={item}
              onEdit={(s) => {
                setEditing(s);
                setFormOpen(true);
              }}
              onDelete={setDeleting}
            />
          ))}
        </section>
      )}
      <PageNav page={page} pages={pages} total={list.data?.total} noun={["sugestão", "sugestões"]} onPage={setPage} />
      <SuggestionFormDialog open={formOpen} editing={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir sugestão?"
        description={`"${deleting?.title ?? ""}" e os votos que recebeu serão apagados. Isso não pode ser desfeito.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
