/**
 * The seeded course "Primeiros passos com a Atenda" (issue 19): text lessons that teach the product
 * as it is, and a quiz per module. Idempotent by seed_key. Owned by the quiz/certificate side.
 */
import { eq } from "drizzle-orm";
import { academyCourses, academyLessons, academyModules, academyQuizQuestions, academyQuizzes, platformSettings } from "../../../db/schema";
import type { AppDeps } from "../context";
import { withTransaction } from "../context";
import { STARTER_COURSE } from "./seed-course-content";

/** Written with the course: once it is there, the seed is done for good, also after an admin deletes the course. */
const SEEDED_MARK = `academy_seeded:${STARTER_COURSE.seedKey}`;

/**
 * Creates the course once. An admin may later edit, unpublish or delete it: the seed never touches
 * an existing row (by seed_key), and a mark in platform_settings keeps a deleted course deleted.
 */
export async function seedStarterCourse(deps: Pick<AppDeps, "db" | "now">): Promise<void> {
  const mark = await deps.db.select({ key: platformSettings.key }).from(platformSettings).where(eq(platformSettings.key, SEEDED_MARK)).get();
  if (mark) return;
  const existing = await deps.db.select({ id: academyCourses.id }).from(academyCourses).where(eq(academyCourses.seedKey, STARTER_COURSE.seedKey)).get();
  const now = deps.now();
  await withTransaction(deps.db, async (tx) => {
    await tx.insert(platformSettings).values({ key: SEEDED_MARK, value: { seededAt: now }, updatedAt: now }).onConflictDoNothing();
    // Seeded before the mark existed: the mark alone is written.
    if (existing) return;
    // The unique seed_key index settles two boots racing on one database: the loser inserts nothing.
    const [course] = await tx
      .insert(academyCourses)
      .values({
        title: STARTER_COURSE.title,
        description: STARTER_COURSE.description,
        outcomes: [...STARTER_COURSE.outcomes],
        difficultyLevel: "beginner",
        accessLevel: "public",
        isPublished: true,
        publishedAt: now,
        sortOrder: 0,
        seedKey: STARTER_COURSE.seedKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: academyCourses.id });
    if (!course) return;
    for (const [m, mod] of STARTER_COURSE.modules.entries()) {
      const [row] = await tx
        .insert(academyModules)
        .values({ courseId: course.id, title: mod.title, description: mod.description, sortOrder: m, createdAt: now, updatedAt: now })
        .returning({ id: academyModules.id });
      if (!row) continue;
      await tx.insert(academyLessons).values(
        mod.lessons.map((lesson, l) => ({
          moduleId: row.id,
          courseId: course.id,
          title: lesson.title,
          description: lesson.description,
          lessonType: "text" as const,
          contentMd: lesson.contentMd,
          durationSeconds: lesson.minutes * 60,
          // A text lesson has nothing to process: it is ready as written.
          processingStatus: "ready" as const,
          sortOrder: l,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const [quiz] = await tx
        .insert(academyQuizzes)
        .values({
          moduleId: row.id,
          courseId: course.id,
          title: mod.quiz.title,
          timeLimitMinutes: mod.quiz.timeLimitMinutes,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: academyQuizzes.id });
      if (!quiz) continue;
      await tx.insert(academyQuizQuestions).values(
        mod.quiz.questions.map((q, i) => ({
          quizId: quiz.id,
          prompt: q.prompt,
          kind: q.kind,
          options: q.options.map((o) => ({ ...o })),
          correctOptionIds: [...q.correct],
          explanation: q.explanation,
          sortOrder: i,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
  });
}
