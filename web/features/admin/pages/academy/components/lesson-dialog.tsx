import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LESSON_TYPE_LABEL, LESSON_TYPES, type LessonType } from "../../../../../../src/schemas/academy/common";
import { Dialog } from "../../../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput } from "../../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { trpc } from "../../../../../lib/trpc";
import { LessonMaterials, LessonVideo } from "./lesson-media";
import type { LessonNode } from "./types";
import { useEditor } from "./use-editor";

type Draft = { title: string; description: string; lessonType: LessonType; contentMd: string; embedUrl: string };
const draftOf = (l: LessonNode | null): Draft => ({ title: l?.title ?? "", description: l?.description ?? "", lessonType: l?.lessonType ?? "text", contentMd: l?.contentMd ?? "", embedUrl: l?.embedUrl ?? "" });

type Props = {
  courseId: string;
  moduleId: string;
  /** null: a new lesson; once created the dialog stays open on it, for the video and materials. */
  lesson: LessonNode | null;
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
};

export function LessonDialog({ courseId, moduleId, lesson, open, onClose, onCreated }: Props) {
  const { saved, fail } = useEditor(courseId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(lesson));
  const lessonId = lesson?.id ?? null;
  // Reset only when another lesson is opened: a refetch of the same lesson (video polling) keeps what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the lesson id on purpose
  useEffect(() => {
    if (open) setDraft(draftOf(lesson));
  }, [open, lessonId]);
  const create = useMutation(
    trpc.adminAcademy.lessons.create.mutationOptions({
      onSuccess: async (r) => {
        await saved("Aula criada")();
        onCreated(r.id);
      },
      onError: fail("Não foi possível criar a aula"),
    }),
  );
  const update = useMutation(trpc.adminAcademy.lessons.update.mutationOptions({ onSuccess: saved("Aula salva"), onError: fail("Não foi possível salvar a aula") }));
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = () => {
    const fields = { ...draft, embedUrl: draft.lessonType === "embed" ? draft.embedUrl : null };
    if (lesson) update.mutate({ ...fields, id: lesson.id });
    else create.mutate({ ...fields, moduleId });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={lesson ? "Editar aula" : "Nova aula"}
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Fechar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            {lesson ? "Salvar aula" : "Criar aula"}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextInput label="Título da aula" value={draft.title} onChange={(v) => set("title", v)} max={160} autoFocus />
        <TextInput label="Resumo" value={draft.description} onChange={(v) => set("description", v)} max={5000} />
        <SelectInput label="Tipo de aula" value={draft.lessonType} onChange={(v) => set("lessonType", v)} options={LESSON_TYPES.map((t) => ({ value: t, label: LESSON_TYPE_LABEL[t] }))} />
        {draft.lessonType === "embed" && (
          <TextInput label="Link do YouTube ou Vimeo" value={draft.embedUrl} onChange={(v) => set("embedUrl", v)} max={500} placeholder="https://www.youtube.com/watch?v=…" />
        )}
        <TextArea
          label={draft.lessonType === "text" ? "Conteúdo (Markdown)" : "Texto abaixo do vídeo (Markdown)"}
          value={draft.contentMd}
          onChange={(v) => set("contentMd", v)}
          rows={draft.lessonType === "text" ? 10 : 4}
        />
        {lesson && lesson.lessonType === "video" && draft.lessonType === "video" && <LessonVideo courseId={courseId} lesson={lesson} />}
        {lesson && draft.lessonType === "video" && lesson.lessonType !== "video" && <p className="text-base-content/70 text-sm">Salve a aula como vídeo para enviar o arquivo.</p>}
        {!lesson && draft.lessonType === "video" && <p className="text-base-content/70 text-sm">Crie a aula para enviar o vídeo.</p>}
        {lesson && <LessonMaterials courseId={courseId} lesson={lesson} />}
      </div>
    </Dialog>
  );
}
