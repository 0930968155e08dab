import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { AGENDOR_DEFAULT_BASE, TOKEN_REQUIRED, agendorInput } from "../../../../../src/schemas/agendor";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { CardActions, TestOutcome } from "./card-parts";
import type { IntegrationCardProps } from "./types";
import { useRefreshAgents } from "../../hooks/use-agents";

type Saved = {
  id: string;
  enabled: boolean;
  config: Record<string, unknown>;
  lastSyncAt: number | null;
  lastTestedAt: number | null;
  testStatus: string | null;
  testMessage: string | null;
};
type Named = { id: number; name: string };
type Options = { funnels: (Named & { stages: { sequence: number; name: string }[] })[]; origins: Named[]; users: Named[] };
type TestResult = { ok: boolean; message: string };

type Draft = {
  apiToken: string;
  baseUrl: string;
  defaultFunnelId: string;
  defaultStage: string;
  defaultOriginId: string;
  defaultUserId: string;
  syncOrganizations: boolean;
  syncPeople: boolean;
  syncDeals: boolean;
  syncTasks: boolean;
  /** null: untouched here, so the agent's conversation setting shows and is left as it is. */
  autoAddToFunnel: boolean | null;
  enabled: boolean;
};

const idText = (v: unknown) => (typeof v === "number" ? String(v) : "");
const flag = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);

function draftOf(saved: Saved | null): Draft {
  const c = saved?.config ?? {};
  return {
    apiToken: "",
    baseUrl: typeof c.baseUrl === "string" ? c.baseUrl : "",
    defaultFunnelId: idText(c.defaultFunnelId),
    defaultStage: idText(c.defaultStage),
    defaultOriginId: idText(c.defaultOriginId),
    defaultUserId: idText(c.defaultUserId),
    syncOrganizations: flag(c.syncOrganizations, true),
    syncPeople: flag(c.syncPeople, true),
    syncDeals: flag(c.syncDeals, true),
    syncTasks: flag(c.syncTasks, true),
    autoAddToFunnel: null,
    enabled: saved?.enabled ?? true,
  };
}

/** A picker's choices: the loaded list, or just the saved id until the lists are loaded. */
function choices(list: Named[] | undefined, current: string, empty: string) {
  const opts = [{ value: "", label: empty }, ...(list ?? []).map((x) => ({ value: String(x.id), label: x.name }))];
  if (current && !opts.some((o) => o.value === current)) opts.push({ value: current, label: `#${current} (salvo)` });
  return opts;
}

/** CRM Agendor: token, base URL, "Testar", funnel/stage/origin/user pickers and what is synced (SPEC §3). */
export function AgendorCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const query = useQuery(trpc.agendor.get.queryOptions({ agentId: agent.id }));
  return (
    <section aria-label="CRM Agendor" className="rounded-box border border-base-300 p-4">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon name="funnel" className="size-5" />
            CRM Agendor
          </h3>
          <p className="text-base-content/60 text-sm">Registra leads, negócios e tarefas no Agendor durante a conversa, sem duplicar clientes.</p>
        </div>
        {query.data && <span className={`badge badge-sm ${query.data.enabled ? "badge-success" : "badge-ghost"}`}>{query.data.enabled ? "Ativa" : "Desativada"}</span>}
      </header>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(query.error, "Não foi possível carregar a integração.")}</p>
      ) : (
        <AgendorForm
          agentId={agent.id}
          agentAutoAdd={agent.conversationSettings.autoAddToFunnel}
          saved={(query.data as Saved | null) ?? null}
          canEdit={canEdit}
          onDirtyChange={onDirtyChange}
        />
      )}
    </section>
  );
}

