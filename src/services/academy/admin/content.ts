/**
 * Modules, lessons and materials of a course (/admin/academy/cursos/{id}). Lessons carry their
 * course id (denormalised for the learner's reads), so a move between modules stays inside one course.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { academyLessonMaterials, academyLessons, academyModules, storedFiles } from "../../../../db/schema";
import type {
  LessonCreateInput,
  LessonMoveInput,
  LessonReorderInput,
  LessonUpdateInput,
  MaterialRenameInput,
  ModuleCreateInput,
  ModuleReorderInput,
  ModuleUpdateInput,
} from "../../../schemas/academy/admin";
import { fileUrl } from "../../../schemas/files";
import { AppError } from "../../../lib/errors";
import type { AppDeps } from "../../context";
import { reorderSiblings, requireCourse } from "./courses";
import { deleteFiles, fileIdsOfLesson, fileIdsOfModule } from "./files";

const MODULE_NOT_FOUND = "Módulo não encontrado.";
const LESSON_NOT_FOUND = "Aula não encontrada.";

export async function requireModule(deps: Pick<AppDeps, "db">, id: string) {
  const [row] = await deps.db.select().from(academyModules).where(eq(academyModules.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MODULE_NOT_FOUND);
  return row;
}

async function requireLesson(deps: Pick<AppDeps, "db">, id: string) {
  const [row] = await deps.db.select().from(academyLessons).where(eq(academyLessons.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", LESSON_NOT_FOUND);
  return row;
}

/** The lesson's fields as stored: only an embed lesson keeps a URL. */
const lessonValues = (input: Omit<LessonCreateInput, "moduleId">) => ({ ...input, embedUrl: input.lessonType === "embed" ? input.embedUrl : null });

async function nextLessonOrder(deps: Pick<AppDeps, "db">, moduleId: string) {
  const [last] = await deps.db.select({ max: sql<number>`coalesce(max(${academyLessons.sortOrder}), -1)` }).from(academyLessons).where(eq(academyLessons.moduleId, moduleId));
  return (last?.max ?? -1) + 1;
}

