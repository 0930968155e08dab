import { Link, useParams } from "wouter";
import { formatDuration } from "../../../../src/schemas/academy/learner";
import { CourseProgress } from "../components/course-progress";
import { ModuleOutline } from "../components/module-outline";
import { useCourse } from "../components/use-academy";
import { AcademyPageSkeleton, AcademyUnavailable } from "../components/page-states";

/** /academy/courses/{id}: modules and lessons in order, progress, "Continuar de onde parei", the certificate (issue 19). */
export default function CoursePage() {
  const { id = "" } = useParams<{ id: string }>();
  const course = useCourse(id);

  if (course.isPending) return <AcademyPageSkeleton body="h-40 w-full" />;
  if (course.isError) return <AcademyUnavailable title="Curso indisponível" error={course.error} fallback="Não foi possível carregar o curso." />;
  const c = course.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-4 md:p-6">
      <nav aria-label="Navegação">
        <Link href="/academy" className="link link-hover text-sm">
          ← Academy
        </Link>
      </nav>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline">{c.difficultyLabel}</span>
          {!c.isPublished && <span className="badge badge-warning">Não publicado</span>}
          {c.completed && <span className="badge badge-success">Concluído</span>}
        </div>
        <h1 className="font-semibold text-2xl">{c.title}</h1>
        {c.description && <p className="text-base-content/80">{c.description}</p>}
        <p className="text-base-content/70 text-sm">
          {c.lessonCount} {c.lessonCount === 1 ? "aula" : "aulas"} · {formatDuration(c.durationSeconds)} · {c.completedCount} de {c.lessonCount} concluídas
        </p>
        <CourseProgress percent={c.progressPercent} label="Progresso no curso" />
        <div className="flex flex-wrap gap-2">
          {c.continueLessonId && (
            <Link href={`/academy/lessons/${c.continueLessonId}`} className="btn btn-primary">
              {c.enrolled ? "Continuar de onde parei" : "Começar curso"}
            </Link>
          )}
          {c.certificate && (
            <a className="btn btn-outline" href={`/api/v1/academy/certificates/${c.certificate.id}/pdf`}>
              Baixar certificado
            </a>
          )}
        </div>
        {c.certificate && <p className="text-base-content/70 text-sm">Código de verificação: {c.certificate.verificationCode}</p>}
      </header>
      {c.outcomes.length > 0 && (
        <section aria-labelledby="outcomes" className="flex flex-col gap-2">
          <h2 id="outcomes" className="font-semibold text-lg">
            O que você vai aprender
          </h2>
          <ul className="list-disc pl-6 text-sm">
            {c.outcomes.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </section>
      )}
      {c.modules.map((m, i) => (
        <ModuleOutline key={m.id} module={m} index={i} />
      ))}
      {c.modules.length === 0 && <p className="text-base-content/70">Este curso ainda não tem aulas.</p>}
    </div>
  );
}
