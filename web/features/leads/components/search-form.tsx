import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { LEAD_LIMITS, LEAD_SOURCE_LABEL, type LeadSource, startLeadSearchInput } from "../../../../src/schemas/campaigns/leads";
import { NumberInput, SelectInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

type SearchSummary = { id: string; query: string; location: string | null; status: string; progress: number; leadsFound: number };

export const SEARCH_STATUS_LABEL: Record<string, string> = { pending: "Na fila", running: "Buscando", completed: "Concluída", failed: "Falhou", cancelled: "Cancelada" };

/** One search's bar: "pet shop em Campinas — 40 % · 32 leads". */
export function SearchProgress({ search }: { search: SearchSummary }) {
  const label = `${search.query}${search.location ? ` em ${search.location}` : ""}`;
  return (
    <div className="flex flex-col gap-1 py-1">
      <div className="flex justify-between gap-2 text-xs">
        <span className="truncate">{label}</span>
        <span className="tabular-nums text-base-content/70">
          {search.leadsFound.toLocaleString("pt-BR")} leads · {search.progress}%
        </span>
      </div>
      <progress className="progress progress-primary w-full" value={search.progress} max={100} aria-label={`Progresso da busca ${label}`} />
    </div>
  );
}

/** What the admin still has to configure for a source to search (custom CSV always works). */
export function SourceNotice({ source }: { source?: LeadSource }) {
  const q = useQuery(trpc.leads.sources.queryOptions());
  if (!q.data) return null;
  const messages = [
    (!source || source === "google_maps") && q.data.googleMessage,
    (!source || source === "instagram" || source === "linkedin") && q.data.webSearchMessage,
  ].filter((m): m is string => typeof m === "string" && m.length > 0);
  if (!messages.length || source === "custom") return null;
  return (
    <div role="status" className="alert alert-warning alert-soft text-sm">
      <div>
        {messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
        <p className="text-base-content/70">Listas personalizadas (CSV) funcionam sem configuração.</p>
      </div>
    </div>
  );
}

/** "Buscar leads": a list, the term, the city or region and how many results; runs as a job. */
export function SearchForm({ lists, fixedListId }: { lists: { id: string; name: string; source: LeadSource }[]; fixedListId?: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [d, setD] = useState({ listId: fixedListId ?? lists[0]?.id ?? "", term: "", location: "", maxResults: LEAD_LIMITS.defaultResults as number });
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => startLeadSearchInput.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const start = useMutation(
    trpc.leads.searches.start.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Busca iniciada", description: "Os leads aparecem na lista conforme são encontrados." });
        setSubmitted(false);
        setD((x) => ({ ...x, term: "" }));
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível buscar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !start.isPending) start.mutate(d);
  }
  const options = lists.map((l) => ({ value: l.id, label: `${l.name} (${LEAD_SOURCE_LABEL[l.source]})` }));
  return (
    <form onSubmit={submit} noValidate aria-label="Buscar leads" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {!fixedListId && <SelectInput label="Lista" value={d.listId} onChange={(listId) => setD({ ...d, listId })} options={options} error={errors.listId} />}
      <TextInput label="O que buscar" value={d.term} onChange={(term) => setD({ ...d, term })} error={errors.term} placeholder="pet shop" max={200} />
      <TextInput label="Cidade ou região" value={d.location} onChange={(location) => setD({ ...d, location })} error={errors.location} placeholder="Campinas" max={200} />
      <NumberInput label="Máximo de resultados" value={d.maxResults} onChange={(maxResults) => setD({ ...d, maxResults })} error={errors.maxResults} min={1} max={LEAD_LIMITS.maxResults} />
      <div className="flex items-end sm:col-span-2 lg:col-span-4 lg:justify-end">
        <button type="submit" className="btn btn-primary" disabled={start.isPending}>
          {start.isPending && <ButtonSpinner />}
          Buscar leads
        </button>
      </div>
    </form>
  );
}
