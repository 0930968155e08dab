import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_N8N_AUTH_HEADER, MAX_N8N_WORKFLOWS, n8nConfigInput, n8nToolName, webhookUrl } from "../../../../../src/schemas/n8n";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CardActions, TestOutcome } from "./card-parts";
import type { IntegrationCardProps } from "./types";

type WorkflowDraft = { tag: string; name: string; webhookPath: string; description: string; enabled: boolean };
type Draft = { serverUrl: string; authToken: string; authHeader: string; connectionType: "webhook"; enabled: boolean; workflows: WorkflowDraft[] };
type StoredConfig = { serverUrl?: string; authHeader?: string | null; hasAuthToken?: boolean; workflows?: WorkflowDraft[] };
type TestRun = { ok: boolean; status: number; durationMs: number; body: unknown; error: string | null };

const emptyWorkflow = (): WorkflowDraft => ({ tag: "", name: "", webhookPath: "", description: "", enabled: true });

function draftOf(integration: { enabled: boolean; config: Record<string, unknown> } | null): Draft {
  const c = (integration?.config ?? {}) as StoredConfig;
  return {
    serverUrl: c.serverUrl ?? "",
    authToken: "",
    authHeader: c.authHeader ?? "",
    connectionType: "webhook",
    enabled: integration?.enabled ?? true,
    workflows: (c.workflows ?? []).map((w) => ({ tag: w.tag, name: w.name, webhookPath: w.webhookPath, description: w.description, enabled: w.enabled !== false })),
  };
}

