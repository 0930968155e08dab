import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "wouter";
import { LEAD_SOURCE_LABEL } from "../../../../src/schemas/campaigns/leads";
import { PageLoader } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { CsvImport } from "../components/csv-import";
import { LeadsTable } from "../components/leads-table";
import { SEARCH_STATUS_LABEL, SearchForm, SearchProgress, SourceNotice } from "../components/search-form";

/** /leads-hunter/:listId: searches (form and history with progress) and the leads table with exports. */
export default function LeadListPage() {
  const { listId = "" } = useParams<{ listId: string }>();
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.leads.lists.get.queryOptions({ id: listId }, { retry: false }));
  const searches = useQuery({
    ...trpc.leads.searches.list.queryOptions({ listId }, { retry: false }),
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === "pending" || s.status === "running") ? 1500 : false),
  });
  const live = searches.data?.some((s) => s.status === "pending" || s.status === "running") ?? false;
  const cancel = useMutation(
    trpc.leads.searches.cancel.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Busca cancelada" });
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao cancelar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  if (list.isPending) return <PageLoader label="Carregando lista..." />;
  if (list.isError)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar a lista.")}
        </div>
        <Link href="/leads-hunter" className="link">
          Voltar para o Leads Hunter
        </Link>
      </div>
    );
  const l = list.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header>
        <Link href="/leads-hunter" className="link link-hover text-base-content/60 text-sm">
          Leads Hunter
        </Link>
        <h1 className="font-semibold text-2xl sm:text-3xl">{l.name}</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          {LEAD_SOURCE_LABEL[l.source]} · {l.leadsCount.toLocaleString("pt-BR")} leads{l.description ? ` · ${l.description}` : ""}
        </p>
      </header>
      <SourceNotice source={l.source} />
      <section aria-labelledby="nova-busca" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h2 id="nova-busca" className="card-title text-lg">
            {l.source === "custom" ? "Importar CSV" : "Buscar leads"}
          </h2>
          {l.source === "custom" ? <CsvImport listId={l.id} /> : <SearchForm lists={[{ id: l.id, name: l.name, source: l.source }]} fixedListId={l.id} />}
        </div>
      </section>
      {l.source !== "custom" && (
        <section aria-labelledby="historico" className="flex flex-col gap-2">
          <h2 id="historico" className="font-semibold text-lg">
            Buscas
          </h2>
          {!searches.data?.length ? (
            <p className="text-base-content/60 text-sm">Nenhuma busca nesta lista ainda.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
              {searches.data.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
                  <div className="min-w-64 flex-1">
                    <SearchProgress search={s} />
                    {s.errorMessage && <p className="text-error text-xs">{s.errorMessage}</p>}
                  </div>
                  <span className="badge badge-sm badge-soft">{SEARCH_STATUS_LABEL[s.status] ?? s.status}</span>
                  <span className="text-base-content/60 text-xs">{formatDateTime(s.createdAt)}</span>
                  {(s.status === "pending" || s.status === "running") && (
                    <button type="button" className="btn btn-ghost btn-xs" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: s.id })}>
                      Cancelar<span className="sr-only"> a busca {s.query}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <LeadsTable listId={l.id} refreshEveryMs={live ? 2000 : false} />
    </div>
  );
}
