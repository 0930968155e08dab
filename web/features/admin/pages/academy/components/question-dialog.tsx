import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { QUESTION_OPTIONS } from "../../../../../../src/schemas/academy/admin";
import type { QuestionKind } from "../../../../../../src/schemas/academy/common";
import { Dialog } from "../../../../../components/ui/dialog";
import { SelectInput, TextArea } from "../../../../../components/ui/fields";
import { Icon } from "../../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { trpc } from "../../../../../lib/trpc";
import type { QuestionNode } from "./types";
import { useEditor } from "./use-editor";

type Option = { id?: string; text: string; correct: boolean };
type Draft = { prompt: string; kind: QuestionKind; options: Option[]; explanation: string };
const KIND_OPTIONS = [
  { value: "single" as const, label: "Escolha única" },
  { value: "multiple" as const, label: "Múltipla escolha" },
];
const draftOf = (q: QuestionNode | null): Draft =>
  q
    ? { prompt: q.prompt, kind: q.kind, explanation: q.explanation, options: q.options.map((o) => ({ id: o.id, text: o.text, correct: q.correctOptionIds.includes(o.id) })) }
    : { prompt: "", kind: "single", explanation: "", options: [{ text: "", correct: true }, { text: "", correct: false }] };

type Props = { courseId: string; quizId: string; question: QuestionNode | null; open: boolean; onClose: () => void };

/** A question with 2–8 options; single choice has exactly one right option (the server checks it too). */
export function QuestionDialog({ courseId, quizId, question, open, onClose }: Props) {
  const { saved, fail } = useEditor(courseId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(question));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on another question only
  useEffect(() => {
    if (open) setDraft(draftOf(question));
  }, [open, question?.id]);
  const done = async () => {
    await saved(question ? "Pergunta salva" : "Pergunta criada")();
    onClose();
  };
  const create = useMutation(trpc.adminAcademy.questions.create.mutationOptions({ onSuccess: done, onError: fail("Não foi possível salvar a pergunta") }));
  const update = useMutation(trpc.adminAcademy.questions.update.mutationOptions({ onSuccess: done, onError: fail("Não foi possível salvar a pergunta") }));
  const pending = create.isPending || update.isPending;
  const setOption = (i: number, patch: Partial<Option>) =>
    setDraft((d) => ({
      ...d,
      options: d.options.map((o, j) => {
        if (j === i) return { ...o, ...patch };
        // A single-choice question has one right option: marking another clears the rest.
        return patch.correct && d.kind === "single" ? { ...o, correct: false } : o;
      }),
    }));
  const submit = () => {
    const fields = { prompt: draft.prompt, kind: draft.kind, options: draft.options, explanation: draft.explanation };
    if (question) update.mutate({ ...fields, id: question.id });
    else create.mutate({ ...fields, quizId });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={question ? "Editar pergunta" : "Nova pergunta"}
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            Salvar pergunta
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextArea label="Enunciado" value={draft.prompt} onChange={(v) => setDraft((d) => ({ ...d, prompt: v }))} max={2000} rows={2} />
        <SelectInput label="Tipo de resposta" value={draft.kind} onChange={(v) => setDraft((d) => ({ ...d, kind: v }))} options={KIND_OPTIONS} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm">Alternativas (marque as corretas)</legend>
          {draft.options.map((o, i) => (
            <div key={o.id ?? `new-${i}`} className="flex items-center gap-2">
              <input
                type={draft.kind === "single" ? "radio" : "checkbox"}
                name="correct-option"
                className={draft.kind === "single" ? "radio radio-sm" : "checkbox checkbox-sm"}
                checked={o.correct}
                aria-label={`Alternativa ${i + 1} correta`}
                onChange={(e) => setOption(i, { correct: e.target.checked })}
              />
              <input className="input input-sm flex-1" aria-label={`Texto da alternativa ${i + 1}`} value={o.text} maxLength={500} onChange={(e) => setOption(i, { text: e.target.value })} />
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Remover alternativa ${i + 1}`}
                disabled={draft.options.length <= QUESTION_OPTIONS.min}
                onClick={() => setDraft((d) => ({ ...d, options: d.options.filter((_, j) => j !== i) }))}
              >
                <Icon name="x" className="size-3" />
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-ghost btn-sm self-start"
            disabled={draft.options.length >= QUESTION_OPTIONS.max}
            onClick={() => setDraft((d) => ({ ...d, options: [...d.options, { text: "", correct: false }] }))}
          >
            <Icon name="plus" className="size-4" />
            Adicionar alternativa
          </button>
        </fieldset>
        <TextArea label="Explicação (mostrada na revisão)" value={draft.explanation} onChange={(v) => setDraft((d) => ({ ...d, explanation: v }))} max={2000} rows={2} />
      </div>
    </Dialog>
  );
}
