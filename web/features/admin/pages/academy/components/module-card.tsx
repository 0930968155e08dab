import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { LESSON_TYPE_LABEL, PROCESSING_STATUS_LABEL } from "../../../../../../src/schemas/academy/common";
import { ConfirmDialog } from "../../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../../components/ui/icons";
import { trpc } from "../../../../../lib/trpc";
import { LessonDialog } from "./lesson-dialog";
import { QuizEditor } from "./quiz-editor";
import { SortableList } from "./sortable-list";
import type { ModuleNode } from "./types";
import { formatDuration } from "./upload-progress";
import { useEditor } from "./use-editor";

type Props = { courseId: string; module: ModuleNode; index: number; others: { id: string; title: string }[] };

/** One module: its title, its lessons in order (drag or buttons, move to another module), its quiz. */
export function ModuleCard({ courseId, module: mod, index, others }: Props) {
  const { saved, fail } = useEditor(courseId);
  const [title, setTitle] = useState<string | null>(null);
  const [lessonId, setLessonId] = useState<string | "new" | null>(null);
  const [confirm, setConfirm] = useState<{ kind: "module" } | { kind: "lesson"; id: string; title: string } | null>(null);
  const after = (t: string) => async () => {
    setConfirm(null);
    await saved(t)();
  };
  const rename = useMutation(trpc.adminAcademy.modules.update.mutationOptions({ onSuccess: async () => { setTitle(null); await saved("Módulo salvo")(); }, onError: fail("Não foi possível salvar o módulo") }));
  const removeModule = useMutation(trpc.adminAcademy.modules.delete.mutationOptions({ onSuccess: after("Módulo excluído"), onError: fail("Não foi possível excluir") }));
  const removeLesson = useMutation(trpc.adminAcademy.lessons.delete.mutationOptions({ onSuccess: after("Aula excluída"), onError: fail("Não foi possível excluir") }));
  const reorder = useMutation(trpc.adminAcademy.lessons.reorder.mutationOptions({ onSuccess: saved("Ordem salva"), onError: fail("Não foi possível reordenar") }));
  const move = useMutation(trpc.adminAcademy.lessons.move.mutationOptions({ onSuccess: saved("Aula movida"), onError: fail("Não foi possível mover a aula") }));
  const editingLesson = lessonId && lessonId !== "new" ? (mod.lessons.find((l) => l.id === lessonId) ?? null) : null;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {title === null ? (
          <h3 className="font-semibold">
            Módulo {index + 1}: {mod.title}
          </h3>
        ) : (
          <form
            className="flex flex-1 gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              rename.mutate({ id: mod.id, title, description: mod.description });
            }}
          >
            <input className="input input-sm flex-1" aria-label="Título do módulo" value={title} maxLength={160} onChange={(e) => setTitle(e.target.value)} />
            <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
              Salvar
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setTitle(null)}>
              Cancelar
            </button>
          </form>
        )}
        <span className="flex gap-1">
          <button type="button" className="btn btn-ghost btn-xs" aria-label={`Renomear módulo ${mod.title}`} onClick={() => setTitle(mod.title)}>
            <Icon name="pencil" className="size-3" />
          </button>
          <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir módulo ${mod.title}`} onClick={() => setConfirm({ kind: "module" })}>
            <Icon name="trash" className="size-3" />
          </button>
        </span>
      </div>
      {mod.lessons.length === 0 ? (
        <p className="text-base-content/60 text-sm">Nenhuma aula neste módulo.</p>
      ) : (
        <SortableList
          items={mod.lessons}
          noun="aula"
          labelOf={(l) => l.title}
          disabled={reorder.isPending}
          onReorder={(ids) => reorder.mutate({ moduleId: mod.id, ids })}
          render={(l) => (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button type="button" className="link link-hover text-left text-sm" onClick={() => setLessonId(l.id)}>
                {l.title}
              </button>
              <span className="flex flex-wrap items-center gap-1 text-xs">
                <span className="badge badge-sm badge-ghost">{LESSON_TYPE_LABEL[l.lessonType]}</span>
                {l.lessonType === "video" && <span className="badge badge-sm badge-outline">{l.videoFileId ? PROCESSING_STATUS_LABEL[l.processingStatus] : "Sem vídeo"}</span>}
                {l.durationSeconds > 0 && <span className="tabular-nums">{formatDuration(l.durationSeconds)}</span>}
                {others.length > 0 && (
                  <select className="select select-xs w-36" aria-label={`Mover aula ${l.title} para outro módulo`} value="" onChange={(e) => e.target.value && move.mutate({ id: l.id, moduleId: e.target.value })}>
                    <option value="">Mover para…</option>
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.title}
                      </option>
                    ))}
                  </select>
                )}
                <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir aula ${l.title}`} onClick={() => setConfirm({ kind: "lesson", id: l.id, title: l.title })}>
                  <Icon name="trash" className="size-3" />
                </button>
              </span>
            </div>
          )}
        />
      )}
      <button type="button" className="btn btn-sm self-start" onClick={() => setLessonId("new")}>
        <Icon name="plus" className="size-4" />
        Nova aula
      </button>
      <QuizEditor courseId={courseId} module={mod} />
      <LessonDialog courseId={courseId} moduleId={mod.id} lesson={editingLesson} open={lessonId !== null} onClose={() => setLessonId(null)} onCreated={setLessonId} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "lesson" ? "Excluir aula?" : "Excluir módulo?"}
        description={
          confirm?.kind === "lesson"
            ? `A aula ${confirm.title} será excluída com seu vídeo, materiais e o progresso dos alunos.`
            : `O módulo ${mod.title} será excluído com todas as suas aulas, arquivos e o questionário.`
        }
        confirmLabel="Excluir"
        pending={removeModule.isPending || removeLesson.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === "lesson") removeLesson.mutate({ id: confirm.id });
          else removeModule.mutate({ id: mod.id });
        }}
      />
    </div>
  );
}
