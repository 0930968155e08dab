/**
 * The files that hang off academy content (lesson videos, materials). Rows cascade when a course,
 * module or lesson goes, the stored files do not: these helpers collect their ids first and remove
 * them (row and bytes) after the content is gone.
 */
import { eq, inArray } from "drizzle-orm";
import { academyLessonMaterials, academyLessons } from "../../../../db/schema";
import type { AppDeps } from "../../context";
import { deleteStoredFile } from "../../files/store";

async function fileIdsOfLessons(deps: Pick<AppDeps, "db">, lessonIds: string[]): Promise<string[]> {
  if (!lessonIds.length) return [];
  const [videos, materials] = await Promise.all([
    deps.db.select({ id: academyLessons.videoFileId }).from(academyLessons).where(inArray(academyLessons.id, lessonIds)),
    deps.db.select({ id: academyLessonMaterials.fileId }).from(academyLessonMaterials).where(inArray(academyLessonMaterials.lessonId, lessonIds)),
  ]);
  return [...videos.flatMap((v) => (v.id ? [v.id] : [])), ...materials.map((m) => m.id)];
}

export async function fileIdsOfCourse(deps: Pick<AppDeps, "db">, courseId: string) {
  const lessons = await deps.db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.courseId, courseId));
  return fileIdsOfLessons(
    deps,
    lessons.map((l) => l.id),
  );
}

export async function fileIdsOfModule(deps: Pick<AppDeps, "db">, moduleId: string) {
  const lessons = await deps.db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.moduleId, moduleId));
  return fileIdsOfLessons(
    deps,
    lessons.map((l) => l.id),
  );
}

export const fileIdsOfLesson = (deps: Pick<AppDeps, "db">, lessonId: string) => fileIdsOfLessons(deps, [lessonId]);

export async function deleteFiles(deps: AppDeps, ids: string[]) {
  for (const id of ids) await deleteStoredFile(deps, id);
}
