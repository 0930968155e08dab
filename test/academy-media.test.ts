/**
 * Issue 19 (H4): lesson video and material uploads over real HTTP, and the job that reads a video's
 * duration from the file (music-metadata) or the recorder's X-Duration-Seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { academyCourses, academyLessonMaterials, academyLessons, academyModules, storedFiles } from "../db/schema";
import { LESSON_UPLOAD_ERRORS, VIDEO_PROCESSING_ERRORS } from "../src/schemas/academy/recording";
import { processLessonVideo } from "../src/services/academy/media/process-video";
import { absoluteFilePath, findStoredFile } from "../src/services/files/store";
import { tinyMp4, tinyPdf, tinyWebm } from "./fixtures/lesson-media";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let admin: Client;
let user: Client;
let moduleId: string;
let courseId: string;

beforeAll(async () => {
  // A 1 MB video limit keeps the over-the-limit upload small.
  app = await startTestApp({ ACADEMY_VIDEO_MAX_MB: "1" });
  admin = (await loginAdmin(app)).client;
  user = (await registerUser(app)).client;
  const [course] = await app.deps.db.insert(academyCourses).values({ title: "Curso de mídia" }).returning();
  courseId = course?.id ?? "";
  const [mod] = await app.deps.db.insert(academyModules).values({ courseId, title: "Módulo 1" }).returning();
  moduleId = mod?.id ?? "";
}, 30_000);

afterAll(async () => {
  await app.stop();
}, 30_000);

async function newLesson(title = "Aula"): Promise<string> {
  const [row] = await app.deps.db.insert(academyLessons).values({ moduleId, courseId, title, lessonType: "text" }).returning({ id: academyLessons.id });
  return row?.id ?? "";
}

type Upload = { status: number; body: { data?: Record<string, unknown>; error?: { code: string; message: string } } };

async function upload(client: Client, path: string, bytes: BodyInit, headers: Record<string, string>): Promise<Upload> {
  const res = await client.fetchWithJar(`${app.base}${path}`, { method: "POST", body: bytes, headers });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Upload["body"] };
}

const lessonRow = async (id: string) => (await app.deps.db.select().from(academyLessons).where(eq(academyLessons.id, id)).limit(1))[0];
const storedCount = async () => (await app.deps.db.select({ id: storedFiles.id }).from(storedFiles)).length;
/** Bytes on disk under DATA_DIR/files: a refused upload must leave none behind. */
function filesOnDisk(): number {
  const root = join(app.deps.env.DATA_DIR, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
}

/** The lesson once the job settled it (ready or failed). */
async function settledLesson(id: string) {
  for (let i = 0; i < 400; i++) {
    const row = await lessonRow(id);
    if (row && (row.processingStatus === "ready" || row.processingStatus === "failed")) return row;
    await Bun.sleep(25);
  }
  throw new Error(`lesson ${id} never left pending`);
}

const video = (lessonId: string) => `/api/v1/admin/academy/lessons/${lessonId}/video`;
const materials = (lessonId: string) => `/api/v1/admin/academy/lessons/${lessonId}/materials`;

describe("lesson video upload", () => {
  test("an mp4 becomes the lesson's video: pending, then ready with the duration read from the file", async () => {
    const lessonId = await newLesson();
    const res = await upload(admin, video(lessonId), tinyMp4(83.4), { "content-type": "video/mp4", "x-file-name": encodeURIComponent("Introdução à Atenda.mp4") });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ lessonId, processingStatus: "pending" });
    const fileId = String(res.body.data?.fileId);
    const lesson = await settledLesson(lessonId);
    expect(lesson).toMatchObject({ lessonType: "video", videoFileId: fileId, processingStatus: "ready", durationSeconds: 83, processingError: null });
    const [file] = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(file).toMatchObject({ purpose: "lesson_video", refId: lessonId, mimeType: "video/mp4", fileName: "Introdução à Atenda.mp4" });
  });

  test("a webm with a Duration is read from the file, even when the recorder says otherwise", async () => {
    const lessonId = await newLesson();
    const res = await upload(admin, video(lessonId), tinyWebm(42), { "content-type": "video/webm;codecs=vp9,opus", "x-duration-seconds": "7" });
    expect(res.status).toBe(201);
    expect(await settledLesson(lessonId)).toMatchObject({ processingStatus: "ready", durationSeconds: 42 });
  });

  test("a live-recorded webm without a Duration takes the recorder's X-Duration-Seconds", async () => {
    const lessonId = await newLesson();
    const res = await upload(admin, video(lessonId), tinyWebm(null), { "content-type": "video/webm", "x-duration-seconds": "12.6" });
    expect(res.status).toBe(201);
    expect(await settledLesson(lessonId)).toMatchObject({ processingStatus: "ready", durationSeconds: 13 });
  });

  test("without a duration anywhere the lesson fails with a reason the editor can show", async () => {
    const lessonId = await newLesson();
    const res = await upload(admin, video(lessonId), tinyWebm(null), { "content-type": "video/webm" });
    expect(res.status).toBe(201);
    expect(await settledLesson(lessonId)).toMatchObject({ processingStatus: "failed", processingError: VIDEO_PROCESSING_ERRORS.noDuration });
  });

  test("a video whose bytes cannot be read fails as unreadable; a run for a replaced video changes nothing", async () => {
    const lessonId = await newLesson();
    const first = await upload(admin, video(lessonId), tinyMp4(9), { "content-type": "video/mp4" });
    expect(await settledLesson(lessonId)).toMatchObject({ processingStatus: "ready", durationSeconds: 9 });
    const fileId = String(first.body.data?.fileId);
    const file = await findStoredFile(app.deps.db, fileId);
    rmSync(absoluteFilePath(app.deps.env, { storagePath: file?.storagePath ?? "" }));
    expect(await processLessonVideo(app.deps, lessonId, fileId, null)).toEqual({ failed: "unreadable" });
    expect(await lessonRow(lessonId)).toMatchObject({ processingStatus: "failed", processingError: VIDEO_PROCESSING_ERRORS.unreadable });

    const second = await upload(admin, video(lessonId), tinyMp4(11), { "content-type": "video/mp4" });
    expect(await settledLesson(lessonId)).toMatchObject({ processingStatus: "ready", durationSeconds: 11, videoFileId: second.body.data?.fileId });
    // A late run for the first upload (a retry, a duplicate) leaves the lesson on the second.
    expect(await processLessonVideo(app.deps, lessonId, fileId, 99)).toEqual({ skipped: "the lesson no longer holds this video" });
    expect(await lessonRow(lessonId)).toMatchObject({ processingStatus: "ready", durationSeconds: 11 });
  });

  test("a new video replaces the previous one, whose file is deleted", async () => {
    const lessonId = await newLesson();
    const first = await upload(admin, video(lessonId), tinyMp4(10), { "content-type": "video/mp4" });
    await settledLesson(lessonId);
    const second = await upload(admin, video(lessonId), tinyMp4(20), { "content-type": "video/mp4" });
    expect(second.status).toBe(201);
    expect(await settledLesson(lessonId)).toMatchObject({ videoFileId: second.body.data?.fileId, durationSeconds: 20 });
    const old = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.id, String(first.body.data?.fileId)));
    expect(old).toEqual([]);
  });

  test("over the limit is refused with 413 and nothing is kept, declared or streamed", async () => {
    const lessonId = await newLesson();
    const before = { rows: await storedCount(), disk: filesOnDisk() };
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(tinyMp4(5));
    const declared = await upload(admin, video(lessonId), big, { "content-type": "video/mp4" });
    expect(declared.status).toBe(413);
    expect(declared.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.videoTooLarge(1));
    // Chunked: no Content-Length, counted as it arrives.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const streamed = await upload(admin, video(lessonId), chunks, { "content-type": "video/mp4" });
    expect(streamed.status).toBe(413);
    expect({ rows: await storedCount(), disk: filesOnDisk() }).toEqual(before);
    expect(await lessonRow(lessonId)).toMatchObject({ lessonType: "text", videoFileId: null });
  });

  test("a type other than mp4, webm or mov is refused, and so is a file that only claims to be a video", async () => {
    const lessonId = await newLesson();
    const before = { rows: await storedCount(), disk: filesOnDisk() };
    const wrongType = await upload(admin, video(lessonId), tinyMp4(5), { "content-type": "video/x-msvideo" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.videoType);
    const disguised = await upload(admin, video(lessonId), new TextEncoder().encode("<html>não sou um vídeo</html>"), { "content-type": "video/mp4" });
    expect(disguised.status).toBe(400);
    expect(disguised.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.videoContent);
    expect({ rows: await storedCount(), disk: filesOnDisk() }).toEqual(before);
    expect(await lessonRow(lessonId)).toMatchObject({ lessonType: "text", videoFileId: null });
  });

  test("a non-admin and an anonymous caller are refused; an unknown lesson is 404", async () => {
    const lessonId = await newLesson();
    const asUser = await upload(user, video(lessonId), tinyMp4(5), { "content-type": "video/mp4" });
    expect(asUser.status).toBe(403);
    const anonymous = await fetch(`${app.base}${video(lessonId)}`, { method: "POST", body: tinyMp4(5), headers: { "content-type": "video/mp4" } });
    expect([401, 403]).toContain(anonymous.status);
    const missing = await upload(admin, video("01930000-0000-7000-8000-0000000000ff"), tinyMp4(5), { "content-type": "video/mp4" });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.lessonNotFound);
    expect(await lessonRow(lessonId)).toMatchObject({ videoFileId: null });
  });
});