function AgendorForm({
  agentId,
  agentAutoAdd,
  saved,
  canEdit,
  onDirtyChange,
}: { agentId: string; agentAutoAdd: boolean; saved: Saved | null; canEdit: boolean; onDirtyChange: (d: boolean) => void }) {
  const qc = useQueryClient();
  const refreshAgents = useRefreshAgents();
  const toast = useToast();
  const initial = useMemo(() => draftOf(saved), [saved]);
  const [d, setD] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [result, setResult] = useState<TestResult | null>(saved?.testMessage ? { ok: saved.testStatus === "ok", message: saved.testMessage } : null);
  const [options, setOptions] = useState<Options | null>(null);
  const patch = (p: Partial<Draft>) => {
    setJustSaved(false);
    setD((x) => ({ ...x, ...p }));
  };
  const hasToken = saved?.config.hasApiToken === true;
  // The auto-add switch is the agent's setting: sent only when changed here, so a change made in the
  // Conversa section is never undone by saving this card.
  const settings = useMemo(() => {
    const { autoAddToFunnel, ...rest } = d;
    return autoAddToFunnel === null ? rest : { ...rest, autoAddToFunnel };
  }, [d]);
  const parsed = useMemo(() => agendorInput.safeParse(settings), [settings]);
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  if (submitted && !hasToken && !d.apiToken.trim()) errors.apiToken = TOKEN_REQUIRED;
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.agendor.get.queryKey({ agentId }) });
  const probe = () => ({ agentId, ...(d.apiToken.trim() ? { apiToken: d.apiToken.trim() } : {}), baseUrl: d.baseUrl });

  const load = useMutation(
    trpc.agendor.options.mutationOptions({
      onSuccess: (o) => setOptions(o as Options),
      onError: (e) => toast({ variant: "destructive", title: "Erro ao carregar listas do Agendor", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.agendor.test.mutationOptions({
      onSuccess: (r) => {
        setResult(r);
        if (r.ok) load.mutate(probe());
        refresh();
      },
      onError: (e) => setResult({ ok: false, message: trpcErrorMessage(e, "Não foi possível testar.") }),
    }),
  );
  const save = useMutation(
    trpc.agendor.save.mutationOptions({
      onSuccess: (row) => {
        qc.setQueryData(trpc.agendor.get.queryKey({ agentId }), row);
        // The auto-add switch is the agent's conversation setting: the Conversa section must see it.
        void refreshAgents();
        setD(draftOf(row as Saved));
        setSubmitted(false);
        toast({ title: "Agendor salvo" });
        setJustSaved(true);
        onDirtyChange(false);
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar o Agendor", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const remove = useMutation(
    trpc.agendor.remove.mutationOptions({
      onSuccess: () => {
        setRemoving(false);
        qc.setQueryData(trpc.agendor.get.queryKey({ agentId }), null);
        setD(draftOf(null));
        setResult(null);
        setOptions(null);
        toast({ title: "Integração com o Agendor removida" });
        onDirtyChange(false);
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || (!hasToken && !d.apiToken.trim()) || save.isPending) return;
    save.mutate({ agentId, settings });
  }

  const funnel = options?.funnels.find((f) => String(f.id) === d.defaultFunnelId);
  const stageChoices = choices(
    funnel?.stages.map((s) => ({ id: s.sequence, name: `${s.sequence}. ${s.name}` })),
    d.defaultStage,
    "Primeira etapa do funil",
  );
  const off = !canEdit;

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Configurar Agendor" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Token de API"
            type="password"
            value={d.apiToken}
            onChange={(x) => patch({ apiToken: x })}
            error={errors.apiToken}
            disabled={off}
            hint={hasToken ? "••• definido — deixe em branco para manter" : "No Agendor: Menu → Integrações → Token de API."}
          />
          <TextInput
            label="URL base da API"
            value={d.baseUrl}
            onChange={(x) => patch({ baseUrl: x })}
            error={errors.baseUrl}
            disabled={off}
            placeholder={AGENDOR_DEFAULT_BASE}
            hint="Deixe em branco para usar a API oficial do Agendor."
          />
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-outline btn-sm" disabled={off || test.isPending || (!hasToken && !d.apiToken.trim())} onClick={() => test.mutate(probe())}>
            {test.isPending ? <ButtonSpinner /> : <Icon name="plug" className="size-4" />}
            Testar
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={off || load.isPending || (!hasToken && !d.apiToken.trim())} onClick={() => load.mutate(probe())}>
            {load.isPending ? <ButtonSpinner /> : <Icon name="refresh" className="size-4" />}
            Carregar funis, origens e usuários
          </button>
        </div>
        {result && <TestOutcome ok={result.ok}>{result.message}</TestOutcome>}

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectInput
            label="Funil padrão"
            value={d.defaultFunnelId}
            onChange={(x) => patch({ defaultFunnelId: x, defaultStage: "" })}
            options={choices(options?.funnels, d.defaultFunnelId, "Funil padrão da conta")}
            error={errors.defaultFunnelId}
            disabled={off}
          />
          <SelectInput
            label="Etapa inicial"
            value={d.defaultStage}
            onChange={(x) => patch({ defaultStage: x })}
            options={stageChoices}
            error={errors.defaultStage}
            disabled={off || !d.defaultFunnelId}
          />
          <SelectInput
            label="Origem do lead"
            value={d.defaultOriginId}
            onChange={(x) => patch({ defaultOriginId: x })}
            options={choices(options?.origins, d.defaultOriginId, "Sem origem")}
            error={errors.defaultOriginId}
            disabled={off}
          />
          <SelectInput
            label="Responsável"
            value={d.defaultUserId}
            onChange={(x) => patch({ defaultUserId: x })}
            options={choices(options?.users, d.defaultUserId, "Dono do token")}
            error={errors.defaultUserId}
            disabled={off}
          />
        </div>
        {!options && canEdit && <p className="text-base-content/60 text-xs">Clique em "Testar" para carregar os funis, etapas, origens e usuários da sua conta.</p>}

        <div className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
          <ToggleRow label="Sincronizar pessoas" description="Cadastra ou atualiza o cliente como pessoa no Agendor." checked={d.syncPeople} onChange={(x) => patch({ syncPeople: x })} disabled={off} />
          <ToggleRow label="Sincronizar empresas" description="Quando o cliente informa a empresa, ela é cadastrada (uma vez) e ligada à pessoa." checked={d.syncOrganizations} onChange={(x) => patch({ syncOrganizations: x })} disabled={off} />
          <ToggleRow label="Sincronizar negócios" description="O agente pode abrir negócios no funil." checked={d.syncDeals} onChange={(x) => patch({ syncDeals: x })} disabled={off} />
          <ToggleRow label="Sincronizar tarefas" description="O agente pode criar tarefas de acompanhamento para a equipe." checked={d.syncTasks} onChange={(x) => patch({ syncTasks: x })} disabled={off} />
          <ToggleRow
            label="Adicionar leads automaticamente ao funil"
            description="Cada lead novo ganha um negócio no funil e etapa escolhidos (uma única vez por cliente)."
            checked={d.autoAddToFunnel ?? agentAutoAdd}
            onChange={(x) => patch({ autoAddToFunnel: x === agentAutoAdd ? null : x })}
            disabled={off || !d.syncDeals}
          />
          <ToggleRow label="Integração ativa" description="Quando desativada, o agente não usa o Agendor." checked={d.enabled} onChange={(x) => patch({ enabled: x })} disabled={off} />
        </div>

        <p className="text-base-content/60 text-xs">
          {saved?.lastSyncAt ? `Última sincronização: ${formatDateTime(saved.lastSyncAt)}` : "Nenhuma sincronização ainda."}
          {saved?.lastTestedAt ? ` · Último teste: ${formatDateTime(saved.lastTestedAt)}` : ""}
        </p>

        <CardActions
          savedMark={justSaved && !dirty}
          removable={!!saved}
          onRemove={() => setRemoving(true)}
          removing={remove.isPending}
          saving={save.isPending}
          locked={off}
          saveLabel="Salvar Agendor"
        />
      </form>
      <ConfirmDialog
        open={removing}
        title="Remover integração com o Agendor"
        description="O token e as configurações do Agendor serão apagados deste agente. Os dados já enviados ao Agendor continuam lá."
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate({ agentId })}
      />
    </>
  );
}
