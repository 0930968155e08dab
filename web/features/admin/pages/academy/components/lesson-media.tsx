import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { PROCESSING_STATUS_LABEL } from "../../../../../../src/schemas/academy/common";
import { ConfirmDialog } from "../../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../../components/ui/icons";
import { trpc } from "../../../../../lib/trpc";
import { uploadWithProgress } from "../../../../../lib/upload";
import type { LessonNode } from "./types";
import { formatDuration, formatSize, UploadProgress } from "./upload-progress";
import { useEditor } from "./use-editor";

const STATUS_BADGE = { pending: "badge-ghost", processing: "badge-info", ready: "badge-success", failed: "badge-error" } as const;
const VIDEO_TYPES = "video/mp4,video/webm,video/quicktime";
const MATERIAL_TYPES = ".pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.zip,.png,.jpg,.jpeg";

/** Sends one file with a progress bar; the editor's tree refetches (and polls the video's state) after. */
function useUpload(courseId: string) {
  const { refresh, fail } = useEditor(courseId);
  const [progress, setProgress] = useState<number | null>(null);
  const send = async (url: string, file: File, errorTitle: string) => {
    setProgress(0);
    try {
      await uploadWithProgress(url, file, { fileName: file.name, onProgress: setProgress });
      setProgress(1);
      await refresh();
    } catch (e) {
      setProgress(null);
      fail(errorTitle)(e);
    }
  };
  return { progress, send, reset: () => setProgress(null) };
}

/** The lesson's video: upload with progress, then pendente → processando → pronto with the duration read from the file. */
export function LessonVideo({ courseId, lesson }: { courseId: string; lesson: LessonNode }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload(courseId);
  return (
    <section className="flex flex-col gap-2 rounded-box border border-base-300 p-3" aria-label="Vídeo da aula">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">Vídeo da aula</h3>
        {lesson.videoFileId && (
          <span className={`badge badge-sm ${STATUS_BADGE[lesson.processingStatus]}`} data-testid="video-status">
            {PROCESSING_STATUS_LABEL[lesson.processingStatus]}
          </span>
        )}
      </div>
      {lesson.video && (
        <p className="text-sm">
          {lesson.video.fileName} · {formatSize(lesson.video.sizeBytes)}
          {lesson.processingStatus === "ready" && ` · duração ${formatDuration(lesson.durationSeconds)}`}
        </p>
      )}
      {lesson.processingStatus === "failed" && lesson.processingError && (
        <p role="alert" className="text-error text-sm">
          {lesson.processingError}
        </p>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span>{lesson.videoFileId ? "Substituir vídeo (MP4, WebM ou MOV)" : "Enviar vídeo (MP4, WebM ou MOV)"}</span>
        <input
          ref={input}
          type="file"
          accept={VIDEO_TYPES}
          className="file-input file-input-sm w-full"
          disabled={upload.progress !== null && upload.progress < 1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload.send(`/api/v1/admin/academy/lessons/${lesson.id}/video`, file, "Não foi possível enviar o vídeo");
            if (input.current) input.current.value = "";
          }}
        />
      </label>
      {upload.progress !== null && <UploadProgress label="Progresso do envio do vídeo" fraction={upload.progress} />}
    </section>
  );
}

/** Files to download under the lesson: upload with progress, rename, delete (asks first). */
export function LessonMaterials({ courseId, lesson }: { courseId: string; lesson: LessonNode }) {
  const { saved, fail } = useEditor(courseId);
  const upload = useUpload(courseId);
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<{ id: string; title: string } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const rename = useMutation(trpc.adminAcademy.materials.rename.mutationOptions({ onSuccess: async () => { setRenaming(null); await saved("Material renomeado")(); }, onError: fail("Não foi possível renomear") }));
  const remove = useMutation(trpc.adminAcademy.materials.delete.mutationOptions({ onSuccess: async () => { setRemoving(null); await saved("Material excluído")(); }, onError: fail("Não foi possível excluir") }));
  return (
    <section className="flex flex-col gap-2 rounded-box border border-base-300 p-3" aria-label="Materiais da aula">
      <h3 className="font-medium">Materiais</h3>
      {lesson.materials.length === 0 ? (
        <p className="text-base-content/60 text-sm">Nenhum material ainda.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {lesson.materials.map((m) => (
            <li key={m.id} className="flex items-center gap-2 text-sm">
              {renaming?.id === m.id ? (
                <form
                  className="flex flex-1 gap-1"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rename.mutate(renaming);
                  }}
                >
                  <input className="input input-sm flex-1" aria-label="Nome do material" value={renaming.title} maxLength={160} onChange={(e) => setRenaming({ id: m.id, title: e.target.value })} />
                  <button type="submit" className="btn btn-sm btn-primary" disabled={rename.isPending}>
                    Salvar
                  </button>
                </form>
              ) : (
                <a href={m.url} className="link flex-1 truncate" download>
                  {m.title} <span className="text-base-content/60">({formatSize(m.sizeBytes)})</span>
                </a>
              )}
              <button type="button" className="btn btn-ghost btn-xs" aria-label={`Renomear ${m.title}`} onClick={() => setRenaming({ id: m.id, title: m.title })}>
                <Icon name="pencil" className="size-3" />
              </button>
              <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir ${m.title}`} onClick={() => setRemoving({ id: m.id, title: m.title })}>
                <Icon name="trash" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span>Adicionar material (PDF, Office, TXT, ZIP, imagens; até 50 MB)</span>
        <input
          ref={input}
          type="file"
          accept={MATERIAL_TYPES}
          className="file-input file-input-sm w-full"
          disabled={upload.progress !== null && upload.progress < 1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload.send(`/api/v1/admin/academy/lessons/${lesson.id}/materials`, file, "Não foi possível enviar o material");
            if (input.current) input.current.value = "";
          }}
        />
      </label>
      {upload.progress !== null && <UploadProgress label="Progresso do envio do material" fraction={upload.progress} />}
      <ConfirmDialog
        open={removing !== null}
        title="Excluir material?"
        description={`O material ${removing?.title ?? ""} deixa de aparecer para os alunos e o arquivo é apagado.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </section>
  );
}
