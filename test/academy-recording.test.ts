/**
 * Issue 19 (H4): the recording templates of /admin/academy/record and saving a recording as a lesson.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { academyCourses, academyLessons, academyModules, academyRecordingTemplates } from "../db/schema";
import { RECORDING_TEXT, type RecordingTarget, type RecordingTemplate } from "../src/schemas/academy/recording";
import { seedRecordingTemplates } from "../src/services/academy/recording/seed-templates";
import { tinyWebm } from "./fixtures/lesson-media";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let admin: Client;
let user: Client;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await loginAdmin(app)).client;
  user = (await registerUser(app)).client;
}, 30_000);

afterAll(async () => {
  await app.stop();
}, 30_000);

const templates = async () => {
  const res = await admin.query<RecordingTemplate[]>("adminAcademyRecording.templates.list");
  expect(res.ok).toBe(true);
  return res.data;
};

describe("recording templates", () => {
  test("a fresh install offers Full HD 30 fps as the default, HD 30 fps and HD 15 fps; the seed runs once", async () => {
    await seedRecordingTemplates(app.deps);
    const list = await templates();
    expect(list.map((t) => [t.name, t.width, t.height, t.frameRate, t.isDefault])).toEqual([
      ["Full HD 1920×1080 · 30 fps", 1920, 1080, 30, true],
      ["HD 1280×720 · 30 fps", 1280, 720, 30, false],
      ["HD 1280×720 · 15 fps (arquivo menor)", 1280, 720, 15, false],
    ]);
  });

  test("a new default takes the place of the old one; unticking the only default keeps it", async () => {
    const created = await admin.mutate<RecordingTemplate>("adminAcademyRecording.templates.create", {
      name: "Tela pequena 1024×768 · 24 fps",
      width: 1024,
      height: 768,
      frameRate: 24,
      withMicrophone: false,
      isDefault: true,
    });
    expect(created.ok).toBe(true);
    let list = await templates();
    expect(list.filter((t) => t.isDefault).map((t) => t.name)).toEqual(["Tela pequena 1024×768 · 24 fps"]);

    const kept = await admin.mutate<RecordingTemplate>("adminAcademyRecording.templates.update", { ...created.data, name: "Tela pequena", isDefault: false });
    expect(kept.data).toMatchObject({ name: "Tela pequena", isDefault: true });
    list = await templates();
    expect(list.filter((t) => t.isDefault)).toHaveLength(1);

    // Deleting the default hands it to the largest remaining template.
    const removed = await admin.mutate("adminAcademyRecording.templates.delete", { id: created.data.id });
    expect(removed.ok).toBe(true);
    list = await templates();
    expect(list.filter((t) => t.isDefault).map((t) => t.name)).toEqual(["Full HD 1920×1080 · 30 fps"]);
  });

  test("values out of range are refused in pt-BR", async () => {
    const res = await admin.mutate("adminAcademyRecording.templates.create", { name: "8K", width: 7680, height: 4320, frameRate: 30, withMicrophone: true, isDefault: false });
    expect(res.ok).toBe(false);
    expect(res.error?.message).toBe("A largura máxima é 3840 px.");
  });

  test("the last template cannot be deleted", async () => {
    const list = await templates();
    for (const t of list.slice(1)) expect((await admin.mutate("adminAcademyRecording.templates.delete", { id: t.id })).ok).toBe(true);
    const last = await admin.mutate("adminAcademyRecording.templates.delete", { id: list[0]?.id });
    expect(last.ok).toBe(false);
    expect(last.error?.message).toBe(RECORDING_TEXT.lastTemplate);
    expect(await app.deps.db.select().from(academyRecordingTemplates)).toHaveLength(1);
  });

  test("a non-admin can neither read nor change templates", async () => {
    const before = await app.deps.db.select().from(academyRecordingTemplates);
    expect((await user.query("adminAcademyRecording.templates.list")).error?.code).toBe("FORBIDDEN");
    const create = await user.mutate("adminAcademyRecording.templates.create", { name: "X", width: 800, height: 600, frameRate: 10, withMicrophone: false, isDefault: true });
    expect(create.error?.code).toBe("FORBIDDEN");
    expect(await app.deps.db.select().from(academyRecordingTemplates)).toEqual(before);
  });
});

describe("saving a recording as a lesson", () => {
  test("targets list every course with its modules; the new lesson goes last in its module and takes the upload", async () => {
    const [course] = await app.deps.db.insert(academyCourses).values({ title: "Gravações", isPublished: false }).returning();
    const courseId = course?.id ?? "";
    const [first] = await app.deps.db.insert(academyModules).values({ courseId, title: "Começo", sortOrder: 0 }).returning();
    await app.deps.db.insert(academyModules).values({ courseId, title: "Depois", sortOrder: 1 });
    const moduleId = first?.id ?? "";
    await app.deps.db.insert(academyLessons).values({ moduleId, courseId, title: "Já existia", lessonType: "text", sortOrder: 0 });

    const targets = await admin.query<RecordingTarget[]>("adminAcademyRecording.targets");
    expect(targets.data.find((t) => t.id === courseId)).toEqual({ id: courseId, title: "Gravações", isPublished: false, modules: [{ id: moduleId, title: "Começo" }, expect.objectContaining({ title: "Depois" })] });

    const created = await admin.mutate<{ lessonId: string; courseId: string }>("adminAcademyRecording.createLesson", { moduleId, title: "Tour pelo painel", description: "Gravada no navegador" });
    expect(created.data.courseId).toBe(courseId);
    const [lesson] = await app.deps.db.select().from(academyLessons).where(eq(academyLessons.id, created.data.lessonId));
    expect(lesson).toMatchObject({ title: "Tour pelo painel", lessonType: "video", processingStatus: "pending", sortOrder: 1, moduleId });

    const res = await admin.fetchWithJar(`${app.base}/api/v1/admin/academy/lessons/${created.data.lessonId}/video`, {
      method: "POST",
      body: tinyWebm(null),
      headers: { "content-type": "video/webm", "x-file-name": "gravacao.webm", "x-duration-seconds": "4.2" },
    });
    expect(res.status).toBe(201);
    let settled = lesson;
    for (let i = 0; i < 400 && settled?.processingStatus !== "ready"; i++) {
      await Bun.sleep(25);
      [settled] = await app.deps.db.select().from(academyLessons).where(eq(academyLessons.id, created.data.lessonId));
    }
    expect(settled).toMatchObject({ processingStatus: "ready", durationSeconds: 4 });
    const status = await admin.query("adminAcademyRecording.lessonStatus", { lessonId: created.data.lessonId });
    expect(status.data).toEqual({ lessonId: created.data.lessonId, courseId, title: "Tour pelo painel", processingStatus: "ready", durationSeconds: 4, processingError: null });
  });

  test("an unknown module is 404 and a non-admin is refused", async () => {
    const missing = await admin.mutate("adminAcademyRecording.createLesson", { moduleId: "00000000-0000-4000-8000-000000000000", title: "Nada", description: "" });
    expect(missing.error?.message).toBe(RECORDING_TEXT.moduleNotFound);
    expect((await user.query("adminAcademyRecording.targets")).error?.code).toBe("FORBIDDEN");
  });
});
