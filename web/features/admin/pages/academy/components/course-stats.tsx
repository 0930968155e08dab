import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Skeleton } from "../../../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../../../lib/trpc";

const Chart = lazy(() => import("./course-stats-chart"));

/** Enrolled, completed, completion rate; per module lessons completed, per quiz attempts and pass rate. */
export function CourseStats({ courseId }: { courseId: string }) {
  const stats = useQuery(trpc.adminAcademy.stats.queryOptions({ courseId }));
  if (stats.isPending) return <Skeleton className="h-64 w-full" />;
  if (stats.isError)
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {trpcErrorMessage(stats.error, "Não foi possível carregar as estatísticas.")}
      </div>
    );
  const s = stats.data;
  const perLearner = (done: number, lessons: number) => (s.enrolled > 0 && lessons > 0 ? Math.round((done / (s.enrolled * lessons)) * 100) : 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="stats stats-vertical bg-base-100 shadow-sm sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">Inscritos</div>
          <div className="stat-value tabular-nums">{s.enrolled}</div>
        </div>
        <div className="stat">
          <div className="stat-title">Concluíram</div>
          <div className="stat-value tabular-nums">{s.completed}</div>
        </div>
        <div className="stat">
          <div className="stat-title">Taxa de conclusão</div>
          <div className="stat-value tabular-nums">{s.completionRate}%</div>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-box border border-base-300 bg-base-100 p-4">
          <h3 className="mb-2 font-medium">Aulas concluídas por módulo</h3>
          <div className="h-56">
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              <Chart title="Aulas concluídas" color="rgba(37, 99, 235, 0.75)" rows={s.modules.map((m) => ({ label: m.title, value: perLearner(m.lessonsCompleted, m.lessonCount) }))} />
            </Suspense>
          </div>
          <ul className="mt-2 text-sm">
            {s.modules.map((m) => (
              <li key={m.id}>
                {m.title}: {m.lessonsCompleted} conclusões de aula ({m.lessonCount} aulas)
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-box border border-base-300 bg-base-100 p-4">
          <h3 className="mb-2 font-medium">Aprovação nos questionários</h3>
          {s.quizzes.length === 0 ? (
            <p className="text-base-content/60 text-sm">Este curso não tem questionários.</p>
          ) : (
            <>
              <div className="h-56">
                <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                  <Chart title="Taxa de aprovação" color="rgba(22, 163, 74, 0.85)" rows={s.quizzes.map((q) => ({ label: q.title, value: q.passRate }))} />
                </Suspense>
              </div>
              <ul className="mt-2 text-sm">
                {s.quizzes.map((q) => (
                  <li key={q.id}>
                    {q.title}: {q.attempts} tentativas, {q.passed} de {q.learners} alunos aprovados ({q.passRate}%)
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
