/**
 * A lesson's downloadable material (issue 19): the type is decided by the file's extension and
 * confirmed by its first bytes; the bytes go to the private file store, the row to
 * academy_lesson_materials at the end of the lesson's list.
 */
import { eq, sql } from "drizzle-orm";
import { academyLessonMaterials, academyLessons } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import { LESSON_MATERIAL_MAX_BYTES, LESSON_MATERIAL_TYPES, LESSON_UPLOAD_ERRORS, type LessonMaterialUploaded } from "../../../schemas/academy/recording";
import { logActivity } from "../../activity";
import type { AppDeps, RequestMeta } from "../../context";
import { deleteStoredFile, sanitizeFileName, saveStoredFile } from "../../files/store";
import { readHead } from "./head";
import { extensionOf, materialMatches } from "./sniff";

export type LessonMaterialUpload = {
  lessonId: string;
  adminUserId: string;
  fileName: string;
  body: Uint8Array | ReadableStream<Uint8Array>;
};

/** "Roteiro da aula.pdf" → "Roteiro da aula": what the learner reads in the list. */
const titleOf = (fileName: string) => fileName.replace(/\.[^.]+$/, "").trim() || fileName;

export async function uploadLessonMaterial(deps: AppDeps, meta: RequestMeta, input: LessonMaterialUpload): Promise<LessonMaterialUploaded> {
  const fileName = sanitizeFileName(input.fileName);
  const extension = extensionOf(fileName);
  const mimeType = LESSON_MATERIAL_TYPES[extension];
  if (!mimeType) throw new AppError("VALIDATION", LESSON_UPLOAD_ERRORS.materialType, { field: "X-File-Name" });
  const [lesson] = await deps.db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.id, input.lessonId)).limit(1);
  if (!lesson) throw new AppError("NOT_FOUND", LESSON_UPLOAD_ERRORS.lessonNotFound);

  const file = await saveStoredFile(
    deps,
    { purpose: "lesson_material", ownerUserId: input.adminUserId, refId: input.lessonId, fileName, mimeType },
    input.body,
    { maxBytes: LESSON_MATERIAL_MAX_BYTES, message: LESSON_UPLOAD_ERRORS.materialTooLarge },
  );
  const refuse = async (message: string) => {
    await deleteStoredFile(deps, file.id);
    return new AppError("VALIDATION", message, { field: "file" });
  };
  if (file.sizeBytes === 0) throw await refuse(LESSON_UPLOAD_ERRORS.emptyFile);
  if (!materialMatches(extension, await readHead(deps.env, file, 512))) throw await refuse(LESSON_UPLOAD_ERRORS.materialContent);

  const title = titleOf(fileName).slice(0, 200);
  const [row] = await deps.db
    .insert(academyLessonMaterials)
    .values({
      lessonId: input.lessonId,
      fileId: file.id,
      title,
      // At the end of the list, in the same statement: two uploads at once never share a position.
      sortOrder: sql`(SELECT COALESCE(MAX(${academyLessonMaterials.sortOrder}), -1) + 1 FROM ${academyLessonMaterials} WHERE ${academyLessonMaterials.lessonId} = ${input.lessonId})`,
    })
    .returning({ id: academyLessonMaterials.id })
    .catch(async (e: unknown) => {
      // The lesson was deleted while the bytes arrived (its foreign key refuses the row).
      await deleteStoredFile(deps, file.id);
      throw e;
    });
  if (!row) throw new AppError("INTERNAL", "Não foi possível guardar o material.");
  await logActivity(deps.db, meta, {
    userId: input.adminUserId,
    action: "admin.academy.lessonMaterial.upload",
    category: "admin",
    resourceType: "academy_lesson",
    resourceId: input.lessonId,
    description: `Material enviado para a aula: ${fileName}`,
    details: { fileId: file.id, materialId: row.id, sizeBytes: file.sizeBytes },
  });
  return { id: row.id, fileId: file.id, title };
}
