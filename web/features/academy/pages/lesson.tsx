import { useCallback } from "react";
import { Link, useParams } from "wouter";
import { MarkdownContent } from "../../../components/ui/markdown-content";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { LessonMaterials } from "../components/lesson-materials";
import { EmbedPlayer, VideoPlayer, useOpenReport } from "../components/lesson-player";
import { useLesson, useLessonWrites } from "../components/use-academy";
import { AcademyPageSkeleton, AcademyUnavailable } from "../components/page-states";

type LessonData = NonNullable<ReturnType<typeof useLesson>["data"]>;

function LessonBody({ lesson, onProgress }: { lesson: LessonData; onProgress: (percent: number, positionSeconds: number) => void }) {
  if (!lesson.ready) {
    return (
      <p role="status" className="alert alert-info">
        {lesson.processingStatus === "failed" ? "Não foi possível processar o vídeo desta aula." : "O vídeo desta aula ainda está sendo processado. Volte em alguns minutos."}
      </p>
    );
  }
  const media =
    lesson.videoUrl !== null ? (
      <VideoPlayer src={lesson.videoUrl} title={lesson.title} resumeAt={lesson.progress.positionSeconds} onProgress={onProgress} />
    ) : lesson.embedUrl !== null ? (
      <EmbedPlayer src={lesson.embedUrl} title={lesson.title} />
    ) : lesson.lessonType === "embed" ? (
      <p className="alert alert-warning">O vídeo desta aula não está disponível.</p>
    ) : null;
  return (
    <>
      {media}
      {lesson.contentMd.trim() !== "" && (
        <article className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <MarkdownContent text={lesson.contentMd} />
          </div>
        </article>
      )}
    </>
  );
}

function LessonNav({ lesson }: { lesson: LessonData }) {
  return (
    <nav aria-label="Aulas do curso" className="flex flex-col gap-2 sm:flex-row sm:justify-between">
      {lesson.prev ? (
        <Link href={`/academy/lessons/${lesson.prev.id}`} className="btn btn-ghost justify-start">
          ← Aula anterior: {lesson.prev.title}
        </Link>
      ) : (
        <span />
      )}
      {lesson.quiz ? (
        <Link href={lesson.quiz.url} className="btn btn-secondary">
          Fazer o questionário: {lesson.quiz.title}
        </Link>
      ) : lesson.next ? (
        <Link href={`/academy/lessons/${lesson.next.id}`} className="btn btn-ghost justify-end">
          Próxima aula: {lesson.next.title} →
        </Link>
      ) : null}
    </nav>
  );
}

/** /academy/lessons/{lessonId}: the video, embed or text, materials, "Marcar como concluída", prev/next and the quiz (issue 19). */
export default function LessonPage() {
  const { lessonId = "" } = useParams<{ lessonId: string }>();
  const lesson = useLesson(lessonId);
  const writes = useLessonWrites();
  const { mutate: sendProgress } = writes.progress;
  const report = useCallback((percent: number, positionSeconds: number) => sendProgress({ lessonId, percent, positionSeconds }), [sendProgress, lessonId]);
  const saved = lesson.data?.progress;
  const openReport = useCallback(() => {
    if (saved) report(saved.percent, saved.positionSeconds);
  }, [report, saved]);
  useOpenReport(lesson.data?.id, openReport);

  if (lesson.isPending) return <AcademyPageSkeleton body="aspect-video w-full" />;
  if (lesson.isError) return <AcademyUnavailable title="Aula indisponível" error={lesson.error} fallback="Não foi possível carregar a aula." />;
  const l = lesson.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 p-4 md:p-6">
      <nav aria-label="Navegação" className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link href="/academy">Academy</Link>
          </li>
          <li>
            <Link href={`/academy/courses/${l.courseId}`}>{l.courseTitle}</Link>
          </li>
          {l.moduleTitle && <li>{l.moduleTitle}</li>}
        </ul>
      </nav>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl">{l.title}</h1>
        {l.progress.completed ? (
          <span className="badge badge-success">Concluída</span>
        ) : (
          <button type="button" className="btn btn-primary" disabled={writes.complete.isPending} onClick={() => writes.complete.mutate({ lessonId: l.id })}>
            {writes.complete.isPending && <ButtonSpinner />}
            Marcar como concluída
          </button>
        )}
      </header>
      {l.description && <p className="text-base-content/80">{l.description}</p>}
      <LessonBody lesson={l} onProgress={report} />
      <LessonMaterials materials={l.materials} />
      <LessonNav lesson={l} />
    </div>
  );
}
