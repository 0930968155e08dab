import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { googlePlacesKeyInput } from "../../../../../src/schemas/campaigns/leads";
import { TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

type TestRun = { ok: boolean; results: number; sample: string | null; error: string | null };

/** The Google Places API (New) key the Leads Hunter's Google Maps searches use (platform-wide, encrypted). */
export function GooglePlacesKeyCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery(trpc.leads.googleKey.get.queryOptions());
  const [apiKey, setApiKey] = useState("");
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [run, setRun] = useState<TestRun | null>(null);
  const on = enabled ?? q.data?.enabled ?? true;
  const parsed = googlePlacesKeyInput.safeParse({ apiKey, enabled: on });
  const errors = !parsed.success ? fieldErrors(parsed.error) : {};
  const save = useMutation(
    trpc.leads.googleKey.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Chave do Google Places salva" });
        setApiKey("");
        setEnabled(null);
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.leads.googleKey.test.mutationOptions({
      onSuccess: (r) => setRun(r),
      onError: (e) => setRun({ ok: false, results: 0, sample: null, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    if (parsed.success && !save.isPending) save.mutate({ apiKey, enabled: on });
  }
  return (
    <section aria-label="Google Places" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title text-lg">Google Places (Leads Hunter)</h2>
            <p className="text-base-content/60 text-sm">A chave da Places API (New) usada nas buscas de leads no Google Maps de todos os workspaces.</p>
          </div>
          {q.data && <span className={`badge badge-sm ${q.data.hasApiKey && q.data.enabled ? "badge-success" : "badge-ghost"}`}>{q.data.hasApiKey ? (q.data.enabled ? "Configurada" : "Desativada") : "Sem chave"}</span>}
        </header>
        {q.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : q.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Chave do Google Places" className="flex flex-col gap-4">
            <TextInput
              label="Chave de API do Google Places"
              type="password"
              value={apiKey}
              onChange={setApiKey}
              error={errors.apiKey}
              placeholder="AIza..."
              hint={q.data.hasApiKey ? "••• definida — deixe em branco para manter" : "Crie a chave no Google Cloud com a Places API (New) ativada."}
            />
            <div className="rounded-box border border-base-300 px-4">
              <ToggleRow label="Busca no Google Maps ativa" description="Desligada, os workspaces não conseguem buscar leads no Google Maps." checked={on} onChange={setEnabled} />
            </div>
            {run && (
              <div role="status" className={`alert alert-soft text-sm ${run.ok ? "alert-success" : "alert-error"}`}>
                <span>{run.ok ? `Chave funcionando${run.sample ? `: ${run.sample}` : ""}` : run.error}</span>
              </div>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn btn-outline" disabled={test.isPending || (!apiKey && !q.data.hasApiKey)} onClick={() => test.mutate(apiKey ? { apiKey } : {})}>
                {test.isPending && <ButtonSpinner />}
                Testar
              </button>
              <button type="submit" className="btn btn-primary" disabled={save.isPending || (!apiKey && enabled === null)}>
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
