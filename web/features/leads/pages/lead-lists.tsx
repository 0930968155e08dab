import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { Link } from "wouter";
import { LEAD_SOURCE_LABEL, type LeadSource, leadListInput, leadSources } from "../../../../src/schemas/campaigns/leads";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner, PageLoader } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { SearchForm, SearchProgress, SourceNotice } from "../components/search-form";

const SOURCE_BADGE: Record<LeadSource, string> = { google_maps: "badge-success", linkedin: "badge-info", instagram: "badge-secondary", custom: "badge-ghost" };
const SOURCE_OPTIONS = leadSources.map((value) => ({ value, label: LEAD_SOURCE_LABEL[value] }));

/** /leads-hunter: the lists (source, count, searches running), "Nova lista" and "Buscar leads". */
export default function LeadListsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const lists = useQuery({
    ...trpc.leads.lists.list.queryOptions({ search: search || undefined }),
    // Running searches move their bars: read again while any is live.
    refetchInterval: (q) => (q.state.data?.some((l) => l.running.length > 0) ? 1500 : false),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
  const remove = useMutation(
    trpc.leads.lists.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Lista excluída" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao excluir", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const searchable = (lists.data ?? []).filter((l) => l.source !== "custom");

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl sm:text-3xl">Leads Hunter</h1>
          <p className="mt-1 text-base-content/70 text-sm">Encontre empresas no Google Maps, Instagram ou LinkedIn e leve-as para seus contatos e campanhas.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setCreating((v) => !v)} aria-expanded={creating}>
          Nova lista
        </button>
      </header>
      <SourceNotice />
      {creating && <NewListForm onDone={() => setCreating(false)} />}
      <section aria-labelledby="buscar-leads" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h2 id="buscar-leads" className="card-title text-lg">
            Buscar leads
          </h2>
          {searchable.length ? (
            <SearchForm lists={searchable.map((l) => ({ id: l.id, name: l.name, source: l.source }))} />
          ) : (
            <p className="text-base-content/70 text-sm">Crie uma lista do Google Maps, Instagram ou LinkedIn para buscar leads.</p>
          )}
        </div>
      </section>
      <section aria-labelledby="listas" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="listas" className="font-semibold text-lg">
            Listas
          </h2>
          <label className="input input-sm w-64">
            <span className="sr-only">Buscar listas</span>
            <input type="search" placeholder="Buscar listas" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
        </div>
        {lists.isPending ? (
          <PageLoader label="Carregando listas..." />
        ) : lists.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(lists.error, "Não foi possível carregar as listas.")}
          </div>
        ) : lists.data.length === 0 ? (
          <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70">Nenhuma lista ainda. Clique em “Nova lista” para começar.</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <thead>
                <tr>
                  <th>Lista</th>
                  <th>Origem</th>
                  <th className="text-right">Leads</th>
                  <th>Buscas em andamento</th>
                  <th>
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lists.data.map((l) => (
                  <tr key={l.id}>
                    <td>
                      <Link href={`/leads-hunter/${l.id}`} className="link link-hover font-medium">
                        {l.name}
                      </Link>
                      {l.description && <p className="text-base-content/60 text-xs">{l.description}</p>}
                    </td>
                    <td>
                      <span className={`badge badge-sm badge-soft ${SOURCE_BADGE[l.source]}`}>{LEAD_SOURCE_LABEL[l.source]}</span>
                    </td>
                    <td className="text-right tabular-nums">{l.leadsCount.toLocaleString("pt-BR")}</td>
                    <td className="min-w-56">
                      {l.running.length === 0 ? <span className="text-base-content/50 text-sm">—</span> : l.running.map((s) => <SearchProgress key={s.id} search={s} />)}
                    </td>
                    <td className="text-right">
                      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setDeleting({ id: l.id, name: l.name })}>
                        Excluir<span className="sr-only"> {l.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir lista de leads?"
        description={`A lista “${deleting?.name ?? ""}” e todos os seus leads serão excluídos. Contatos e listas de campanha já exportados continuam.`}
        confirmLabel="Excluir lista"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function NewListForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [d, setD] = useState<{ name: string; description: string; source: LeadSource }>({ name: "", description: "", source: "google_maps" });
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => leadListInput.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const create = useMutation(
    trpc.leads.lists.create.mutationOptions({
      onSuccess: async (row) => {
        toast({ title: "Lista criada", description: row.name });
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
        onDone();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao criar a lista", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !create.isPending) create.mutate(d);
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Nova lista de leads" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Nova lista</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Nome" value={d.name} onChange={(name) => setD({ ...d, name })} error={errors.name} max={200} autoFocus />
          <SelectInput label="Origem" value={d.source} onChange={(source) => setD({ ...d, source })} options={SOURCE_OPTIONS} error={errors.source} />
          <TextInput label="Descrição (opcional)" value={d.description} onChange={(description) => setD({ ...d, description })} error={errors.description} max={1000} className="sm:col-span-2" />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Criar lista
          </button>
        </div>
      </div>
    </form>
  );
}
