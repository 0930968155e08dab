import { Link } from "wouter";
import { LESSON_TYPE_LABEL, type LessonType } from "../../../../src/schemas/academy/common";
import { formatDuration } from "../../../../src/schemas/academy/learner";

type OutlineLesson = { id: string; title: string; lessonType: LessonType; durationSeconds: number; percent: number; completed: boolean };
type OutlineQuiz = { id: string; title: string; questionCount: number; passed: boolean; attemptsUsed: number; maxAttempts: number };
export type OutlineModule = { id: string; title: string; description: string; lessons: OutlineLesson[]; quiz: OutlineQuiz | null };

function LessonStatus({ lesson }: { lesson: OutlineLesson }) {
  if (lesson.completed) return <span className="badge badge-success badge-sm">Concluída</span>;
  if (lesson.percent > 0) return <span className="badge badge-ghost badge-sm">{lesson.percent}%</span>;
  return null;
}

function QuizRow({ quiz }: { quiz: OutlineQuiz }) {
  const status = quiz.passed ? "Aprovado" : `${quiz.attemptsUsed} de ${quiz.maxAttempts} tentativas usadas`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 px-3 py-2">
      <Link href={`/academy/quizzes/${quiz.id}`} className="link link-hover font-medium">
        Questionário: {quiz.title}
      </Link>
      <span className="text-base-content/70 text-sm">
        {quiz.questionCount} {quiz.questionCount === 1 ? "pergunta" : "perguntas"} · {status}
      </span>
    </li>
  );
}

/** One module of the course page: its lessons in order with the learner's status, then its quiz. */
export function ModuleOutline({ module, index }: { module: OutlineModule; index: number }) {
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={`module-${module.id}`}>
      <div className="card-body gap-3">
        <h2 id={`module-${module.id}`} className="card-title text-lg">
          Módulo {index + 1}: {module.title}
        </h2>
        {module.description && <p className="text-base-content/70 text-sm">{module.description}</p>}
        <ol className="flex flex-col gap-2">
          {module.lessons.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 border-base-300 border-b pb-2 last:border-b-0">
              <Link href={`/academy/lessons/${l.id}`} className="link link-hover">
                {l.title}
              </Link>
              <span className="flex items-center gap-2 text-base-content/70 text-sm">
                {LESSON_TYPE_LABEL[l.lessonType]}
                {l.durationSeconds > 0 && ` · ${formatDuration(l.durationSeconds)}`}
                <LessonStatus lesson={l} />
              </span>
            </li>
          ))}
          {module.lessons.length === 0 && <li className="text-base-content/60 text-sm">Nenhuma aula neste módulo ainda.</li>}
        </ol>
        {module.quiz && (
          <ul>
            <QuizRow quiz={module.quiz} />
          </ul>
        )}
      </div>
    </section>
  );
}
