/**
 * Per-course figures of the admin's stats tab: enrolled and completed learners, completion rate,
 * per quiz the attempts and the share of learners who passed, per module the lessons completed.
 */
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import { academyEnrollments, academyLessonProgress, academyLessons, academyModules, academyQuizAttempts, academyQuizzes } from "../../../../db/schema";
import type { AppDeps } from "../../context";
import { requireCourse } from "./courses";

// Subqueries name the outer table literally: drizzle renders a single-table select's columns unqualified.
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export async function courseStats(deps: AppDeps, courseId: string) {
  await requireCourse(deps, courseId);
  const [[enrolled], [completed], modules, quizzes, lessonsDone] = await Promise.all([
    deps.db.select({ n: count() }).from(academyEnrollments).where(eq(academyEnrollments.courseId, courseId)),
    deps.db
      .select({ n: count() })
      .from(academyEnrollments)
      .where(and(eq(academyEnrollments.courseId, courseId), isNotNull(academyEnrollments.completedAt))),
    deps.db
      .select({ id: academyModules.id, title: academyModules.title, lessonCount: sql<number>`(select count(*) from ${academyLessons} l where l.module_id = "academy_modules"."id")` })
      .from(academyModules)
      .where(eq(academyModules.courseId, courseId))
      .orderBy(asc(academyModules.sortOrder)),
    deps.db
      .select({
        id: academyQuizzes.id,
        moduleId: academyQuizzes.moduleId,
        title: academyQuizzes.title,
        // Only submitted attempts count: an open one has no result yet.
        attempts: sql<number>`(select count(*) from ${academyQuizAttempts} a where a.quiz_id = "academy_quizzes"."id" and a.submitted_at is not null)`,
        learners: sql<number>`(select count(distinct a.user_id) from ${academyQuizAttempts} a where a.quiz_id = "academy_quizzes"."id" and a.submitted_at is not null)`,
        passed: sql<number>`(select count(distinct a.user_id) from ${academyQuizAttempts} a where a.quiz_id = "academy_quizzes"."id" and a.passed = 1)`,
      })
      .from(academyQuizzes)
      .where(eq(academyQuizzes.courseId, courseId)),
    deps.db
      .select({ moduleId: academyLessons.moduleId, n: count() })
      .from(academyLessonProgress)
      .innerJoin(academyLessons, eq(academyLessons.id, academyLessonProgress.lessonId))
      .where(and(eq(academyLessonProgress.courseId, courseId), isNotNull(academyLessonProgress.completedAt)))
      .groupBy(academyLessons.moduleId),
  ]);
  const enrolledN = enrolled?.n ?? 0;
  const completedN = completed?.n ?? 0;
  const doneByModule = new Map(lessonsDone.map((r) => [r.moduleId, r.n]));
  return {
    enrolled: enrolledN,
    completed: completedN,
    completionRate: percent(completedN, enrolledN),
    modules: modules.map((m) => ({ id: m.id, title: m.title, lessonCount: m.lessonCount, lessonsCompleted: doneByModule.get(m.id) ?? 0 })),
    quizzes: modules.flatMap((m) => {
      const q = quizzes.find((x) => x.moduleId === m.id);
      return q ? [{ id: q.id, moduleId: m.id, title: q.title, attempts: q.attempts, learners: q.learners, passed: q.passed, passRate: percent(q.passed, q.learners) }] : [];
    }),
  };
}