export async function createModule(deps: AppDeps, input: ModuleCreateInput) {
  await requireCourse(deps, input.courseId);
  const [last] = await deps.db.select({ max: sql<number>`coalesce(max(${academyModules.sortOrder}), -1)` }).from(academyModules).where(eq(academyModules.courseId, input.courseId));
  const [row] = await deps.db
    .insert(academyModules)
    .values({ ...input, sortOrder: (last?.max ?? -1) + 1 })
    .returning({ id: academyModules.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar o módulo.");
  return { id: row.id };
}

export async function updateModule(deps: AppDeps, input: ModuleUpdateInput) {
  await requireModule(deps, input.id);
  await deps.db.update(academyModules).set({ title: input.title, description: input.description, updatedAt: Date.now() }).where(eq(academyModules.id, input.id));
  return { ok: true as const };
}

export async function deleteModule(deps: AppDeps, id: string) {
  await requireModule(deps, id);
  const fileIds = await fileIdsOfModule(deps, id);
  await deps.db.delete(academyModules).where(eq(academyModules.id, id));
  await deleteFiles(deps, fileIds);
  return { ok: true as const };
}

export async function reorderModules(deps: AppDeps, input: ModuleReorderInput) {
  await requireCourse(deps, input.courseId);
  await reorderSiblings(deps, academyModules, eq(academyModules.courseId, input.courseId), input.ids);
  return { ok: true as const };
}

/** A new lesson goes last in its module; a video lesson stays pending until its file is uploaded. */
export async function createLesson(deps: AppDeps, input: LessonCreateInput) {
  const { moduleId, ...fields } = input;
  const mod = await requireModule(deps, moduleId);
  const [row] = await deps.db
    .insert(academyLessons)
    .values({
      ...lessonValues(fields),
      moduleId,
      courseId: mod.courseId,
      sortOrder: await nextLessonOrder(deps, moduleId),
      processingStatus: fields.lessonType === "video" ? "pending" : "ready",
    })
    .returning({ id: academyLessons.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar a aula.");
  return { id: row.id };
}

/** Switching to video keeps the uploaded file's state; switching away marks the lesson ready (nothing to process). */
export async function updateLesson(deps: AppDeps, input: LessonUpdateInput) {
  const { id, ...fields } = input;
  const lesson = await requireLesson(deps, id);
  const processingStatus = fields.lessonType === "video" ? (lesson.lessonType === "video" ? lesson.processingStatus : lesson.videoFileId ? "ready" : "pending") : "ready";
  await deps.db
    .update(academyLessons)
    .set({ ...lessonValues(fields), processingStatus, updatedAt: Date.now() })
    .where(eq(academyLessons.id, id));
  return { ok: true as const };
}

export async function deleteLesson(deps: AppDeps, id: string) {
  await requireLesson(deps, id);
  const fileIds = await fileIdsOfLesson(deps, id);
  await deps.db.delete(academyLessons).where(eq(academyLessons.id, id));
  await deleteFiles(deps, fileIds);
  return { ok: true as const };
}

export async function reorderLessons(deps: AppDeps, input: LessonReorderInput) {
  await requireModule(deps, input.moduleId);
  await reorderSiblings(deps, academyLessons, eq(academyLessons.moduleId, input.moduleId), input.ids);
  return { ok: true as const };
}

export async function moveLesson(deps: AppDeps, input: LessonMoveInput) {
  const lesson = await requireLesson(deps, input.id);
  const target = await requireModule(deps, input.moduleId);
  if (target.courseId !== lesson.courseId) throw new AppError("VALIDATION", "A aula só pode ir para outro módulo do mesmo curso.");
  if (target.id === lesson.moduleId) return { ok: true as const };
  await deps.db
    .update(academyLessons)
    .set({ moduleId: target.id, sortOrder: await nextLessonOrder(deps, target.id), updatedAt: Date.now() })
    .where(eq(academyLessons.id, lesson.id));
  return { ok: true as const };
}

export async function listMaterials(deps: AppDeps, lessonId: string) {
  await requireLesson(deps, lessonId);
  const rows = await deps.db
    .select({ id: academyLessonMaterials.id, title: academyLessonMaterials.title, fileId: academyLessonMaterials.fileId, fileName: storedFiles.fileName, sizeBytes: storedFiles.sizeBytes, mimeType: storedFiles.mimeType })
    .from(academyLessonMaterials)
    .innerJoin(storedFiles, eq(storedFiles.id, academyLessonMaterials.fileId))
    .where(eq(academyLessonMaterials.lessonId, lessonId))
    .orderBy(asc(academyLessonMaterials.sortOrder), asc(academyLessonMaterials.createdAt));
  return rows.map((r) => ({ ...r, url: fileUrl(r.fileId) }));
}

export async function renameMaterial(deps: AppDeps, input: MaterialRenameInput) {
  const [row] = await deps.db.update(academyLessonMaterials).set({ title: input.title }).where(eq(academyLessonMaterials.id, input.id)).returning({ id: academyLessonMaterials.id });
  if (!row) throw new AppError("NOT_FOUND", "Material não encontrado.");
  return { ok: true as const };
}

/** The row goes with its stored file (bytes too): a material is never shared between lessons. */
export async function deleteMaterial(deps: AppDeps, id: string) {
  const [row] = await deps.db.select({ fileId: academyLessonMaterials.fileId }).from(academyLessonMaterials).where(and(eq(academyLessonMaterials.id, id))).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Material não encontrado.");
  await deps.db.delete(academyLessonMaterials).where(eq(academyLessonMaterials.id, id));
  await deleteFiles(deps, [row.fileId]);
  return { ok: true as const };
}
