/**
 * /academy/lessons/{lessonId} (issue 19): the lesson to play or read, its materials, the learner's
 * position, prev/next in the course and the module's quiz after its last lesson. Read-only: the
 * page's first progress call is what enrols the learner.
 */
import { and, asc, eq } from "drizzle-orm";
import { academyLessonMaterials, academyLessonProgress, academyLessons, academyModules, academyQuizzes, storedFiles } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { ACADEMY_LEARNER_ERRORS, normalizeEmbedUrl } from "../../schemas/academy/learner";
import { fileUrl } from "../../schemas/files";
import type { AppDeps } from "../context";
import type { Learner } from "./access";
import { orderedLessons, requireCourse } from "./course-view";

type Db = Pick<AppDeps, "db">;

export async function lessonCourseId(deps: Db, lessonId: string): Promise<string> {
  const [row] = await deps.db.select({ courseId: academyLessons.courseId }).from(academyLessons).where(eq(academyLessons.id, lessonId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", ACADEMY_LEARNER_ERRORS.lessonNotFound);
  return row.courseId;
}

export async function getLessonView(deps: Db, user: Learner, lessonId: string) {
  const course = await requireCourse(deps, user, await lessonCourseId(deps, lessonId));
  const lessons = await orderedLessons(deps, course.id);
  const index = lessons.findIndex((l) => l.id === lessonId);
  const lesson = lessons[index];
  if (!lesson) throw new AppError("NOT_FOUND", ACADEMY_LEARNER_ERRORS.lessonNotFound);
  const [module, materials, progress, quiz] = await Promise.all([
    deps.db
      .select({ id: academyModules.id, title: academyModules.title })
      .from(academyModules)
      .where(eq(academyModules.id, lesson.moduleId))
      .then((r) => r[0] ?? null),
    deps.db
      .select({ id: academyLessonMaterials.id, title: academyLessonMaterials.title, fileId: storedFiles.id, sizeBytes: storedFiles.sizeBytes, mimeType: storedFiles.mimeType })
      .from(academyLessonMaterials)
      .innerJoin(storedFiles, eq(storedFiles.id, academyLessonMaterials.fileId))
      .where(eq(academyLessonMaterials.lessonId, lessonId))
      .orderBy(asc(academyLessonMaterials.sortOrder), asc(academyLessonMaterials.createdAt)),
    deps.db
      .select()
      .from(academyLessonProgress)
      .where(and(eq(academyLessonProgress.userId, user.id), eq(academyLessonProgress.lessonId, lessonId)))
      .then((r) => r[0] ?? null),
    deps.db
      .select({ id: academyQuizzes.id, title: academyQuizzes.title })
      .from(academyQuizzes)
      .where(eq(academyQuizzes.moduleId, lesson.moduleId))
      .then((r) => r[0] ?? null),
  ]);
  const prev = lessons[index - 1];
  const next = lessons[index + 1];
  const lastOfModule = next?.moduleId !== lesson.moduleId;
  const videoReady = lesson.lessonType === "video" && lesson.processingStatus === "ready" && lesson.videoFileId !== null;

  return {
    id: lesson.id,
    courseId: course.id,
    courseTitle: course.title,
    moduleTitle: module?.title ?? "",
    title: lesson.title,
    description: lesson.description,
    lessonType: lesson.lessonType,
    contentMd: lesson.contentMd,
    durationSeconds: lesson.durationSeconds,
    /** Video lessons: playable only once the worker has read the upload. */
    ready: lesson.lessonType !== "video" || videoReady,
    processingStatus: lesson.processingStatus,
    videoUrl: videoReady && lesson.videoFileId ? fileUrl(lesson.videoFileId) : null,
    /** Only YouTube/Vimeo players are framed; another host is never returned. */
    embedUrl: lesson.lessonType === "embed" ? normalizeEmbedUrl(lesson.embedUrl) : null,
    materials: materials.map((m) => ({ id: m.id, title: m.title, url: fileUrl(m.fileId), sizeBytes: m.sizeBytes, mimeType: m.mimeType })),
    progress: { percent: progress?.percent ?? 0, positionSeconds: progress?.positionSeconds ?? 0, completed: Boolean(progress?.completedAt) },
    prev: prev ? { id: prev.id, title: prev.title } : null,
    next: next ? { id: next.id, title: next.title } : null,
    /** The module's quiz, offered after its last lesson. */
    quiz: lastOfModule && quiz ? { id: quiz.id, title: quiz.title, url: `/academy/quizzes/${quiz.id}` } : null,
  };
}
