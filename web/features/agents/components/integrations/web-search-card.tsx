import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { PROVIDER_LABELS, WEB_SEARCH_TOOL, webSearchAgentInput } from "../../../../../src/schemas/web-search";
import { TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useRefreshAgents } from "../../hooks/use-agents";
import { TestOutcome } from "./card-parts";
import type { IntegrationCardProps } from "./types";

type TestRun = { ok: boolean; results: number; sample: { titulo: string; url: string } | null; error: string | null };

/**
 * Busca na web: the agent's "Pesquisar na web" setting (the same switch as the Conversa section),
 * whether the admin configured the provider key, and an optional key of the agent's own.
 */
export function WebSearchCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const refreshAgents = useRefreshAgents();
  const key = trpc.webSearch.get.queryKey({ agentId: agent.id });
  const q = useQuery(trpc.webSearch.get.queryOptions({ agentId: agent.id }));
  const s = q.data;
  const [apiKey, setApiKey] = useState("");
  const [ownEnabled, setOwnEnabled] = useState(true);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [run, setRun] = useState<TestRun | null>(null);
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [removing, setRemoving] = useState(false);
  const initialEnabled = s?.integration?.enabled ?? true;
  useEffect(() => setOwnEnabled(initialEnabled), [initialEnabled]);
  const dirty = apiKey !== "" || ownEnabled !== initialEnabled;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const parsed = useMemo(() => webSearchAgentInput.safeParse({ apiKey, enabled: ownEnabled }), [apiKey, ownEnabled]);
  const errors = !parsed.success ? fieldErrors(parsed.error) : {};
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });

  const toggle = useMutation(
    trpc.webSearch.setEnabled.mutationOptions({
      onSuccess: async (r) => {
        // The answer is the card's new state: shown at once, so the switch never flicks back while refetching.
        qc.setQueryData(key, r);
        toast({ title: r.agentSetting ? "Pesquisa na web ligada" : "Pesquisa na web desligada" });
        await refreshAgents();
      },
      onError: fail("Erro ao alterar a pesquisa na web"),
    }),
  );
  const save = useMutation(
    trpc.webSearch.save.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Chave do agente salva" });
        setApiKey("");
        setSavedAt(Date.now());
        await refresh();
      },
      onError: fail("Erro ao salvar"),
    }),
  );
  const remove = useMutation(
    trpc.webSearch.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Chave do agente removida", description: "O agente volta a usar a chave do administrador, se houver." });
        setApiKey("");
        await refresh();
      },
      onError: fail("Erro ao remover"),
    }),
  );
  const test = useMutation(
    trpc.webSearch.test.mutationOptions({
      onSuccess: (r) => {
        setRun(r);
        void refresh();
      },
      onError: (e) => setRun({ ok: false, results: 0, sample: null, error: trpcErrorMessage(e, "Falha ao testar") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (parsed.success && !save.isPending) save.mutate({ agentId: agent.id, config: { apiKey, enabled: ownEnabled } });
  }

  const keyLabel = !s ? "" : s.keySource === "agent" ? "Usando a chave própria deste agente" : s.adminConfigured ? `Chave configurada pelo administrador (${PROVIDER_LABELS[s.provider as "tavily"] ?? s.provider})` : "Nenhuma chave configurada pelo administrador";

  return (
    <section aria-label="Busca na web" className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="globe" className="size-5" />
            Busca na web
          </h3>
          <p className="text-base-content/60 text-sm">O agente pesquisa na internet informações atuais que não estão no treinamento (ferramenta {WEB_SEARCH_TOOL}).</p>
        </div>
        {s && <span className={`badge badge-sm ${s.active ? "badge-success" : "badge-ghost"}`}>{s.active ? "Ativa" : "Desativada"}</span>}
      </header>

      {q.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : q.isError || !s ? (
        <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a busca na web.")}</p>
      ) : (
        <>
          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow
              label="Pesquisar na web"
              description={
                <>
                  A mesma opção da seção{" "}
                  <a href="#conversa" className="link">
                    Conversa
                  </a>
                  .
                </>
              }
              checked={wanted ?? s.agentSetting}
              onChange={(x) => {
                // Set in the click itself: a controlled switch waiting for the mutation's state would flick back.
                setWanted(x);
                toggle.mutate({ agentId: agent.id, enabled: x }, { onSettled: () => setWanted(null) });
              }}
              disabled={!canEdit || toggle.isPending}
            />
          </div>
          <div role="status" className={`alert alert-soft text-sm ${s.keySource ? "alert-info" : "alert-warning"}`}>
            <Icon name={s.keySource ? "key" : "info"} className="size-5 shrink-0" />
            <span>
              {keyLabel}.
              {!s.keySource && " Peça ao administrador da plataforma para configurar a Tavily em Administração › Configurações, ou informe uma chave própria abaixo."}
              {s.keySource && !s.agentSetting && " Ligue “Pesquisar na web” para o agente usar a busca."}
            </span>
          </div>

          <form onSubmit={submit} noValidate aria-label="Chave própria da busca na web" className="flex flex-col gap-3">
            <TextInput
              label="Chave própria da Tavily (opcional)"
              type="password"
              value={apiKey}
              onChange={(x) => {
                setSavedAt(null);
                setApiKey(x);
              }}
              error={errors.apiKey}
              placeholder="tvly-..."
              hint={s.integration?.hasApiKey ? "••• definida — deixe em branco para manter" : "Sem chave própria, o agente usa a chave do administrador."}
              disabled={!canEdit}
            />
            {s.integration?.hasApiKey && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={ownEnabled} disabled={!canEdit} onChange={(e) => setOwnEnabled(e.target.checked)} />
                Usar a chave própria
              </label>
            )}
            {run && <TestOutcome ok={run.ok}>{run.ok ? `Busca funcionando: ${run.results} resultado(s)${run.sample ? ` — ${run.sample.titulo}` : ""}` : run.error}</TestOutcome>}
            <div className="flex flex-wrap items-center justify-end gap-2">
              {savedAt && !dirty && (
                <span role="status" className="flex items-center gap-1 text-sm text-success">
                  <Icon name="check" className="size-4" />
                  Salvo
                </span>
              )}
              {dirty && <span className="text-base-content/60 text-xs">Salve antes de testar</span>}
              <button
                type="button"
                className="btn btn-outline"
                disabled={!canEdit || !s.keySource || dirty || test.isPending}
                title={dirty ? "O teste usa a chave salva: salve antes de testar" : undefined}
                onClick={() => test.mutate({ agentId: agent.id })}
              >
                {test.isPending ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
                Testar
              </button>
              {s.integration && (
                <button type="button" className="btn btn-ghost text-error" disabled={!canEdit || remove.isPending} onClick={() => setRemoving(true)}>
                  Remover chave própria
                </button>
              )}
              <button type="submit" className="btn btn-primary" disabled={!canEdit || save.isPending || !dirty}>
                {save.isPending && <ButtonSpinner />}
                Salvar
              </button>
            </div>
          </form>
          <ConfirmDialog
            open={removing}
            title="Remover a chave própria da busca na web"
            description="A chave deste agente será apagada; ele passa a usar a chave do administrador, se houver."
            confirmLabel="Remover"
            pending={remove.isPending}
            onCancel={() => setRemoving(false)}
            onConfirm={() => remove.mutate({ agentId: agent.id }, { onSettled: () => setRemoving(false) })}
          />
        </>
      )}
    </section>
  );
}
