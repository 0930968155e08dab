import { type FormEvent, useMemo, useState } from "react";
import {
  ACTIVITY_TYPE_LABEL,
  type ActivityType,
  activityFields,
  activityTypes,
  msToSaoPauloLocal,
  saoPauloLocalToMs,
} from "../../../../../src/schemas/crm/deal-details";
import { Dialog } from "../../../../components/ui/dialog";
import { Field, NumberInput, SelectInput, TextArea, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { fieldErrors } from "../../../../lib/form-errors";
import type { DealActivity } from "../hooks/use-deal";

export type ActivityDraft = { type: ActivityType; subject: string; description: string; when: string; duration: number };

export const draftOf = (a: DealActivity | null): ActivityDraft =>
  a
    ? {
        type: a.type,
        subject: a.subject,
        description: a.description ?? "",
        when: a.scheduledAt ? msToSaoPauloLocal(a.scheduledAt) : "",
        duration: a.duration ?? Number.NaN,
      }
    : // A new one is due in an hour, rounded to the hour: the common "retornar hoje" case.
      { type: "task", subject: "", description: "", when: msToSaoPauloLocal(Math.ceil((Date.now() + 3_600_000) / 3_600_000) * 3_600_000), duration: 30 };

/** The draft as the contract reads it (the São Paulo wall time becomes ms UTC). */
const toInput = (d: ActivityDraft) => ({
  type: d.type,
  subject: d.subject,
  description: d.description,
  scheduledAt: d.when ? saoPauloLocalToMs(d.when) : null,
  duration: Number.isFinite(d.duration) ? d.duration : null,
});
export type ActivityInput = ReturnType<typeof toInput>;

type Props = {
  open: boolean;
  editing: DealActivity | null;
  saving: boolean;
  onSubmit: (input: ActivityInput) => void;
  onClose: () => void;
};

/** "Nova atividade" / "Editar atividade", validated by the contract the server runs (SPEC §5). */
export function ActivityFormDialog({ open, editing, saving, onSubmit, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={editing ? "Editar atividade" : "Nova atividade"} size="lg">
      {open && <ActivityForm key={editing?.id ?? "new"} initial={draftOf(editing)} saving={saving} onSubmit={onSubmit} onCancel={onClose} editing={!!editing} />}
    </Dialog>
  );
}

function ActivityForm({ initial, saving, onSubmit, onCancel, editing }: { initial: ActivityDraft; saving: boolean; editing: boolean; onSubmit: (i: ActivityInput) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const patch = (p: Partial<ActivityDraft>) => setDraft((d) => ({ ...d, ...p }));
  const parsed = useMemo(() => activityFields.safeParse(toInput(draft)), [draft]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !saving) onSubmit(toInput(draft));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Editar atividade" : "Nova atividade"} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SelectInput label="Tipo" value={draft.type} onChange={(x) => patch({ type: x })} options={activityTypes.map((t) => ({ value: t, label: ACTIVITY_TYPE_LABEL[t] }))} error={errors.type} />
        <TextInput label="Assunto" value={draft.subject} onChange={(x) => patch({ subject: x })} error={errors.subject} max={200} placeholder="Ex.: Ligar para confirmar a proposta" autoFocus />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Data e hora (horário de Brasília)" error={errors.scheduledAt} hint="Deixe em branco para uma atividade sem data.">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="datetime-local"
              className={`input w-full ${invalid ? "input-error" : ""}`}
              value={draft.when}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(e) => patch({ when: e.target.value })}
            />
          )}
        </Field>
        <NumberInput label="Duração" suffix="min" min={1} max={1440} value={draft.duration} onChange={(x) => patch({ duration: x })} error={errors.duration} />
      </div>
      <TextArea label="Descrição (opcional)" value={draft.description} onChange={(x) => patch({ description: x })} error={errors.description} max={2000} rows={3} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          {editing ? "Salvar atividade" : "Criar atividade"}
        </button>
      </div>
    </form>
  );
}
