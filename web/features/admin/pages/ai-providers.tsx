import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { ProviderCard } from "../components/provider-card";
import { ProviderForm } from "../components/provider-form";
import { draftFromProvider, emptyProvider, isUsable, type ProviderDraft, type TestResult } from "../hooks/use-ai-providers";

type Editing = { draft: ProviderDraft; existing: boolean; hasStoredKey: boolean } | null;

/** /admin/openai-config (and /admin/modelos): the AI providers the whole platform can use. */
export default function AiProvidersPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.admin.ai.list.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.admin.ai.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.agents.models.queryKey() }),
      qc.invalidateQueries({ queryKey: ["config", "public"] }),
    ]);

  const save = useMutation(
    trpc.admin.ai.save.mutationOptions({
      onSuccess: async (row) => {
        toast({ title: "Provedor salvo", description: `${row?.displayName ?? "Provedor"} foi atualizado.` });
        setEditing(null);
        await refresh();
      },
    }),
  );
  const test = useMutation(
    trpc.admin.ai.test.mutationOptions({
      onSuccess: async (r, vars) => {
        setResults((cur) => ({ ...cur, [vars.provider]: r }));
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao testar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  const providers = list.data ?? [];
  const offline = list.isSuccess && !providers.some(isUsable);
  const startEdit = (draft: ProviderDraft, existing: boolean, hasStoredKey: boolean) => {
    save.reset();
    setEditing({ draft, existing, hasStoredKey });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Provedores de IA</h1>
          <p className="mt-1 text-base-content/70 text-sm">Qualquer API compatível com a OpenAI: OpenAI, OpenRouter, Ollama, vLLM.</p>
        </div>
        {!editing && (
          <button type="button" className="btn btn-primary" onClick={() => startEdit(emptyProvider(), false, false)}>
            <Icon name="plus" className="size-4" />
            Adicionar provedor
          </button>
        )}
      </div>

      {offline && (
        <div role="status" className="alert alert-warning alert-soft items-start">
          <Icon name="wifiOff" className="mt-0.5 size-5 shrink-0" />
          <div className="text-sm">
            <p className="font-semibold">modo offline</p>
            <p>
              Nenhum provedor ativo com chave ou URL base. Os agentes respondem apenas a partir dos próprios textos, sem IA externa, até que um
              provedor seja configurado aqui.
            </p>
          </div>
        </div>
      )}

      {editing && (
        <ProviderForm
          key={editing.draft.provider || "new"}
          initial={editing.draft}
          editing={editing.existing}
          hasStoredKey={editing.hasStoredKey}
          saving={save.isPending}
          serverError={save.isError ? trpcErrorMessage(save.error, "Não foi possível salvar o provedor.") : null}
          onSave={(input) => save.mutate(input)}
          onCancel={() => setEditing(null)}
        />
      )}

      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os provedores.")}
        </div>
      ) : providers.length === 0 ? (
        !editing && (
          <p className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/60 text-sm">
            Nenhum provedor configurado ainda.
          </p>
        )
      ) : (
        <div className="grid gap-4">
          {providers.map((p) => (
            <ProviderCard
              key={p.id}
              p={p}
              testing={test.isPending && test.variables?.provider === p.provider}
              result={results[p.provider]}
              onEdit={() => startEdit(draftFromProvider(p), true, p.hasApiKey)}
              onTest={() => test.mutate({ provider: p.provider })}
              onUseModels={(models) => startEdit({ ...draftFromProvider(p), availableModels: models.slice(0, 100) }, true, p.hasApiKey)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
