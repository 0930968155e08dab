/**
 * Saving a recording as a lesson (issue 19): the courses and modules the save form offers, and the
 * new video lesson the recording is then uploaded to (POST /api/v1/admin/academy/lessons/{id}/video).
 */
import { asc, eq, sql } from "drizzle-orm";
import { academyCourses, academyLessons, academyModules } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import { RECORDING_TEXT, type RecordingLessonStatus, type RecordingTarget } from "../../../schemas/academy/recording";
import type { AppDeps } from "../../context";

/** Every course, published or not (a draft course is where new lessons usually go), with its modules in order. */
export async function listRecordingTargets(deps: Pick<AppDeps, "db">): Promise<RecordingTarget[]> {
  const courses = await deps.db
    .select({ id: academyCourses.id, title: academyCourses.title, isPublished: academyCourses.isPublished })
    .from(academyCourses)
    .orderBy(asc(academyCourses.sortOrder), asc(academyCourses.title));
  const modules = await deps.db
    .select({ id: academyModules.id, title: academyModules.title, courseId: academyModules.courseId })
    .from(academyModules)
    .orderBy(asc(academyModules.sortOrder), asc(academyModules.createdAt));
  return courses.map((c) => ({ ...c, modules: modules.filter((m) => m.courseId === c.id).map(({ id, title }) => ({ id, title })) }));
}

export type CreatedRecordingLesson = { lessonId: string; courseId: string };

/** A video lesson at the end of the module, pending until its recording is uploaded and read. */
export async function createRecordingLesson(deps: Pick<AppDeps, "db">, input: { moduleId: string; title: string; description: string }): Promise<CreatedRecordingLesson> {
  const [mod] = await deps.db.select({ id: academyModules.id, courseId: academyModules.courseId }).from(academyModules).where(eq(academyModules.id, input.moduleId)).limit(1);
  if (!mod) throw new AppError("NOT_FOUND", RECORDING_TEXT.moduleNotFound);
  const [row] = await deps.db
    .insert(academyLessons)
    .values({
      moduleId: mod.id,
      courseId: mod.courseId,
      title: input.title,
      description: input.description,
      lessonType: "video",
      processingStatus: "pending",
      // Last in the module, computed in the insert itself so two saves at once never share a place.
      sortOrder: sql`(SELECT COALESCE(MAX(${academyLessons.sortOrder}), -1) + 1 FROM ${academyLessons} WHERE ${academyLessons.moduleId} = ${mod.id})`,
    })
    .returning({ id: academyLessons.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar a aula.");
  return { lessonId: row.id, courseId: mod.courseId };
}

/** Where the saved recording stands: pending → processing → ready (with its duration) or failed. */
export async function recordingLessonStatus(deps: Pick<AppDeps, "db">, lessonId: string): Promise<RecordingLessonStatus> {
  const [row] = await deps.db
    .select({
      lessonId: academyLessons.id,
      courseId: academyLessons.courseId,
      title: academyLessons.title,
      processingStatus: academyLessons.processingStatus,
      durationSeconds: academyLessons.durationSeconds,
      processingError: academyLessons.processingError,
    })
    .from(academyLessons)
    .where(eq(academyLessons.id, lessonId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", RECORDING_TEXT.lessonNotFound);
  return row;
}
