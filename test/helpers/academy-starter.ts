/**
 * The seeded course "Primeiros passos com a Atenda" as tests see it (issue 19, H2): its quizzes with
 * the right answers (read from the database, as no client ever gets them up front) and a way to
 * complete its lessons for a user without going through the lesson pages.
 */
import { asc, eq } from "drizzle-orm";
import { academyCourses, academyLessonProgress, academyLessons, academyModules, academyQuizQuestions, academyQuizzes } from "../../db/schema";
import type { TestApp } from "./app";

export type StarterQuiz = {
  id: string;
  moduleTitle: string;
  questions: { id: string; kind: "single" | "multiple"; options: { id: string }[]; correct: string[] }[];
};

export async function starterCourse(app: TestApp) {
  const db = app.deps.db;
  const course = await db.select().from(academyCourses).where(eq(academyCourses.seedKey, "primeiros-passos")).get();
  if (!course) throw new Error("the starter course was not seeded");
  const modules = await db.select().from(academyModules).where(eq(academyModules.courseId, course.id)).orderBy(asc(academyModules.sortOrder));
  const quizzes: StarterQuiz[] = [];
  for (const m of modules) {
    const quiz = await db.select().from(academyQuizzes).where(eq(academyQuizzes.moduleId, m.id)).get();
    if (!quiz) throw new Error(`module ${m.title} has no quiz`);
    const questions = await db.select().from(academyQuizQuestions).where(eq(academyQuizQuestions.quizId, quiz.id)).orderBy(asc(academyQuizQuestions.sortOrder));
    quizzes.push({
      id: quiz.id,
      moduleTitle: m.title,
      questions: questions.map((q) => ({ id: q.id, kind: q.kind, options: q.options, correct: q.correctOptionIds })),
    });
  }
  const lessons = await db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.courseId, course.id));
  return { course, modules, quizzes, lessonIds: lessons.map((l) => l.id) };
}

/** Every answer right. */
export const rightAnswers = (quiz: StarterQuiz) => Object.fromEntries(quiz.questions.map((q) => [q.id, q.correct]));

/** The first `wrong` questions answered with a wrong option, the rest right. */
export function answersWithWrong(quiz: StarterQuiz, wrong: number) {
  return Object.fromEntries(
    quiz.questions.map((q, i) => {
      if (i >= wrong) return [q.id, q.correct];
      const other = q.options.find((o) => !q.correct.includes(o.id));
      return [q.id, other ? [other.id] : []];
    }),
  );
}

/** Marks lessons completed for the user, as the lesson pages do (the learner side owns that path). */
export async function completeLessons(app: TestApp, userId: string, courseId: string, lessonIds: string[]) {
  const now = Date.now();
  for (const lessonId of lessonIds) {
    await app.deps.db
      .insert(academyLessonProgress)
      .values({ userId, lessonId, courseId, percent: 100, completedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [academyLessonProgress.userId, academyLessonProgress.lessonId], set: { percent: 100, completedAt: now } });
  }
}
