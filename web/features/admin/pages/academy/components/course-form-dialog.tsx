import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ACCESS_LEVEL_LABEL, ACCESS_LEVELS, type AccessLevel, DIFFICULTY_LABEL, DIFFICULTY_LEVELS, type DifficultyLevel } from "../../../../../../src/schemas/academy/common";
import { Dialog } from "../../../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput } from "../../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { useToast } from "../../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../../lib/trpc";

export type CourseDraft = { id?: string; title: string; description: string; outcomes: string[]; difficultyLevel: DifficultyLevel; accessLevel: AccessLevel };
export const emptyCourse = (): CourseDraft => ({ title: "", description: "", outcomes: [], difficultyLevel: "beginner", accessLevel: "public" });

type Props = { open: boolean; initial: CourseDraft; onClose: () => void; onSaved: (id: string) => void };

/** Creates a course or edits its card: title, description, outcomes (one a line), level, access level. */
export function CourseFormDialog({ open, initial, onClose, onSaved }: Props) {
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [outcomes, setOutcomes] = useState(initial.outcomes.join("\n"));
  const courseId = initial.id ?? null;
  // Reset when the dialog opens (or for another course), not on every refetch of the same course: the
  // editor polls every 2 s while a video is processing, which wiped what the admin was typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the course id on purpose
  useEffect(() => {
    if (!open) return;
    setDraft(initial);
    setOutcomes(initial.outcomes.join("\n"));
  }, [open, courseId]);
  const onError = (e: unknown) => toast({ variant: "destructive", title: "Não foi possível salvar o curso", description: trpcErrorMessage(e, "Tente novamente.") });
  const create = useMutation(trpc.adminAcademy.courses.create.mutationOptions({ onError, onSuccess: (r) => onSaved(r.id) }));
  const update = useMutation(trpc.adminAcademy.courses.update.mutationOptions({ onError, onSuccess: () => draft.id && onSaved(draft.id) }));
  const pending = create.isPending || update.isPending;
  const submit = () => {
    const fields = { ...draft, outcomes: outcomes.split("\n").map((s) => s.trim()).filter(Boolean) };
    if (draft.id) update.mutate({ ...fields, id: draft.id });
    else create.mutate(fields);
  };
  const set = <K extends keyof CourseDraft>(key: K, value: CourseDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={draft.id ? "Editar curso" : "Novo curso"}
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            {draft.id ? "Salvar" : "Criar curso"}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextInput label="Título do curso" value={draft.title} onChange={(v) => set("title", v)} max={160} autoFocus />
        <TextArea label="Descrição" value={draft.description} onChange={(v) => set("description", v)} max={5000} rows={3} />
        <TextArea label="O que o aluno aprende (um item por linha)" value={outcomes} onChange={setOutcomes} rows={3} />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectInput label="Nível" value={draft.difficultyLevel} onChange={(v) => set("difficultyLevel", v)} options={DIFFICULTY_LEVELS.map((l) => ({ value: l, label: DIFFICULTY_LABEL[l] }))} />
          <SelectInput label="Quem pode acessar" value={draft.accessLevel} onChange={(v) => set("accessLevel", v)} options={ACCESS_LEVELS.map((l) => ({ value: l, label: ACCESS_LEVEL_LABEL[l] }))} />
        </div>
      </div>
    </Dialog>
  );
}
