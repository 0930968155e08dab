import { type FormEvent, useEffect, useMemo, useState } from "react";
import { intentInput } from "../../../../../src/schemas/agents";
import { NumberInput, TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { TagInput } from "../../../../components/ui/tag-input";
import { fieldErrors } from "../../../../lib/form-errors";
import { IntentActionFields } from "./intent-action-fields";
import { draftToInput, type IntentDraft } from "./intent-draft";
import { IntentParams } from "./intent-params";

type Props = {
  initial: IntentDraft;
  editing: boolean;
  saving: boolean;
  onSubmit: (input: ReturnType<typeof draftToInput>) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
};

/** One intent, validated by intentInput (the contract the server runs) with its pt-BR messages. */
export function IntentForm({ initial, editing, saving, onSubmit, onCancel, onDirtyChange }: Props) {
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const patch = (p: Partial<IntentDraft>) => setDraft((d) => ({ ...d, ...p }));
  const parsed = useMemo(() => intentInput.safeParse(draftToInput(draft)), [draft]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const examplesError = errors.examples ?? Object.entries(errors).find(([k]) => k.startsWith("examples."))?.[1];

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !saving) onSubmit(draftToInput(draft));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Editar intenção" : "Nova intenção"} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <TextInput label="Nome da intenção" value={draft.name} onChange={(x) => patch({ name: x })} error={errors.name} max={100} placeholder="Ex.: Consultar horário" autoFocus />
        <NumberInput label="Prioridade" min={1} max={10} value={draft.priority} onChange={(x) => patch({ priority: x })} error={errors.priority} hint="1 a 10" />
      </div>
      <TextArea
        label="Descrição"
        value={draft.description}
        onChange={(x) => patch({ description: x })}
        error={errors.description}
        max={500}
        rows={2}
        placeholder="Quando o cliente quer saber o horário de funcionamento da loja."
      />
      <TagInput
        label="Exemplos de frases do cliente"
        values={draft.examples}
        onChange={(x) => patch({ examples: x })}
        error={examplesError}
        max={10}
        placeholder="Ex.: Que horas vocês abrem?"
        hint="De 1 a 10 exemplos. Digite e pressione Enter."
      />
      <IntentParams params={draft.parameters} onChange={(x) => patch({ parameters: x })} errors={errors} />
      <IntentActionFields draft={draft} onChange={patch} errors={errors} />
      <TextArea
        label="Modelo de resposta (opcional)"
        value={draft.responseTemplate}
        onChange={(x) => patch({ responseTemplate: x })}
        error={errors.responseTemplate}
        max={1000}
        rows={2}
        placeholder="Ex.: Seu pedido {numero_pedido} está a caminho!"
      />
      <div className="rounded-box border border-base-300 px-4">
        <ToggleRow label="Intenção ativa" checked={draft.isActive} onChange={(x) => patch({ isActive: x })} />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          {editing ? "Salvar intenção" : "Criar intenção"}
        </button>
      </div>
    </form>
  );
}
