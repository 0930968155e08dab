/** academy.* (issue 19, learner side): access levels, progress and "Continuar de onde parei", the completion hook. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, ne } from "drizzle-orm";
import {
  academyCourseAccess,
  academyCourses,
  academyEnrollments,
  academyLessonProgress,
  academyLessons,
  academyModules,
  plans,
  userSubscriptions,
} from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let learner: { client: Client; user: { id: string; currentWorkspaceId: string | null } };
let other: { client: Client; user: { id: string; currentWorkspaceId: string | null } };
let admin: Client;

type CourseOpts = { title: string; accessLevel?: "public" | "plan" | "workspace"; isPublished?: boolean; lessons?: number };

/** A course with one module of text lessons (no quiz), straight into the database. */
async function makeCourse(o: CourseOpts) {
  const db = app.deps.db;
  const [course] = await db
    .insert(academyCourses)
    .values({ title: o.title, accessLevel: o.accessLevel ?? "public", isPublished: o.isPublished ?? true, difficultyLevel: "intermediate" })
    .returning();
  if (!course) throw new Error("course not inserted");
  const [mod] = await db.insert(academyModules).values({ courseId: course.id, title: "Módulo 1", sortOrder: 0 }).returning();
  if (!mod) throw new Error("module not inserted");
  const lessonIds: string[] = [];
  for (let i = 0; i < (o.lessons ?? 2); i++) {
    const [l] = await db
      .insert(academyLessons)
      .values({ moduleId: mod.id, courseId: course.id, title: `Aula ${i + 1}`, lessonType: "text", contentMd: `# Aula ${i + 1}`, durationSeconds: 300, processingStatus: "ready", sortOrder: i })
      .returning();
    if (!l) throw new Error("lesson not inserted");
    lessonIds.push(l.id);
  }
  return { id: course.id, lessonIds, first: lessonIds[0] ?? "" };
}

const titles = async (client: Client) => {
  const r = await client.trpc.academy.courses.query();
  if (!r.ok) throw new Error(r.error?.message);
  return r.data.map((c) => c.title);
};

beforeAll(async () => {
  app = await startTestApp();
  learner = await registerUser(app);
  other = await registerUser(app);
  admin = (await loginAdmin(app)).client;
}, 60_000);
afterAll(() => app.stop(), 30_000);

describe("access levels", () => {
  test("public, plan, workspace and unpublished courses; admins see everything", async () => {
    const pub = await makeCourse({ title: "Curso público" });
    const draft = await makeCourse({ title: "Curso rascunho", isPublished: false });
    const ws = await makeCourse({ title: "Curso do workspace", accessLevel: "workspace" });
    const paid = await makeCourse({ title: "Curso do plano", accessLevel: "plan" });
    const db = app.deps.db;
    const wsId = learner.user.currentWorkspaceId ?? "";
    await db.insert(academyCourseAccess).values({ courseId: ws.id, workspaceId: wsId });
    const [plan] = await db.select().from(plans).where(ne(plans.billingPeriod, "free")).limit(1);
    if (!plan) throw new Error("no paid plan seeded");
    await db.insert(academyCourseAccess).values({ courseId: paid.id, planId: plan.id });

    const mine = await titles(learner.client);
    expect(mine).toContain("Curso público");
    expect(mine).toContain("Curso do workspace");
    expect(mine).not.toContain("Curso do plano");
    expect(mine).not.toContain("Curso rascunho");
    expect(await titles(other.client)).not.toContain("Curso do workspace");

    // Another user's lesson of a workspace course is refused with the SPEC text; a draft does not exist for them.
    const refused = await other.client.trpc.academy.lesson.query({ id: ws.first });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe("Você não tem acesso a este curso.");
    const progress = await other.client.trpc.academy.progress.mutate({ lessonId: ws.first, percent: 100, positionSeconds: 0 });
    expect(progress.status).toBe(403);
    expect((await learner.client.trpc.academy.course.query({ id: draft.id })).status).toBe(404);

    // The plan course opens once the learner's workspace subscribes to the listed plan.
    await db.insert(userSubscriptions).values({ userId: learner.user.id, workspaceId: wsId, planId: plan.id, status: "active", startDate: Date.now() });
    expect(await titles(learner.client)).toContain("Curso do plano");
    expect((await learner.client.trpc.academy.course.query({ id: paid.id })).ok).toBe(true);

    const forAdmin = await admin.trpc.academy.courses.query();
    const draftRow = forAdmin.ok ? forAdmin.data.find((c) => c.id === draft.id) : undefined;
    expect(draftRow?.isPublished).toBe(false);
    expect((await admin.trpc.academy.lesson.query({ id: ws.first })).ok).toBe(true);
    expect((await other.client.trpc.academy.course.query({ id: pub.id })).ok).toBe(true);
  });
});

