/**
 * A course is complete when every lesson is completed and every module quiz passed; then its
 * certificate is issued once (issue 19, owned by the quiz/certificate side). Called after a lesson
 * is marked complete (progress.ts) and after a passing quiz attempt. Fixed signature.
 */
import { and, count, countDistinct, eq, isNotNull } from "drizzle-orm";
import {
  academyCertificates,
  academyEnrollments,
  academyLessonProgress,
  academyLessons,
  academyQuizAttempts,
  academyQuizQuestions,
  academyQuizzes,
  users,
} from "../../../db/schema";
import type { AppDeps } from "../context";
import { issueCertificate } from "./certificates";

export type CourseCompletion = { completed: boolean; certificateId: string | null };

/** Completed lessons and passed quizzes of this user against the course's totals. */
async function courseIsDone(db: AppDeps["db"], userId: string, courseId: string): Promise<boolean> {
  const [lessons, doneLessons, quizzes, passedQuizzes] = await Promise.all([
    db.select({ n: count() }).from(academyLessons).where(eq(academyLessons.courseId, courseId)).get(),
    db
      .select({ n: count() })
      .from(academyLessonProgress)
      // Joined to the lessons so progress of a lesson since deleted never counts.
      .innerJoin(academyLessons, eq(academyLessons.id, academyLessonProgress.lessonId))
      .where(and(eq(academyLessonProgress.userId, userId), eq(academyLessons.courseId, courseId), isNotNull(academyLessonProgress.completedAt)))
      .get(),
    // A quiz without questions cannot be passed: it does not hold the course back.
    db
      .select({ n: countDistinct(academyQuizzes.id) })
      .from(academyQuizzes)
      .innerJoin(academyQuizQuestions, eq(academyQuizQuestions.quizId, academyQuizzes.id))
      .where(eq(academyQuizzes.courseId, courseId))
      .get(),
    db
      .select({ n: countDistinct(academyQuizAttempts.quizId) })
      .from(academyQuizAttempts)
      .innerJoin(academyQuizzes, eq(academyQuizzes.id, academyQuizAttempts.quizId))
      // Counted like the required ones: a passed quiz emptied since no longer stands in for another.
      .innerJoin(academyQuizQuestions, eq(academyQuizQuestions.quizId, academyQuizzes.id))
      .where(and(eq(academyQuizAttempts.userId, userId), eq(academyQuizzes.courseId, courseId), eq(academyQuizAttempts.passed, true)))
      .get(),
  ]);
  const total = (lessons?.n ?? 0) + (quizzes?.n ?? 0);
  // An empty course has nothing to complete: no certificate for opening it.
  if (total === 0) return false;
  return (doneLessons?.n ?? 0) >= (lessons?.n ?? 0) && (passedQuizzes?.n ?? 0) >= (quizzes?.n ?? 0);
}

export async function settleCourseCompletion(deps: Pick<AppDeps, "db" | "now">, userId: string, courseId: string): Promise<CourseCompletion> {
  const issued = await deps.db
    .select({ id: academyCertificates.id })
    .from(academyCertificates)
    .where(and(eq(academyCertificates.userId, userId), eq(academyCertificates.courseId, courseId)))
    .get();
  // A certificate once given stays: lessons added to the course later do not take it back.
  if (issued) return { completed: true, certificateId: issued.id };
  if (!(await courseIsDone(deps.db, userId, courseId))) return { completed: false, certificateId: null };

  const now = deps.now();
  await deps.db
    .insert(academyEnrollments)
    .values({ userId, courseId, completedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [academyEnrollments.userId, academyEnrollments.courseId], set: { completedAt: now, updatedAt: now } });
  const person = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).get();
  const recipientName = `${person?.firstName ?? ""} ${person?.lastName ?? ""}`.trim();
  const certificateId = await issueCertificate(deps, { userId, courseId, recipientName, issuedAt: now });
  return { completed: true, certificateId };
}
