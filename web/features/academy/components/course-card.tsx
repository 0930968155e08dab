import { Link } from "wouter";
import { formatDuration } from "../../../../src/schemas/academy/learner";
import { CourseProgress } from "./course-progress";

export type CourseCardData = {
  id: string;
  title: string;
  description: string;
  difficultyLabel: string;
  isPublished: boolean;
  lessonCount: number;
  durationSeconds: number;
  progressPercent: number;
  completed: boolean;
  certificate: { id: string; verificationCode: string } | null;
};

/** One course of the catalogue: the whole card title links to the course page. */
export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline">{course.difficultyLabel}</span>
          {!course.isPublished && <span className="badge badge-warning">Não publicado</span>}
          {course.completed && <span className="badge badge-success">Concluído</span>}
        </div>
        <h2 className="card-title text-lg">
          <Link href={`/academy/courses/${course.id}`} className="link-hover">
            {course.title}
          </Link>
        </h2>
        {course.description && <p className="line-clamp-3 text-base-content/70 text-sm">{course.description}</p>}
        <p className="text-base-content/70 text-sm">
          {course.lessonCount} {course.lessonCount === 1 ? "aula" : "aulas"} · {formatDuration(course.durationSeconds)}
        </p>
        <CourseProgress percent={course.progressPercent} label={`Progresso em ${course.title}`} />
        {course.certificate && (
          <a className="link link-primary text-sm" href={`/api/v1/academy/certificates/${course.certificate.id}/pdf`}>
            Baixar certificado
          </a>
        )}
      </div>
    </li>
  );
}