describe("progress", () => {
  test("progress never goes back, 90% completes, continue points to the last lesson opened", async () => {
    const c = await makeCourse({ title: "Curso de progresso", lessons: 3 });
    const t = learner.client.trpc.academy;
    const [l1 = "", l2 = ""] = c.lessonIds;
    const fresh = await t.course.query({ id: c.id });
    expect(fresh.ok && [fresh.data.enrolled, fresh.data.progressPercent, fresh.data.continueLessonId]).toEqual([false, 0, l1]);
    // Reading a lesson changes nothing: the page's first progress call enrols.
    await t.lesson.query({ id: l2 });
    const rows = await app.deps.db.select().from(academyEnrollments).where(and(eq(academyEnrollments.userId, learner.user.id), eq(academyEnrollments.courseId, c.id)));
    expect(rows).toHaveLength(0);

    expect((await t.progress.mutate({ lessonId: l2, percent: 60, positionSeconds: 120 })).ok).toBe(true);
    await t.progress.mutate({ lessonId: l2, percent: 20, positionSeconds: 40 });
    const lesson = await t.lesson.query({ id: l2 });
    expect(lesson.ok && lesson.data.progress).toEqual({ percent: 60, positionSeconds: 40, completed: false });
    const mid = await t.course.query({ id: c.id });
    expect(mid.ok && [mid.data.enrolled, mid.data.continueLessonId, mid.data.progressPercent]).toEqual([true, l2, 0]);

    const done = await t.progress.mutate({ lessonId: l1, percent: 95, positionSeconds: 280 });
    expect(done.ok && done.data.completed).toBe(true);
    const after = await t.course.query({ id: c.id });
    expect(after.ok && after.data.continueLessonId).toBe(l1);
    expect(after.ok && after.data.progressPercent).toBe(33);
    expect(after.ok && after.data.modules[0]?.lessons.map((l) => l.completed)).toEqual([true, false, false]);
  });

  test("completing every lesson settles the course: certificate issued once", async () => {
    const c = await makeCourse({ title: "Curso curto", lessons: 2 });
    const t = learner.client.trpc.academy;
    const first = await t.complete.mutate({ lessonId: c.lessonIds[0] ?? "" });
    expect(first.ok && first.data.courseCompleted).toBe(false);
    const last = await t.complete.mutate({ lessonId: c.lessonIds[1] ?? "" });
    expect(last.ok && last.data.courseCompleted).toBe(true);
    const certificateId = (last.ok && last.data.certificateId) || "none";
    expect(certificateId).not.toBe("none");
    const again = await t.complete.mutate({ lessonId: c.lessonIds[1] ?? "" });
    expect(again.ok && again.data.completed).toBe(true);
    const view = await t.course.query({ id: c.id });
    expect(view.ok && [view.data.completed, view.data.progressPercent, view.data.certificate?.id]).toEqual([true, 100, certificateId]);
    const listed = await t.courses.query();
    const row = listed.ok ? listed.data.find((x) => x.id === c.id) : undefined;
    expect(row?.completed).toBe(true);
    expect(row?.certificate?.id).toBe(certificateId);
    const progressRows = await app.deps.db.select().from(academyLessonProgress).where(eq(academyLessonProgress.courseId, c.id));
    expect(progressRows.every((p) => p.percent === 100)).toBe(true);
  });

  test("an embed lesson frames only YouTube/Vimeo; a video not yet processed says so", async () => {
    const c = await makeCourse({ title: "Curso de vídeo", lessons: 2 });
    const [embed = "", video = ""] = c.lessonIds;
    const db = app.deps.db;
    await db.update(academyLessons).set({ lessonType: "embed", embedUrl: "https://youtu.be/dQw4w9WgXcQ" }).where(eq(academyLessons.id, embed));
    await db.update(academyLessons).set({ lessonType: "video", processingStatus: "pending" }).where(eq(academyLessons.id, video));
    const e = await learner.client.trpc.academy.lesson.query({ id: embed });
    expect(e.ok && e.data.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    await db.update(academyLessons).set({ embedUrl: "https://evil.example.com/embed/x" }).where(eq(academyLessons.id, embed));
    const bad = await learner.client.trpc.academy.lesson.query({ id: embed });
    expect(bad.ok && bad.data.embedUrl).toBeNull();
    const v = await learner.client.trpc.academy.lesson.query({ id: video });
    expect(v.ok && [v.data.ready, v.data.videoUrl]).toEqual([false, null]);
  });
});
