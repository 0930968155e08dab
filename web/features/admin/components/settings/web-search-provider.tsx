import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { DEPTH_LABELS, PROVIDER_LABELS, searchDepths, webSearchGlobalInput, webSearchProviders } from "../../../../../src/schemas/web-search";
import { NumberInput, SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type Draft = { provider: (typeof webSearchProviders)[number]; apiKey: string; enabled: boolean; maxResults: number; searchDepth: (typeof searchDepths)[number] };
type TestRun = { ok: boolean; results: number; sample: { titulo: string; url: string } | null; error: string | null };

const PROVIDER_OPTIONS = webSearchProviders.map((value) => ({ value, label: PROVIDER_LABELS[value] }));
const DEPTH_OPTIONS = searchDepths.map((value) => ({ value, label: DEPTH_LABELS[value] }));

/** The web-search provider (Tavily) every agent with "Pesquisar na web" uses, unless it has its own key. */
export function WebSearchProviderCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery(trpc.webSearch.global.get.queryOptions());
  const initial = useMemo<Draft>(
    () => ({ provider: "tavily", apiKey: "", enabled: q.data?.enabled ?? true, maxResults: q.data?.maxResults ?? 5, searchDepth: q.data?.searchDepth === "advanced" ? "advanced" : "basic" }),
    [q.data],
  );
  const [d, setD] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const [run, setRun] = useState<TestRun | null>(null);
  // The server values the draft was based on: a refetch (window focus) replaces the draft only while it
  // holds no edits, so a freshly typed API key survives it.
  const baseline = useRef(initial);
  useEffect(() => {
    setD((cur) => (JSON.stringify(cur) === JSON.stringify(baseline.current) ? initial : cur));
    baseline.current = initial;
  }, [initial]);
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  const parsed = useMemo(() => webSearchGlobalInput.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const patch = (p: Partial<Draft>) => {
    setSaved(false);
    setD((x) => ({ ...x, ...p }));
  };

  const save = useMutation(
    trpc.webSearch.global.save.mutationOptions({
      onSuccess: async () => {
        setSubmitted(false);
        setSaved(true);
        toast({ title: "Busca na web salva" });
        await qc.invalidateQueries({ queryKey: trpc.webSearch.global.get.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.webSearch.global.test.mutationOptions({
      onSuccess: (r) => setRun(r),
      onError: (e) => setRun({ ok: false, results: 0, sample: null, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || save.isPending) return;
    const sent = d;
    save.mutate(sent, {
      // What was saved (the key is never shown back) becomes the baseline; edits typed meanwhile stay.
      onSuccess: () => {
        const next = { ...sent, apiKey: "" };
        baseline.current = next;
        setD((cur) => (JSON.stringify(cur) === JSON.stringify(sent) ? next : cur));
      },
    });
  }

  return (
    <section aria-label="Busca na web" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title text-lg">
              <Icon name="globe" className="size-5" />
              Busca na web
            </h2>
            <p className="text-base-content/60 text-sm">A chave usada pelos agentes que têm “Pesquisar na web” ligado. Cada agente pode ter uma chave própria.</p>
          </div>
          {q.data && <span className={`badge badge-sm ${q.data.hasApiKey && q.data.enabled ? "badge-success" : "badge-ghost"}`}>{q.data.hasApiKey ? (q.data.enabled ? "Configurada" : "Desativada") : "Sem chave"}</span>}
        </header>
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Provedor de busca na web" className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectInput label="Provedor" value={d.provider} onChange={(x) => patch({ provider: x })} options={PROVIDER_OPTIONS} error={errors.provider} />
              <TextInput
                label="Chave de API"
                type="password"
                value={d.apiKey}
                onChange={(x) => patch({ apiKey: x })}
                error={errors.apiKey}
                placeholder="tvly-..."
                hint={q.data.hasApiKey ? "••• definida — deixe em branco para manter" : "Crie a chave em app.tavily.com."}
              />
              <NumberInput label="Resultados por busca" value={d.maxResults} onChange={(x) => patch({ maxResults: x })} error={errors.maxResults} min={1} max={10} />
              <SelectInput label="Profundidade" value={d.searchDepth} onChange={(x) => patch({ searchDepth: x })} options={DEPTH_OPTIONS} error={errors.searchDepth} />
            </div>
            <div className="rounded-box border border-base-300 px-4">
              <ToggleRow label="Busca na web ativa" description="Desligada, só os agentes com chave própria pesquisam na web." checked={d.enabled} onChange={(x) => patch({ enabled: x })} />
            </div>
            {run && (
              <div role="status" className={`alert alert-soft text-sm ${run.ok ? "alert-success" : "alert-error"}`}>
                <Icon name={run.ok ? "check" : "x"} className="size-5 shrink-0" />
                <span>{run.ok ? `Chave funcionando: ${run.results} resultado(s)${run.sample ? ` — ${run.sample.titulo}` : ""}` : run.error}</span>
              </div>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2">
              {saved && !dirty && (
                <span role="status" className="flex items-center gap-1 text-sm text-success">
                  <Icon name="check" className="size-4" />
                  Salvo
                </span>
              )}
              <button
                type="button"
                className="btn btn-outline"
                disabled={test.isPending || (!d.apiKey && !q.data.hasApiKey)}
                onClick={() => test.mutate(d.apiKey ? { apiKey: d.apiKey } : {})}
              >
                {test.isPending ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
                Testar
              </button>
              <button type="submit" className="btn btn-primary" disabled={save.isPending || !dirty}>
                {save.isPending && <ButtonSpinner />}
                Salvar
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
