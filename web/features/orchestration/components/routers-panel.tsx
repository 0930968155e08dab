import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_RULE_PRIORITY, ROUTING_CHANNEL_LABEL, ROUTING_CHANNELS, type RouterManualRule, type RoutingChannel, WIDGET_NO_HUMAN, routerForm } from "../../../../src/schemas/orchestration";
import { ToggleRow } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { type OrchestrationMember, type RouterConfig, useRefreshOrchestrations } from "../hooks/use-orchestrations";
import { splitKeywords } from "./condition-editor";

type Props = { orchestrationId: string; routers: RouterConfig[]; members: OrchestrationMember[]; canEdit: boolean };

/** One router per channel kind (SPEC §3 Router): model on/off, threshold, model, manual rules, default agent. */
export function RoutersPanel(props: Props) {
  const [channel, setChannel] = useState<RoutingChannel>("whatsapp");
  const current = props.routers.find((r) => r.channel === channel);
  return (
    <section aria-labelledby="routers-title" className="flex flex-col gap-2">
      <h2 id="routers-title" className="font-semibold">
        Roteador por canal
      </h2>
      <div role="tablist" aria-label="Canais do roteador" className="flex flex-wrap gap-1">
        {ROUTING_CHANNELS.map((c) => (
          <button key={c} type="button" role="tab" id={`router-tab-${c}`} aria-controls="router-panel" aria-selected={c === channel} className={`btn btn-sm ${c === channel ? "btn-primary" : "btn-ghost"}`} onClick={() => setChannel(c)}>
            {ROUTING_CHANNEL_LABEL[c]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="router-panel" aria-labelledby={`router-tab-${channel}`}>
        {current && <RouterForm key={`${channel}-${JSON.stringify(current)}`} {...props} router={current} />}
      </div>
    </section>
  );
}

function RouterForm({ orchestrationId, router, members, canEdit }: Props & { router: RouterConfig }) {
  const [form, setForm] = useState({ ...router });
  const [errors, setErrors] = useState<FieldErrors>({});
  const models = useQuery(trpc.agents.models.queryOptions());
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const save = useMutation(
    trpc.orchestrations.routers.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Roteador salvo" });
        await refresh();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field.replace(/^config\./, "")]: f.message });
        else toast({ variant: "destructive", title: "Não foi possível salvar o roteador", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const widget = router.channel === "widget";
  const set = (p: Partial<RouterConfig>) => setForm((f) => ({ ...f, ...p }));
  const setRule = (i: number, p: Partial<RouterManualRule>) => set({ manualRules: form.manualRules.map((r, j) => (j === i ? { ...r, ...p } : r)) });
  const modelOptions = (models.data?.providers ?? []).flatMap((p) => p.models.map((m) => ({ value: m, label: `${p.displayName} · ${m}` })));
  function submit() {
    const config = { aiEnabled: form.aiEnabled, aiConfidenceThreshold: form.aiConfidenceThreshold, aiModel: form.aiModel, manualRules: form.manualRules, defaultAgentId: form.defaultAgentId, lowConfidenceAction: form.lowConfidenceAction };
    const parsed = routerForm.safeParse(config);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate({ id: orchestrationId, channel: router.channel, config: parsed.data });
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {!router.saved && <p className="text-base-content/70 text-xs">Usando os valores padrão (limite de 80%, agente de entrada como padrão).</p>}
      <ToggleRow label="Usar IA para escolher o agente" description="As regras manuais são avaliadas primeiro; depois a IA escolhe com uma confiança." checked={form.aiEnabled} disabled={!canEdit} onChange={(v) => set({ aiEnabled: v })} />
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm" htmlFor="router-threshold">
          <span className="font-medium">Confiança mínima (%)</span>
          <input id="router-threshold" type="number" min={0} max={100} className="input w-28" disabled={!canEdit} value={Math.round(form.aiConfidenceThreshold * 100)} aria-invalid={!!errors.aiConfidenceThreshold} aria-describedby={errors.aiConfidenceThreshold ? "router-threshold-err" : undefined} onChange={(e) => set({ aiConfidenceThreshold: Number(e.target.value) / 100 })} />
          {errors.aiConfidenceThreshold && (
            <span id="router-threshold-err" className="text-error text-xs">
              {errors.aiConfidenceThreshold}
            </span>
          )}
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor="router-model">
          <span className="font-medium">Modelo do roteador</span>
          <select id="router-model" className="select w-64" disabled={!canEdit} value={form.aiModel ?? ""} onChange={(e) => set({ aiModel: e.target.value || null })}>
            <option value="">O modelo do agente de entrada</option>
            {modelOptions.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          {errors.aiModel && <span className="text-error text-xs">{errors.aiModel}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor="router-default">
          <span className="font-medium">Agente padrão</span>
          <select id="router-default" className="select w-56" disabled={!canEdit} value={form.defaultAgentId ?? ""} onChange={(e) => set({ defaultAgentId: e.target.value || null })}>
            <option value="">O agente de entrada</option>
            {members.map((m) => (
              <option key={m.agentId} value={m.agentId}>
                {m.name}
              </option>
            ))}
          </select>
          {errors.defaultAgentId && <span className="text-error text-xs">{errors.defaultAgentId}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor="router-low">
          <span className="font-medium">Abaixo do limite</span>
          <select id="router-low" className="select w-56" disabled={!canEdit} value={form.lowConfidenceAction} aria-describedby={widget ? "router-low-hint" : undefined} onChange={(e) => set({ lowConfidenceAction: e.target.value === "human" ? "human" : "default_agent" })}>
            <option value="default_agent">O agente padrão responde</option>
            <option value="human" disabled={widget}>
              Chamar uma pessoa
            </option>
          </select>
          {widget && (
            <span id="router-low-hint" className="text-base-content/70 text-xs">
              {WIDGET_NO_HUMAN}
            </span>
          )}
          {errors.lowConfidenceAction && <span className="text-error text-xs">{errors.lowConfidenceAction}</span>}
        </label>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-sm">Regras manuais (antes da IA)</legend>
        {form.manualRules.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: manual rules have no id; the index is their identity in the form
          <div key={i} className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-xs" htmlFor={`mr-${i}-kw`}>
              <span>Palavras-chave (vírgula)</span>
              <input id={`mr-${i}-kw`} className="input input-sm w-64" disabled={!canEdit} defaultValue={r.keywords.join(", ")} onChange={(e) => setRule(i, { keywords: splitKeywords(e.target.value) })} />
            </label>
            <label className="flex flex-col gap-1 text-xs" htmlFor={`mr-${i}-agent`}>
              <span>Agente</span>
              <select id={`mr-${i}-agent`} className="select select-sm" disabled={!canEdit} value={r.agentId} onChange={(e) => setRule(i, { agentId: e.target.value })}>
                {members.map((m) => (
                  <option key={m.agentId} value={m.agentId}>
                    {m.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-xs" htmlFor={`mr-${i}-prio`}>
              <span>Prioridade</span>
              <input id={`mr-${i}-prio`} type="number" min={1} max={10} className="input input-sm w-20" disabled={!canEdit} value={r.priority} onChange={(e) => setRule(i, { priority: Number(e.target.value) })} />
            </label>
            {canEdit && (
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => set({ manualRules: form.manualRules.filter((_, j) => j !== i) })}>
                Remover regra manual {i + 1}
              </button>
            )}
            {errors[`manualRules.${i}.keywords`] && <span className="basis-full text-error text-xs">{errors[`manualRules.${i}.keywords`]}</span>}
          </div>
        ))}
        {canEdit && members[0] && (
          <button type="button" className="btn btn-outline btn-xs w-fit" onClick={() => set({ manualRules: [...form.manualRules, { keywords: [], agentId: members[0]?.agentId ?? "", priority: DEFAULT_RULE_PRIORITY }] })}>
            + Regra manual
          </button>
        )}
      </fieldset>
      {canEdit && (
        <button type="submit" className="btn btn-primary btn-sm w-fit" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />}
          Salvar roteador
        </button>
      )}
    </form>
  );
}
