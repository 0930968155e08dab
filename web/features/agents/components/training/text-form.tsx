import type { FormEvent } from "react";
import { trainingTextInput } from "../../../../../src/schemas/training";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { useSectionForm } from "../../hooks/use-section-form";
import { useAddText } from "../../hooks/use-training";
import { useReportDirty } from "../sections/types";
import { ServerError, SubmitRow } from "./form-bits";

type Props = { agentId: string; disabled: boolean; onDirtyChange: (dirty: boolean) => void };

/** Textos: a passage the owner writes (FAQ, policies, prices), 10–10.000 characters. */
export function TextForm({ agentId, disabled, onDirtyChange }: Props) {
  const form = useSectionForm(trainingTextInput, { content: "", imageUrl: "" });
  const add = useAddText(agentId);
  useReportDirty(form.dirty, onDirtyChange);
  const { values: v, set, errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (body && !add.isPending) add.mutate({ agentId, body }, { onSuccess: form.reset });
  };

  return (
    <form onSubmit={submit} aria-label="Adicionar texto" className="flex flex-col gap-4" noValidate>
      <TextArea
        label="Texto"
        value={v.content}
        onChange={(x) => set("content", x)}
        error={errors.content}
        max={10000}
        rows={8}
        disabled={disabled}
        placeholder="Ex.: Entregamos em toda a cidade de segunda a sábado. O frete é grátis acima de R$ 100,00…"
        hint="Entre 10 e 10.000 caracteres. Escreva frases completas: o agente responde a partir delas."
      />
      <TextInput
        label="Imagem (opcional)"
        value={v.imageUrl}
        onChange={(x) => set("imageUrl", x)}
        error={errors.imageUrl}
        disabled={disabled}
        placeholder="https://…/imagem.png"
        hint="Link de uma imagem que ilustra este texto, se houver."
      />
      <ServerError error={add.error} />
      <SubmitRow pending={add.isPending} disabled={disabled}>
        Adicionar texto
      </SubmitRow>
    </form>
  );
}
