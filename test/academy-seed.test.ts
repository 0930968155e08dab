/** The seeded course "Primeiros passos com a Atenda" (issue 19, H2): published, public, complete, and seeded once. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { academyCourses } from "../db/schema";
import { deleteCourse } from "../src/services/academy/admin/courses";
import { seedStarterCourse } from "../src/services/academy/seed-course";
import { type TestApp, startTestApp } from "./helpers/app";
import { starterCourse } from "./helpers/academy-starter";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 30_000);
afterAll(async () => {
  await app.stop();
}, 30_000);

describe("seeded course", () => {
  test("is published, public, for beginners, with modules of text lessons and a quiz each", async () => {
    const { course, modules, quizzes, lessonIds } = await starterCourse(app);
    expect(course.title).toBe("Primeiros passos com a Atenda");
    expect(course.isPublished).toBe(true);
    expect(course.accessLevel).toBe("public");
    expect(course.difficultyLevel).toBe("beginner");
    expect(modules.length).toBeGreaterThanOrEqual(3);
    expect(lessonIds.length).toBeGreaterThanOrEqual(modules.length * 2);
    expect(quizzes).toHaveLength(modules.length);
    for (const quiz of quizzes) {
      expect(quiz.questions.length).toBeGreaterThanOrEqual(4);
      expect(quiz.questions.some((q) => q.kind === "multiple")).toBe(true);
      for (const q of quiz.questions) {
        // Every right answer is one of the question's options, and a single-choice question has exactly one.
        expect(q.correct.every((id) => q.options.some((o) => o.id === id))).toBe(true);
        if (q.kind === "single") expect(q.correct).toHaveLength(1);
      }
    }
  });

  test("seeding again (another boot) adds nothing and keeps an admin's edits", async () => {
    const db = app.deps.db;
    await db.update(academyCourses).set({ description: "Editado pelo admin" }).where(eq(academyCourses.seedKey, "primeiros-passos"));
    await seedStarterCourse(app.deps);
    await seedStarterCourse(app.deps);
    const rows = await db.select().from(academyCourses).where(eq(academyCourses.title, "Primeiros passos com a Atenda"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.description).toBe("Editado pelo admin");
  });

  test("a course the admin deleted stays deleted at the next boot", async () => {
    const db = app.deps.db;
    const course = await db.select({ id: academyCourses.id }).from(academyCourses).where(eq(academyCourses.seedKey, "primeiros-passos")).get();
    expect(course).toBeDefined();
    await deleteCourse(app.deps, course?.id ?? "");
    await seedStarterCourse(app.deps);
    expect(await db.select().from(academyCourses).where(eq(academyCourses.seedKey, "primeiros-passos"))).toHaveLength(0);
  });
});
