import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { PROCESSING_STATUS_LABEL } from "../../../../../../src/schemas/academy/common";
import { type LessonVideoUploaded, RECORDING_TEXT, recordingCreateLessonInput } from "../../../../../../src/schemas/academy/recording";
import { SelectInput, TextArea, TextInput } from "../../../../../components/ui/fields";
import { Skeleton } from "../../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { trpc, trpcErrorMessage } from "../../../../../lib/trpc";
import { uploadWithProgress } from "../../../../../lib/upload";
import type { Recording } from "./recording-use-recorder";
import { UploadProgress, formatDuration } from "./upload-progress";

type Saved = { lessonId: string; courseId: string };

/** "aula-tour-pelo-painel.webm": a readable file name from the lesson title. */
const fileNameFor = (title: string) =>
  `${
    title
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "gravacao"
  }.webm`;

/** The lesson's state after the upload, polled until the server has read the video. */
function SavedLesson({ saved }: { saved: Saved }) {
  const status = useQuery({
    ...trpc.adminAcademyRecording.lessonStatus.queryOptions({ lessonId: saved.lessonId }),
    refetchInterval: (q) => (q.state.data && (q.state.data.processingStatus === "ready" || q.state.data.processingStatus === "failed") ? false : 1000),
  });
  const data = status.data;
  return (
    <div role="status" className={`alert ${data?.processingStatus === "failed" ? "alert-error" : data?.processingStatus === "ready" ? "alert-success" : "alert-info"} alert-soft flex flex-col items-start gap-1`}>
      <p className="font-medium">Aula salva: {data?.title ?? "…"}</p>
      <p className="text-sm">
        Vídeo: {data ? PROCESSING_STATUS_LABEL[data.processingStatus] : "Pendente"}
        {data?.processingStatus === "ready" && ` · duração ${formatDuration(data.durationSeconds)}`}
      </p>
      {data?.processingStatus === "failed" && data.processingError && <p className="text-sm">{data.processingError}</p>}
      <Link href={`/admin/academy/cursos/${saved.courseId}`} className="link text-sm">
        Abrir no editor do curso
      </Link>
    </div>
  );
}

/** "Salvar como aula": course → module → title, then the recording is uploaded with a progress bar. */
export function RecordingSaveForm({ recording, onSaved }: { recording: Recording; onSaved?: () => void }) {
  const targets = useQuery(trpc.adminAcademyRecording.targets.queryOptions());
  const createLesson = useMutation(trpc.adminAcademyRecording.createLesson.mutationOptions());
  const [courseId, setCourseId] = useState("");
  const [moduleId, setModuleId] = useState("");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // Kept after a failed upload: "Tentar novamente" sends to the lesson already created.
  const [lesson, setLesson] = useState<Saved | null>(null);
  const [saved, setSaved] = useState<Saved | null>(null);

  if (targets.isPending) return <Skeleton className="h-40 w-full" />;
  if (targets.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {trpcErrorMessage(targets.error, "Não foi possível carregar os cursos.")}
      </div>
    );
  }
  const courses = targets.data.filter((c) => c.modules.length > 0);
  if (courses.length === 0) {
    return (
      <p className="text-sm">
        Nenhum curso com módulos ainda.{" "}
        <Link href="/admin/academy" className="link">
          Crie um curso e um módulo
        </Link>{" "}
        para salvar a gravação como aula.
      </p>
    );
  }
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const modules = course?.modules ?? [];
  const chosenModule = modules.find((m) => m.id === moduleId) ?? modules[0];

  if (saved) {
    return (
      <div className="flex flex-col gap-3">
        <UploadProgress label="Progresso do envio da gravação" fraction={1} />
        <SavedLesson saved={saved} />
      </div>
    );
  }

  const submit = async () => {
    setError(null);
    const parsed = recordingCreateLessonInput.safeParse({ moduleId: chosenModule?.id ?? "", title, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Confira os campos.");
      return;
    }
    try {
      const target = lesson ?? (await createLesson.mutateAsync(parsed.data));
      setLesson(target);
      setProgress(0);
      await uploadWithProgress<LessonVideoUploaded>(`/api/v1/admin/academy/lessons/${target.lessonId}/video`, recording.blob, {
        fileName: fileNameFor(parsed.data.title),
        onProgress: setProgress,
        // A live-recorded webm has no duration in its header: the recorder's count goes along.
        headers: { "X-Duration-Seconds": recording.seconds.toFixed(1) },
      });
      setSaved(target);
      onSaved?.();
    } catch (e) {
      setProgress(null);
      setError(trpcErrorMessage(e, "Não foi possível salvar a aula."));
    }
  };

  // Until the server answers, even with every byte sent (at 100% it still stores the file).
  const busy = createLesson.isPending || progress !== null;
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <SelectInput
        label="Curso"
        value={course?.id ?? ""}
        onChange={(id) => {
          setCourseId(id);
          setModuleId("");
        }}
        options={courses.map((c) => ({ value: c.id, label: c.isPublished ? c.title : `${c.title} (rascunho)` }))}
        disabled={busy || lesson !== null}
      />
      <SelectInput label="Módulo" value={chosenModule?.id ?? ""} onChange={setModuleId} options={modules.map((m) => ({ value: m.id, label: m.title }))} disabled={busy || lesson !== null} />
      <TextInput label="Título da aula" value={title} onChange={setTitle} max={200} className="sm:col-span-2" disabled={busy || lesson !== null} />
      <TextArea label="Descrição (opcional)" value={description} onChange={setDescription} max={2000} rows={3} className="sm:col-span-2" disabled={busy || lesson !== null} />
      {progress !== null && (
        <div className="sm:col-span-2">
          <UploadProgress label="Progresso do envio da gravação" fraction={progress} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-error text-sm sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && <ButtonSpinner />}
          {lesson ? "Tentar enviar novamente" : RECORDING_TEXT.save}
        </button>
      </div>
    </form>
  );
}
