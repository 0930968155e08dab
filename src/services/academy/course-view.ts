/**
 * /academy/courses/{id} (issue 19): modules and lessons in order with the learner's progress, each
 * module's quiz summary, "Continuar de onde parei" and the certificate once issued. Read-only.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  academyCertificates,
  academyCourses,
  academyEnrollments,
  academyLessonProgress,
  academyLessons,
  academyModules,
  academyQuizAttempts,
  academyQuizQuestions,
  academyQuizzes,
} from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { DIFFICULTY_LABEL } from "../../schemas/academy/common";
import { ACADEMY_LEARNER_ERRORS } from "../../schemas/academy/learner";
import type { AppDeps } from "../context";
import { type Learner, canOpenCourse } from "./access";
import { percentOf } from "./catalog";

type Db = Pick<AppDeps, "db">;

/**
 * The course row when the learner may open it. A course that does not exist, or is unpublished for a
 * non-admin, is NOT_FOUND (its existence is not revealed); a published one they may not open is FORBIDDEN.
 */
export async function requireCourse(deps: Db, user: Learner, courseId: string) {
  const [course] = await deps.db.select().from(academyCourses).where(eq(academyCourses.id, courseId)).limit(1);
  if (!course || (!course.isPublished && user.role !== "admin")) throw new AppError("NOT_FOUND", ACADEMY_LEARNER_ERRORS.courseNotFound);
  if (!(await canOpenCourse(deps, user, courseId))) throw new AppError("FORBIDDEN", ACADEMY_LEARNER_ERRORS.noAccess);
  return course;
}

/** The course's lessons in reading order (module order, then lesson order). */
export async function orderedLessons(deps: Db, courseId: string) {
  return deps.db
    .select({ lesson: academyLessons, moduleSort: academyModules.sortOrder })
    .from(academyLessons)
    .innerJoin(academyModules, eq(academyModules.id, academyLessons.moduleId))
    .where(eq(academyLessons.courseId, courseId))
    .orderBy(asc(academyModules.sortOrder), asc(academyModules.createdAt), asc(academyLessons.sortOrder), asc(academyLessons.createdAt))
    .then((rows) => rows.map((r) => r.lesson));
}

async function quizSummaries(deps: Db, userId: string, courseId: string) {
  const quizzes = await deps.db.select().from(academyQuizzes).where(eq(academyQuizzes.courseId, courseId));
  const ids = quizzes.map((q) => q.id);
  if (ids.length === 0) return new Map<string, QuizSummary>();
  const [counts, attempts] = await Promise.all([
    deps.db
      .select({ quizId: academyQuizQuestions.quizId, n: sql<number>`count(*)` })
      .from(academyQuizQuestions)
      .where(inArray(academyQuizQuestions.quizId, ids))
      .groupBy(academyQuizQuestions.quizId),
    deps.db
      .select({ quizId: academyQuizAttempts.quizId, passed: academyQuizAttempts.passed })
      .from(academyQuizAttempts)
      .where(and(eq(academyQuizAttempts.userId, userId), inArray(academyQuizAttempts.quizId, ids))),
  ]);
  const countOf = new Map(counts.map((c) => [c.quizId, Number(c.n)]));
  const out = new Map<string, QuizSummary>();
  for (const q of quizzes) {
    const mine = attempts.filter((a) => a.quizId === q.id);
    out.set(q.moduleId, {
      id: q.id,
      title: q.title,
      questionCount: countOf.get(q.id) ?? 0,
      passed: mine.some((a) => a.passed),
      attemptsUsed: mine.length,
      maxAttempts: q.maxAttempts,
    });
  }
  return out;
}

export type QuizSummary = { id: string; title: string; questionCount: number; passed: boolean; attemptsUsed: number; maxAttempts: number };

export async function getCourseView(deps: Db, user: Learner, courseId: string) {
  const course = await requireCourse(deps, user, courseId);
  const [modules, lessons, progress, enrollment, certificate, quizzes] = await Promise.all([
    deps.db.select().from(academyModules).where(eq(academyModules.courseId, courseId)).orderBy(asc(academyModules.sortOrder), asc(academyModules.createdAt)),
    orderedLessons(deps, courseId),
    deps.db.select().from(academyLessonProgress).where(and(eq(academyLessonProgress.userId, user.id), eq(academyLessonProgress.courseId, courseId))),
    deps.db
      .select()
      .from(academyEnrollments)
      .where(and(eq(academyEnrollments.userId, user.id), eq(academyEnrollments.courseId, courseId)))
      .then((r) => r[0] ?? null),
    deps.db
      .select({ id: academyCertificates.id, verificationCode: academyCertificates.verificationCode })
      .from(academyCertificates)
      .where(and(eq(academyCertificates.userId, user.id), eq(academyCertificates.courseId, courseId)))
      .then((r) => r[0] ?? null),
    quizSummaries(deps, user.id, courseId),
  ]);
  const progressOf = new Map(progress.map((p) => [p.lessonId, p]));
  const completedCount = lessons.filter((l) => progressOf.get(l.id)?.completedAt).length;
  const last = enrollment?.lastLessonId && lessons.some((l) => l.id === enrollment.lastLessonId) ? enrollment.lastLessonId : null;
  const firstOpen = lessons.find((l) => !progressOf.get(l.id)?.completedAt)?.id ?? null;

  return {
    id: course.id,
    title: course.title,
    description: course.description,
    outcomes: course.outcomes,
    difficultyLevel: course.difficultyLevel,
    difficultyLabel: DIFFICULTY_LABEL[course.difficultyLevel],
    isPublished: course.isPublished,
    lessonCount: lessons.length,
    completedCount,
    durationSeconds: lessons.reduce((s, l) => s + l.durationSeconds, 0),
    progressPercent: percentOf(completedCount, lessons.length),
    enrolled: Boolean(enrollment),
    completed: Boolean(enrollment?.completedAt),
    /** The last lesson opened; else the first not completed (or the first, to start). */
    continueLessonId: last ?? firstOpen ?? lessons[0]?.id ?? null,
    certificate,
    modules: modules.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      quiz: quizzes.get(m.id) ?? null,
      lessons: lessons
        .filter((l) => l.moduleId === m.id)
        .map((l) => {
          const p = progressOf.get(l.id);
          return {
            id: l.id,
            title: l.title,
            lessonType: l.lessonType,
            durationSeconds: l.durationSeconds,
            percent: p?.percent ?? 0,
            completed: Boolean(p?.completedAt),
          };
        }),
    })),
  };
}