describe("lesson materials upload", () => {
  test("a pdf is stored and listed under the lesson with its title", async () => {
    const lessonId = await newLesson();
    const res = await upload(admin, materials(lessonId), tinyPdf(), { "content-type": "application/pdf", "x-file-name": encodeURIComponent("Roteiro da aula.pdf") });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: "Roteiro da aula" });
    const second = await upload(admin, materials(lessonId), new TextEncoder().encode("Anotações"), { "x-file-name": "notas.txt" });
    expect(second.status).toBe(201);
    const rows = await app.deps.db.select().from(academyLessonMaterials).where(eq(academyLessonMaterials.lessonId, lessonId)).orderBy(academyLessonMaterials.sortOrder);
    expect(rows.map((r) => [r.title, r.sortOrder])).toEqual([
      ["Roteiro da aula", 0],
      ["notas", 1],
    ]);
    const [file] = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.id, String(res.body.data?.fileId)));
    expect(file).toMatchObject({ purpose: "lesson_material", refId: lessonId, mimeType: "application/pdf" });
  });

  test("a forbidden extension, a disguised file and a non-admin are refused without keeping bytes", async () => {
    const lessonId = await newLesson();
    const before = { rows: await storedCount(), disk: filesOnDisk() };
    const exe = await upload(admin, materials(lessonId), new TextEncoder().encode("MZ..."), { "x-file-name": "instalador.exe" });
    expect(exe.status).toBe(400);
    expect(exe.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.materialType);
    const fakePdf = await upload(admin, materials(lessonId), new TextEncoder().encode("<script>alert(1)</script>"), { "x-file-name": "apostila.pdf" });
    expect(fakePdf.status).toBe(400);
    expect(fakePdf.body.error?.message).toBe(LESSON_UPLOAD_ERRORS.materialContent);
    const asUser = await upload(user, materials(lessonId), tinyPdf(), { "x-file-name": "apostila.pdf" });
    expect(asUser.status).toBe(403);
    expect({ rows: await storedCount(), disk: filesOnDisk() }).toEqual(before);
  });
});
