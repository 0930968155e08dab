import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_RULE_PRIORITY, RULE_CONDITION_LABEL, type RuleCondition, type RuleForm, ruleForm } from "../../../../src/schemas/orchestration";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { type OrchestrationMember, type OrchestrationRule, useRefreshOrchestrations } from "../hooks/use-orchestrations";
import { ConditionEditor, blankCondition } from "./condition-editor";

/** What opens the dialog: a new rule (maybe from a graph connection) or an existing one. */
export type RuleDraft = { rule: OrchestrationRule } | { from?: string; to?: string };

type Props = { orchestrationId: string; members: OrchestrationMember[]; draft: RuleDraft; canEdit: boolean; onClose: () => void };

/** Creates or edits a rule (both ends, priority, conditions of every type); deletes after asking. */
export function RuleDialog({ orchestrationId, members, draft, canEdit, onClose }: Props) {
  const existing = "rule" in draft ? draft.rule : null;
  const [form, setForm] = useState<RuleForm>(() =>
    existing
      ? { fromAgentId: existing.fromAgentId, toAgentId: existing.toAgentId, priority: existing.priority, conditions: existing.conditions, conditionMode: existing.conditionMode, description: existing.description ?? "", isActive: existing.isActive }
      : {
          fromAgentId: ("from" in draft && draft.from) || members[0]?.agentId || "",
          toAgentId: ("to" in draft && draft.to) || members[1]?.agentId || "",
          priority: DEFAULT_RULE_PRIORITY,
          conditions: [blankCondition("keyword")],
          conditionMode: "all",
          description: "",
          isActive: true,
        },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const done = (title: string) => async () => {
    toast({ title });
    await refresh();
    onClose();
  };
  const failed = (title: string) => (e: unknown) => {
    const f = serverFieldError(e);
    if (f) setErrors({ [f.field.replace(/^rule\./, "")]: f.message });
    else toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  };
  const create = useMutation(trpc.orchestrations.rules.create.mutationOptions({ onSuccess: done("Regra criada"), onError: failed("Não foi possível criar a regra") }));
  const update = useMutation(trpc.orchestrations.rules.update.mutationOptions({ onSuccess: done("Regra salva"), onError: failed("Não foi possível salvar a regra") }));
  const remove = useMutation(
    trpc.orchestrations.rules.delete.mutationOptions({
      onSuccess: done("Regra excluída"),
      onError: (e) => {
        setConfirmDelete(false);
        failed("Não foi possível excluir a regra")(e);
      },
    }),
  );
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<RuleForm>) => setForm((f) => ({ ...f, ...patch }));
  const setCondition = (i: number, c: RuleCondition) => set({ conditions: form.conditions.map((x, j) => (j === i ? c : x)) });
  function submit() {
    const parsed = ruleForm.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (existing) update.mutate({ id: orchestrationId, ruleId: existing.id, rule: parsed.data });
    else create.mutate({ id: orchestrationId, rule: parsed.data });
  }
  const agentSelect = (field: "fromAgentId" | "toAgentId", label: string) => (
    <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={`rule-${field}`}>
      <span className="font-medium">{label}</span>
      <select id={`rule-${field}`} className="select w-full" value={form[field]} disabled={!canEdit} aria-invalid={!!errors[field]} aria-describedby={errors[field] ? `rule-${field}-err` : undefined} onChange={(e) => set({ [field]: e.target.value })}>
        {members.map((m) => (
          <option key={m.agentId} value={m.agentId}>
            {m.name}
            {m.isEntryPoint ? " (entrada)" : ""}
          </option>
        ))}
      </select>
      {errors[field] && (
        <span id={`rule-${field}-err`} className="text-error text-xs">
          {errors[field]}
        </span>
      )}
    </label>
  );
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        title={existing ? "Editar regra" : "Nova regra"}
        description="Quando as condições valem, a conversa passa do agente de origem ao de destino. A maior prioridade é avaliada primeiro."
        size="lg"
        actions={
          canEdit ? (
            <>
              {existing && (
                <button type="button" className="btn btn-ghost mr-auto text-error" onClick={() => setConfirmDelete(true)}>
                  Excluir regra
                </button>
              )}
              <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
                Cancelar
              </button>
              <button type="submit" form="rule-form" className="btn btn-primary" disabled={pending}>
                {pending && <ButtonSpinner />}
                Salvar regra
              </button>
            </>
          ) : undefined
        }
      >
        <form
          id="rule-form"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-wrap gap-3">
            {agentSelect("fromAgentId", "De")}
            {agentSelect("toAgentId", "Para")}
          </div>
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1 text-sm" htmlFor="rule-priority">
              <span className="font-medium">Prioridade (1 a 10)</span>
              <input id="rule-priority" type="number" min={1} max={10} className="input w-28" value={form.priority} aria-invalid={!!errors.priority} aria-describedby={errors.priority ? "rule-priority-err" : undefined} onChange={(e) => set({ priority: Number(e.target.value) })} />
              {errors.priority && (
                <span id="rule-priority-err" className="text-error text-xs">
                  {errors.priority}
                </span>
              )}
            </label>
            <label className="flex flex-col gap-1 text-sm" htmlFor="rule-mode">
              <span className="font-medium">Vale quando</span>
              <select id="rule-mode" className="select" value={form.conditionMode} onChange={(e) => set({ conditionMode: e.target.value === "any" ? "any" : "all" })}>
                <option value="all">Todas as condições valem</option>
                <option value="any">Qualquer condição vale</option>
              </select>
            </label>
          </div>
          <label className="flex flex-col gap-1 text-sm" htmlFor="rule-description">
            <span className="font-medium">Descrição (opcional)</span>
            <input id="rule-description" className="input w-full" maxLength={500} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </label>
          {form.conditions.map((c, i) => (
            <ConditionEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the index is their identity in the form
              key={`${i}-${c.type}`}
              index={i}
              condition={c}
              errors={errors}
              onChange={(next) => setCondition(i, next)}
              onRemove={() => set({ conditions: form.conditions.filter((_, j) => j !== i) })}
            />
          ))}
          {errors.conditions && (
            <p role="alert" className="text-error text-xs">
              {errors.conditions}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {(Object.keys(RULE_CONDITION_LABEL) as RuleCondition["type"][]).map((t) => (
              <button key={t} type="button" className="btn btn-outline btn-xs" onClick={() => set({ conditions: [...form.conditions, blankCondition(t)] })}>
                + {RULE_CONDITION_LABEL[t]}
              </button>
            ))}
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        title="Excluir regra"
        description="A regra deixa de encaminhar conversas. Esta ação não pode ser desfeita."
        confirmLabel="Excluir regra"
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => existing && remove.mutate({ id: orchestrationId, ruleId: existing.id })}
      />
    </>
  );
}
