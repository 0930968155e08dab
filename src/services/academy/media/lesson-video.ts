/**
 * A lesson's uploaded video (issue 19): streamed to disk through the private file store, checked by
 * its first bytes, put on the lesson as pending, and handed to the durable job that reads its
 * duration (process-video.ts). The previous video is deleted only once the new one is on the lesson.
 */
import { eq } from "drizzle-orm";
import { academyLessons, jobs } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import { LESSON_UPLOAD_ERRORS, LESSON_VIDEO_TYPES, type LessonVideoType, type LessonVideoUploaded } from "../../../schemas/academy/recording";
import { logActivity } from "../../activity";
import { type AppDeps, type RequestMeta, withTransaction } from "../../context";
import { deleteStoredFile, saveStoredFile } from "../../files/store";
import { notifyJobEnqueued } from "../../jobs";
import { readHead } from "./head";
import { LESSON_VIDEO_JOB } from "./process-video";
import { looksLikeVideo } from "./sniff";

const MB = 1024 * 1024;

export type LessonVideoUpload = {
  lessonId: string;
  adminUserId: string;
  /** The Content-Type header, parameters and all. */
  contentType: string;
  fileName: string;
  /** X-Duration-Seconds: the recorder's own count, used when the file carries no duration. */
  durationHint: number | null;
  body: Uint8Array | ReadableStream<Uint8Array>;
};

/** "video/webm;codecs=vp9,opus" → "video/webm"; null for anything we do not take. */
export function videoTypeOf(contentType: string): LessonVideoType | null {
  const base = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return (LESSON_VIDEO_TYPES as readonly string[]).includes(base) ? (base as LessonVideoType) : null;
}

/** X-Duration-Seconds: absent → null; otherwise a positive finite number of seconds, or a 400. */
export function parseDurationHint(header: string | undefined): number | null {
  if (header === undefined || header.trim() === "") return null;
  const value = Number(header);
  if (!Number.isFinite(value) || value <= 0) throw new AppError("VALIDATION", LESSON_UPLOAD_ERRORS.durationHeader, { field: "X-Duration-Seconds" });
  return value;
}

async function lessonExists(deps: Pick<AppDeps, "db">, lessonId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.id, lessonId)).limit(1);
  return row !== undefined;
}

export async function uploadLessonVideo(deps: AppDeps, meta: RequestMeta, input: LessonVideoUpload): Promise<LessonVideoUploaded> {
  const mimeType = videoTypeOf(input.contentType);
  if (!mimeType) throw new AppError("VALIDATION", LESSON_UPLOAD_ERRORS.videoType, { field: "Content-Type" });
  // Checked before a byte is written: an upload to a missing lesson keeps nothing.
  if (!(await lessonExists(deps, input.lessonId))) throw new AppError("NOT_FOUND", LESSON_UPLOAD_ERRORS.lessonNotFound);
  const maxMb = deps.env.ACADEMY_VIDEO_MAX_MB;
  const file = await saveStoredFile(
    deps,
    { purpose: "lesson_video", ownerUserId: input.adminUserId, refId: input.lessonId, fileName: input.fileName, mimeType },
    input.body,
    { maxBytes: maxMb * MB, message: LESSON_UPLOAD_ERRORS.videoTooLarge(maxMb) },
  );
  const refuse = async (message: string) => {
    await deleteStoredFile(deps, file.id);
    return new AppError("VALIDATION", message, { field: "file" });
  };
  if (file.sizeBytes === 0) throw await refuse(LESSON_UPLOAD_ERRORS.emptyFile);
  if (!looksLikeVideo(await readHead(deps.env, file))) throw await refuse(LESSON_UPLOAD_ERRORS.videoContent);

  const now = deps.now();
  const previous = await withTransaction(deps.db, async (tx) => {
    const [lesson] = await tx.select({ videoFileId: academyLessons.videoFileId }).from(academyLessons).where(eq(academyLessons.id, input.lessonId)).limit(1);
    if (!lesson) return undefined;
    await tx
      .update(academyLessons)
      .set({ lessonType: "video", videoFileId: file.id, processingStatus: "pending", processingError: null, durationSeconds: 0, updatedAt: now })
      .where(eq(academyLessons.id, input.lessonId));
    // The job in the same commit as the lesson's "pending": a crash leaves both or neither, never a
    // lesson waiting for a job nobody queued. One job per file (its dedupe key).
    await tx
      .insert(jobs)
      .values({
        type: LESSON_VIDEO_JOB,
        data: { lessonId: input.lessonId, fileId: file.id, durationHint: input.durationHint },
        dedupeKey: `${LESSON_VIDEO_JOB}:${file.id}`,
        userId: input.adminUserId,
        maxAttempts: 3,
        runAfter: now,
      })
      .onConflictDoNothing();
    return { videoFileId: lesson.videoFileId };
  });
  // The lesson was deleted while the bytes arrived.
  if (!previous) {
    await deleteStoredFile(deps, file.id);
    throw new AppError("NOT_FOUND", LESSON_UPLOAD_ERRORS.lessonNotFound);
  }
  notifyJobEnqueued(deps.db);
  if (previous.videoFileId && previous.videoFileId !== file.id) await deleteStoredFile(deps, previous.videoFileId);
  await logActivity(deps.db, meta, {
    userId: input.adminUserId,
    action: "admin.academy.lessonVideo.upload",
    category: "admin",
    resourceType: "academy_lesson",
    resourceId: input.lessonId,
    description: `Vídeo enviado para a aula: ${file.fileName}`,
    details: { fileId: file.id, sizeBytes: file.sizeBytes, mimeType },
  });
  return { lessonId: input.lessonId, fileId: file.id, processingStatus: "pending" };
}
