/**
 * The durable job after a lesson video upload: reads the duration from the file (music-metadata),
 * falls back to the recorder's X-Duration-Seconds, and sets the lesson ready — or failed with a
 * pt-BR reason the editor shows. Every write is conditioned on the lesson still holding this file,
 * so a run for a video replaced meanwhile changes nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { academyLessons } from "../../../../db/schema";
import { VIDEO_PROCESSING_ERRORS } from "../../../schemas/academy/recording";
import type { AppDeps } from "../../context";
import { absoluteFilePath, findStoredFile } from "../../files/store";
import type { Job } from "../../jobs";
import { plausibleSeconds, readVideoDuration } from "./duration";
import { LESSON_VIDEO_JOB } from "../../../jobs/job-types";

export { LESSON_VIDEO_JOB };

type Outcome = Record<string, unknown>;

export async function processLessonVideo(deps: AppDeps, lessonId: string, fileId: string, durationHint: number | null): Promise<Outcome> {
  // Only while the lesson still plays this file as a video: a replaced file or a lesson turned into text is left alone.
  const holdsFile = and(eq(academyLessons.id, lessonId), eq(academyLessons.videoFileId, fileId), eq(academyLessons.lessonType, "video"));
  const mark = (set: Partial<typeof academyLessons.$inferInsert>) =>
    deps.db
      .update(academyLessons)
      .set({ ...set, updatedAt: deps.now() })
      .where(holdsFile)
      .returning({ id: academyLessons.id });

  const started = await mark({ processingStatus: "processing" });
  if (!started.length) return { skipped: "the lesson no longer holds this video" };

  const file = await findStoredFile(deps.db, fileId);
  if (!file) {
    await mark({ processingStatus: "failed", processingError: VIDEO_PROCESSING_ERRORS.fileMissing });
    return { failed: "file missing" };
  }
  const read = await readVideoDuration(absoluteFilePath(deps.env, file));
  // A MediaRecorder webm is written live and carries no duration: the recorder counted it.
  const seconds = read.seconds ?? plausibleSeconds(durationHint);
  if (seconds === null) {
    const reason = read.readable ? VIDEO_PROCESSING_ERRORS.noDuration : VIDEO_PROCESSING_ERRORS.unreadable;
    await mark({ processingStatus: "failed", processingError: reason });
    return { failed: read.readable ? "no duration" : "unreadable" };
  }
  const durationSeconds = Math.max(1, Math.round(seconds));
  await mark({ processingStatus: "ready", processingError: null, durationSeconds });
  return { durationSeconds, source: read.seconds === null ? "recorder" : "file" };
}

export function runLessonVideoJob(deps: AppDeps, job: Job): Promise<Outcome> {
  const hint = typeof job.data.durationHint === "number" ? job.data.durationHint : null;
  return processLessonVideo(deps, String(job.data.lessonId ?? ""), String(job.data.fileId ?? ""), hint);
}

/** The job died (its retries spent on errors, e.g. the database): the lesson must not stay "Processando" for ever. */
export async function failLessonVideoJob(deps: AppDeps, job: Job): Promise<void> {
  const lessonId = String(job.data.lessonId ?? "");
  const fileId = String(job.data.fileId ?? "");
  await deps.db
    .update(academyLessons)
    .set({ processingStatus: "failed", processingError: VIDEO_PROCESSING_ERRORS.gaveUp, updatedAt: deps.now() })
    .where(and(eq(academyLessons.id, lessonId), eq(academyLessons.videoFileId, fileId), eq(academyLessons.lessonType, "video"), inArray(academyLessons.processingStatus, ["pending", "processing"])));
}
