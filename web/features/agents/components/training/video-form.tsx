import type { FormEvent } from "react";
import { trainingVideoInput } from "../../../../../src/schemas/training";
import { TextArea, TextInput } from "../../../../components/ui/fields";
import { useSectionForm } from "../../hooks/use-section-form";
import { useAddVideo } from "../../hooks/use-training";
import { useReportDirty } from "../sections/types";
import { ServerError, SubmitRow } from "./form-bits";

type Props = { agentId: string; disabled: boolean; onDirtyChange: (dirty: boolean) => void };

export const TRANSCRIPT_PLACEHOLDER = "Cole a transcrição (opcional: buscamos as legendas automaticamente)";

/** Vídeos: YouTube, Vimeo or Dailymotion; the captions are fetched unless a transcript is pasted. */
export function VideoForm({ agentId, disabled, onDirtyChange }: Props) {
  const form = useSectionForm(trainingVideoInput, { title: "", url: "", transcript: "" });
  const add = useAddVideo(agentId);
  useReportDirty(form.dirty, onDirtyChange);
  const { values: v, set, errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (body && !add.isPending) add.mutate({ agentId, body }, { onSuccess: form.reset });
  };

  return (
    <form onSubmit={submit} aria-label="Adicionar vídeo" className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Título do vídeo"
          value={v.title}
          onChange={(x) => set("title", x)}
          error={errors.title}
          max={200}
          disabled={disabled}
          placeholder="Ex.: Como fazer seu pedido"
        />
        <TextInput
          label="Link do vídeo"
          value={v.url}
          onChange={(x) => set("url", x)}
          error={errors.url}
          disabled={disabled}
          placeholder="https://www.youtube.com/watch?v=…"
          hint="YouTube, Vimeo ou Dailymotion."
        />
      </div>
      <TextArea
        label="Transcrição (opcional)"
        value={v.transcript}
        onChange={(x) => set("transcript", x)}
        error={errors.transcript}
        rows={5}
        disabled={disabled}
        placeholder={TRANSCRIPT_PLACEHOLDER}
        hint="Se o vídeo não tiver legendas públicas, cole aqui o que é dito nele."
      />
      <ServerError error={add.error} />
      <SubmitRow pending={add.isPending} disabled={disabled}>
        Adicionar vídeo
      </SubmitRow>
    </form>
  );
}
