import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ALERT_RULE_KINDS, ALERT_RULE_KIND_LABEL, type AlertRuleInput, type AlertRuleKind, alertRuleInput } from "../../../../src/schemas/insights-api";
import { DEFAULT_ALERT_COOLDOWN_MINUTES } from "../../../../src/schemas/insights";
import { Dialog } from "../../../components/ui/dialog";
import { Field, NumberInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { TagInput } from "../../../components/ui/tag-input";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useRefreshInsights } from "../hooks/use-insights";

export type RuleRow = AlertRuleInput & { id: string };

const blank: AlertRuleInput = { name: "", agentId: null, kind: "consecutive_negative", threshold: 3, keywords: [], cooldownMinutes: DEFAULT_ALERT_COOLDOWN_MINUTES, triggerHandoff: false, notifyEmail: false, isActive: true };

/** Creates or edits one alert rule; the form checks the same zod contract as the procedure. */
export function AlertRuleDialog({ rule, agents, onClose }: { rule: RuleRow | null; agents: { id: string; name: string }[]; onClose: () => void }) {
  const [form, setForm] = useState<AlertRuleInput>(rule ? { ...rule } : blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const refresh = useRefreshInsights();
  const toast = useToast();
  const done = (title: string) => {
    toast({ title });
    void refresh();
    onClose();
  };
  const onError = (e: unknown) => {
    const f = serverFieldError(e);
    if (f) setErrors({ [f.field.replace(/^rule\./, "")]: f.message });
    else toast({ title: trpcErrorMessage(e, "Não foi possível salvar a regra."), variant: "destructive" });
  };
  const create = useMutation(trpc.insights.alertRules.create.mutationOptions({ onSuccess: () => done("Regra criada"), onError }));
  const update = useMutation(trpc.insights.alertRules.update.mutationOptions({ onSuccess: () => done("Regra salva"), onError }));
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof AlertRuleInput>(k: K, v: AlertRuleInput[K]) => setForm((f) => ({ ...f, [k]: v }));
  function submit() {
    const parsed = alertRuleInput.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (rule) update.mutate({ id: rule.id, rule: parsed.data });
    else create.mutate(parsed.data);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={rule ? "Editar regra de alerta" : "Nova regra de alerta"}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            Salvar
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextInput label="Nome" value={form.name} onChange={(v) => set("name", v)} error={errors.name} max={100} />
        <Field label="Tipo" error={errors.kind}>
          {({ id, describedBy }) => (
            <select id={id} aria-describedby={describedBy} className="select w-full" value={form.kind} onChange={(e) => set("kind", e.target.value as AlertRuleKind)}>
              {ALERT_RULE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ALERT_RULE_KIND_LABEL[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {form.kind === "consecutive_negative" && (
          <NumberInput label="Mensagens negativas seguidas" value={form.threshold} onChange={(v) => set("threshold", v)} min={2} max={20} error={errors.threshold} />
        )}
        {form.kind === "low_satisfaction" && (
          <NumberInput
            label="Satisfação abaixo de (%)"
            value={Math.round(form.threshold * 100)}
            onChange={(v) => set("threshold", v / 100)}
            min={1}
            max={100}
            suffix="%"
            error={errors.threshold}
          />
        )}
        {form.kind === "keyword" && (
          <TagInput label="Palavras-chave" values={form.keywords} onChange={(v) => set("keywords", v)} placeholder="gerente, procon…" hint="Enter ou vírgula adiciona" error={errors.keywords} max={30} />
        )}
        <Field label="Agente" error={errors.agentId}>
          {({ id, describedBy }) => (
            <select id={id} aria-describedby={describedBy} className="select w-full" value={form.agentId ?? ""} onChange={(e) => set("agentId", e.target.value || null)}>
              <option value="">Todos os agentes</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <NumberInput
          label="Intervalo mínimo entre alertas"
          value={form.cooldownMinutes}
          onChange={(v) => set("cooldownMinutes", v)}
          min={1}
          max={1440}
          suffix="min"
          hint="A mesma regra não dispara de novo na mesma conversa antes disso."
          error={errors.cooldownMinutes}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={form.triggerHandoff} onChange={(e) => set("triggerHandoff", e.target.checked)} />
          Transferir a conversa para uma pessoa
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={form.notifyEmail} onChange={(e) => set("notifyEmail", e.target.checked)} />
          Avisar por e-mail
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="toggle toggle-sm" checked={form.isActive} onChange={(e) => set("isActive", e.target.checked)} />
          Regra ativa
        </label>
      </div>
    </Dialog>
  );
}
