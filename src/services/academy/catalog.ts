/**
 * /academy's catalogue (issue 19): the courses a learner may open, with level, total duration,
 * lesson count and their own progress. Admins also see unpublished courses, marked as such.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { academyCertificates, academyCourses, academyEnrollments, academyLessonProgress, academyLessons } from "../../../db/schema";
import { DIFFICULTY_LABEL } from "../../schemas/academy/common";
import type { AppDeps } from "../context";
import { type Learner, accessRowsOf, courseOpensFor, learnerStanding } from "./access";

export const percentOf = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done * 100) / total)) : 0);

export async function listCourses(deps: Pick<AppDeps, "db">, user: Learner) {
  const isAdmin = user.role === "admin";
  const courses = await deps.db
    .select()
    .from(academyCourses)
    .where(isAdmin ? undefined : eq(academyCourses.isPublished, true))
    .orderBy(asc(academyCourses.sortOrder), asc(academyCourses.createdAt))
    .limit(500);
  const restricted = courses.filter((c) => c.accessLevel !== "public").map((c) => c.id);
  const [access, standing] = isAdmin || restricted.length === 0 ? [[], null] : await Promise.all([accessRowsOf(deps, restricted), learnerStanding(deps, user.id)]);
  const visible = courses.filter((c) => courseOpensFor(user, c, access, standing));
  const ids = visible.map((c) => c.id);
  if (ids.length === 0) return [];

  const [totals, done, enrollments, certificates] = await Promise.all([
    deps.db
      .select({ courseId: academyLessons.courseId, lessons: sql<number>`count(*)`, seconds: sql<number>`coalesce(sum(${academyLessons.durationSeconds}), 0)` })
      .from(academyLessons)
      .where(inArray(academyLessons.courseId, ids))
      .groupBy(academyLessons.courseId),
    deps.db
      .select({ courseId: academyLessonProgress.courseId, completed: sql<number>`count(*)` })
      .from(academyLessonProgress)
      .where(and(eq(academyLessonProgress.userId, user.id), inArray(academyLessonProgress.courseId, ids), isNotNull(academyLessonProgress.completedAt)))
      .groupBy(academyLessonProgress.courseId),
    deps.db.select().from(academyEnrollments).where(and(eq(academyEnrollments.userId, user.id), inArray(academyEnrollments.courseId, ids))),
    deps.db
      .select({ id: academyCertificates.id, courseId: academyCertificates.courseId, verificationCode: academyCertificates.verificationCode })
      .from(academyCertificates)
      .where(and(eq(academyCertificates.userId, user.id), inArray(academyCertificates.courseId, ids))),
  ]);
  const totalOf = new Map(totals.map((t) => [t.courseId, t]));
  const doneOf = new Map(done.map((d) => [d.courseId, Number(d.completed)]));
  const enrollmentOf = new Map(enrollments.map((e) => [e.courseId, e]));
  const certificateOf = new Map(certificates.map((c) => [c.courseId, c]));

  return visible.map((c) => {
    const lessonCount = Number(totalOf.get(c.id)?.lessons ?? 0);
    const enrollment = enrollmentOf.get(c.id);
    const certificate = certificateOf.get(c.id);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      difficultyLevel: c.difficultyLevel,
      difficultyLabel: DIFFICULTY_LABEL[c.difficultyLevel],
      isPublished: c.isPublished,
      lessonCount,
      durationSeconds: Number(totalOf.get(c.id)?.seconds ?? 0),
      progressPercent: percentOf(doneOf.get(c.id) ?? 0, lessonCount),
      enrolled: Boolean(enrollment),
      completed: Boolean(enrollment?.completedAt),
      certificate: certificate ? { id: certificate.id, verificationCode: certificate.verificationCode } : null,
    };
  });
}