const pretty = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** n8n: the agent starts the business's n8n workflows through their webhooks (one tool per workflow). */
export function N8nCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const key = trpc.n8n.get.queryKey({ agentId: agent.id });
  const q = useQuery(trpc.n8n.get.queryOptions({ agentId: agent.id }));
  const integration = q.data?.integration ?? null;
  const initial = useMemo(() => draftOf(integration), [integration]);
  const [d, setD] = useState<Draft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [runs, setRuns] = useState<Record<string, TestRun>>({});
  // A refetch refreshes the form only while it holds no unsaved edits.
  const shown = useRef(initial);
  useEffect(() => {
    setD((cur) => (JSON.stringify(cur) === JSON.stringify(shown.current) ? initial : cur));
    shown.current = initial;
  }, [initial]);

  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const parsed = useMemo(() => n8nConfigInput.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const globalOff = q.data?.globalEnabled === false;
  const locked = !canEdit || globalOff;
  const refresh = () => qc.invalidateQueries({ queryKey: key });

  const save = useMutation(
    trpc.n8n.save.mutationOptions({
      onSuccess: async (row) => {
        const next = draftOf(row);
        shown.current = next;
        setD(next);
        toast({ title: "Integração com o n8n salva" });
        setSubmitted(false);
        setSavedAt(Date.now());
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const remove = useMutation(
    trpc.n8n.remove.mutationOptions({
      onSuccess: async () => {
        setRemoving(false);
        setRuns({});
        toast({ title: "Integração com o n8n removida" });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.n8n.test.mutationOptions({
      onSuccess: (r, vars) => {
        setRuns((cur) => ({ ...cur, [vars.tag]: r }));
        void refresh();
      },
      onError: (e, vars) => setRuns((cur) => ({ ...cur, [vars.tag]: { ok: false, status: 0, durationMs: 0, body: null, error: trpcErrorMessage(e, "Falha ao testar") } })),
    }),
  );

  const patch = (p: Partial<Draft>) => {
    setSavedAt(null);
    setD((x) => ({ ...x, ...p }));
  };
  const patchWf = (i: number, p: Partial<WorkflowDraft>) => patch({ workflows: d.workflows.map((w, j) => (j === i ? { ...w, ...p } : w)) });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !save.isPending) save.mutate({ agentId: agent.id, config: d });
  }

  const storedTags = new Set(((integration?.config as StoredConfig | undefined)?.workflows ?? []).map((w) => w.tag));
  const hasToken = (integration?.config as StoredConfig | undefined)?.hasAuthToken === true;

  return (
    <section aria-label="n8n" className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="network" className="size-5" />
            Automações com n8n
          </h3>
          <p className="text-base-content/60 text-sm">O agente dispara workflows do seu n8n (cadastrar lead, registrar pedido...) e usa a resposta na conversa.</p>
        </div>
        {integration ? (
          <span className={`badge badge-sm ${integration.enabled && !globalOff ? "badge-success" : "badge-ghost"}`}>{integration.enabled && !globalOff ? "Ativa" : "Desativada"}</span>
        ) : (
          <span className="badge badge-ghost badge-sm">Não configurada</span>
        )}
      </header>

      {q.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : q.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a integração.")}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Configuração do n8n" className="flex flex-col gap-4">
          {globalOff && (
            <div role="status" className="alert alert-warning alert-soft text-sm">
              <Icon name="info" className="size-5 shrink-0" />
              <span>A integração com o n8n está desativada pelo administrador da plataforma. O agente não usa os workflows enquanto ela estiver desligada.</span>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput label="URL do servidor n8n" value={d.serverUrl} onChange={(x) => patch({ serverUrl: x })} error={errors.serverUrl} placeholder="https://n8n.suaempresa.com.br" disabled={locked} />
            <TextInput label="Tipo de conexão" value="Webhook" onChange={() => {}} disabled hint="O agente chama o nó Webhook (método POST) de cada workflow ativo." />
            <TextInput
              label="Nome do cabeçalho de autenticação"
              value={d.authHeader}
              onChange={(x) => patch({ authHeader: x })}
              error={errors.authHeader}
              placeholder={DEFAULT_N8N_AUTH_HEADER}
              hint={`Credencial "Header Auth" do nó Webhook. Padrão: ${DEFAULT_N8N_AUTH_HEADER}.`}
              disabled={locked}
            />
            <TextInput
              label="Token (valor do cabeçalho)"
              type="password"
              value={d.authToken}
              onChange={(x) => patch({ authToken: x })}
              error={errors.authToken}
              hint={hasToken ? "••• definido — deixe em branco para manter" : "Opcional, se o webhook não exige autenticação."}
              disabled={locked}
            />
          </div>

          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 className="font-medium text-sm">Workflows ({d.workflows.length}/{MAX_N8N_WORKFLOWS})</h4>
              <button type="button" className="btn btn-ghost btn-sm" disabled={locked || d.workflows.length >= MAX_N8N_WORKFLOWS} onClick={() => patch({ workflows: [...d.workflows, emptyWorkflow()] })}>
                <Icon name="plus" className="size-4" />
                Adicionar workflow
              </button>
            </div>
            {d.workflows.length === 0 && <p className="rounded-box border border-base-300 border-dashed p-4 text-center text-base-content/60 text-sm">Nenhum workflow ainda. Adicione o primeiro.</p>}
            {errors.workflows && <p className="text-error text-xs">{errors.workflows}</p>}
            {d.workflows.map((wf, i) => {
              const run = runs[wf.tag];
              const saved = storedTags.has(wf.tag) && !dirty;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the tag itself is being typed
                <div key={i} role="group" aria-label={`Workflow ${wf.name || i + 1}`} className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
                  <div className="grid gap-3 sm:grid-cols-3">
                    <TextInput label="Tag" value={wf.tag} onChange={(x) => patchWf(i, { tag: x })} error={errors[`workflows.${i}.tag`]} placeholder="lead" max={40} disabled={locked} hint={wf.tag ? `Ferramenta: ${n8nToolName(wf.tag.toLowerCase())}` : undefined} />
                    <TextInput label="Nome" value={wf.name} onChange={(x) => patchWf(i, { name: x })} error={errors[`workflows.${i}.name`]} placeholder="Cadastrar lead" max={100} disabled={locked} />
                    <TextInput
                      label="Caminho do webhook"
                      value={wf.webhookPath}
                      onChange={(x) => patchWf(i, { webhookPath: x })}
                      error={errors[`workflows.${i}.webhookPath`]}
                      placeholder="webhook/cadastrar-lead"
                      disabled={locked}
                      hint={d.serverUrl && wf.webhookPath ? webhookUrl(d.serverUrl, wf.webhookPath) : undefined}
                    />
                  </div>
                  <TextArea
                    label="Quando usar (instrução para a IA)"
                    value={wf.description}
                    onChange={(x) => patchWf(i, { description: x })}
                    error={errors[`workflows.${i}.description`]}
                    max={500}
                    rows={2}
                    placeholder="Use quando o cliente pedir para ser contatado por um vendedor."
                    disabled={locked}
                  />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" className="toggle toggle-primary toggle-sm" checked={wf.enabled} disabled={locked} onChange={(e) => patchWf(i, { enabled: e.target.checked })} />
                      Workflow ativo
                    </label>
                    <div className="flex gap-1">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={locked || !saved || test.isPending}
                        title={saved ? undefined : "Salve antes de testar"}
                        onClick={() => test.mutate({ agentId: agent.id, tag: wf.tag })}
                      >
                        {test.isPending && test.variables?.tag === wf.tag ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
                        Testar
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Remover workflow ${wf.name || i + 1}`} disabled={locked} onClick={() => patch({ workflows: d.workflows.filter((_, j) => j !== i) })}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    </div>
                  </div>
                  {run && (
                    <TestOutcome ok={run.ok}>
                      <p>{run.ok ? `Workflow respondeu: HTTP ${run.status} em ${run.durationMs} ms` : run.error}</p>
                      {run.ok && run.body !== null && <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{pretty(run.body).slice(0, 2000)}</pre>}
                    </TestOutcome>
                  )}
                </div>
              );
            })}
          </div>

          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow label="Integração ativa" description="Quando desativada, o agente não dispara nenhum workflow." checked={d.enabled} onChange={(x) => patch({ enabled: x })} disabled={locked} />
          </div>
          {integration?.testMessage && <p className="text-base-content/50 text-xs">Último teste: {integration.testMessage}</p>}
          <CardActions
            savedMark={!!savedAt && !dirty}
            removable={!!integration}
            onRemove={() => setRemoving(true)}
            removing={remove.isPending}
            saving={save.isPending}
            locked={locked}
            removeLocked={!canEdit}
            saveDisabled={!dirty && !!integration}
            saveLabel="Salvar n8n"
          />
        </form>
      )}
      <ConfirmDialog
        open={removing}
        title="Remover integração com o n8n"
        description="O servidor, o token e os workflows deste agente serão apagados."
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate({ agentId: agent.id })}
      />
    </section>
  );
}
