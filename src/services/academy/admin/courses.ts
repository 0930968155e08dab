/**
 * Courses as the admin edits them (/admin/academy): the paged list with enrolment figures, the whole
 * tree for the editor, create/update/delete, publish, order, and who may open a restricted course.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  academyCourseAccess,
  academyCourses,
  academyEnrollments,
  academyLessonMaterials,
  academyLessons,
  academyModules,
  academyQuizQuestions,
  academyQuizzes,
  plans,
  storedFiles,
  workspaces,
} from "../../../../db/schema";
import { fileUrl } from "../../../schemas/files";
import type { AccessOptionsInput, CourseAccessInput, CourseCreateInput, CourseListInput, CourseReorderInput, CourseUpdateInput } from "../../../schemas/academy/admin";
import { AppError } from "../../../lib/errors";
import { type AppDeps, withTransaction } from "../../context";
import { deleteFiles, fileIdsOfCourse } from "./files";

export const COURSE_NOT_FOUND = "Curso não encontrado.";

export async function requireCourse(deps: Pick<AppDeps, "db">, id: string) {
  const [row] = await deps.db.select().from(academyCourses).where(eq(academyCourses.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", COURSE_NOT_FOUND);
  return row;
}

/** `%`/`_` typed by the admin are literal characters, not wildcards. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCourses(deps: AppDeps, input: CourseListInput) {
  const where: SQL[] = [];
  if (input.q) where.push(sql`${academyCourses.title} like ${likeTerm(input.q)} escape '\\'`);
  if (input.published !== "all") where.push(eq(academyCourses.isPublished, input.published === "published"));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: academyCourses.id,
        title: academyCourses.title,
        difficultyLevel: academyCourses.difficultyLevel,
        accessLevel: academyCourses.accessLevel,
        isPublished: academyCourses.isPublished,
        publishedAt: academyCourses.publishedAt,
        sortOrder: academyCourses.sortOrder,
        updatedAt: academyCourses.updatedAt,
        enrolled: sql<number>`(select count(*) from ${academyEnrollments} e where e.course_id = "academy_courses"."id")`,
        completed: sql<number>`(select count(*) from ${academyEnrollments} e where e.course_id = "academy_courses"."id" and e.completed_at is not null)`,
        lessonCount: sql<number>`(select count(*) from ${academyLessons} l where l.course_id = "academy_courses"."id")`,
      })
      .from(academyCourses)
      .where(filter)
      .orderBy(asc(academyCourses.sortOrder), asc(academyCourses.createdAt))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    deps.db.select({ n: count() }).from(academyCourses).where(filter),
  ]);
  return { items: rows, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** The whole course for the editor: access, modules → lessons (materials, video state) → quiz with its answers. */
export async function getCourse(deps: AppDeps, id: string) {
  const course = await requireCourse(deps, id);
  const [access, modules, lessons, quizzes] = await Promise.all([
    deps.db.select().from(academyCourseAccess).where(eq(academyCourseAccess.courseId, id)),
    deps.db.select().from(academyModules).where(eq(academyModules.courseId, id)).orderBy(asc(academyModules.sortOrder), asc(academyModules.createdAt)),
    deps.db.select().from(academyLessons).where(eq(academyLessons.courseId, id)).orderBy(asc(academyLessons.sortOrder), asc(academyLessons.createdAt)),
    deps.db.select().from(academyQuizzes).where(eq(academyQuizzes.courseId, id)),
  ]);
  const lessonIds = lessons.map((l) => l.id);
  const quizIds = quizzes.map((q) => q.id);
  const [materials, questions, videos] = await Promise.all([
    lessonIds.length
      ? deps.db
          .select({ id: academyLessonMaterials.id, lessonId: academyLessonMaterials.lessonId, title: academyLessonMaterials.title, fileId: academyLessonMaterials.fileId, sizeBytes: storedFiles.sizeBytes, mimeType: storedFiles.mimeType })
          .from(academyLessonMaterials)
          .innerJoin(storedFiles, eq(storedFiles.id, academyLessonMaterials.fileId))
          .where(inArray(academyLessonMaterials.lessonId, lessonIds))
          .orderBy(asc(academyLessonMaterials.sortOrder), asc(academyLessonMaterials.createdAt))
      : [],
    quizIds.length ? deps.db.select().from(academyQuizQuestions).where(inArray(academyQuizQuestions.quizId, quizIds)).orderBy(asc(academyQuizQuestions.sortOrder), asc(academyQuizQuestions.createdAt)) : [],
    lessonIds.length
      ? deps.db.select({ id: storedFiles.id, fileName: storedFiles.fileName, sizeBytes: storedFiles.sizeBytes }).from(storedFiles).where(and(eq(storedFiles.purpose, "lesson_video"), inArray(storedFiles.refId, lessonIds)))
      : [],
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));
  return {
    ...course,
    planIds: access.flatMap((a) => (a.planId ? [a.planId] : [])),
    workspaceIds: access.flatMap((a) => (a.workspaceId ? [a.workspaceId] : [])),
    modules: modules.map((m) => {
      const quiz = quizzes.find((q) => q.moduleId === m.id);
      return {
        ...m,
        lessons: lessons
          .filter((l) => l.moduleId === m.id)
          .map((l) => {
            const video = l.videoFileId ? videoById.get(l.videoFileId) : undefined;
            return {
              ...l,
              video: video ? { fileName: video.fileName, sizeBytes: video.sizeBytes, url: fileUrl(video.id) } : null,
              materials: materials.filter((x) => x.lessonId === l.id).map((x) => ({ ...x, url: fileUrl(x.fileId) })),
            };
          }),
        quiz: quiz ? { ...quiz, questions: questions.filter((q) => q.quizId === quiz.id) } : null,
      };
    }),
  };
}

/** A new course goes last, unpublished. */
export async function createCourse(deps: AppDeps, userId: string, input: CourseCreateInput) {
  const [last] = await deps.db.select({ max: sql<number>`coalesce(max(${academyCourses.sortOrder}), -1)` }).from(academyCourses);
  const [row] = await deps.db
    .insert(academyCourses)
    .values({ ...input, sortOrder: (last?.max ?? -1) + 1, createdBy: userId })
    .returning({ id: academyCourses.id });
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar o curso.");
  return { id: row.id };
}

export async function updateCourse(deps: AppDeps, input: CourseUpdateInput) {
  const { id, ...fields } = input;
  await requireCourse(deps, id);
  await deps.db.update(academyCourses).set({ ...fields, updatedAt: Date.now() }).where(eq(academyCourses.id, id));
  return { ok: true as const };
}

/** Everything under the course goes by cascade; its files (videos, materials) are removed from disk too. */
export async function deleteCourse(deps: AppDeps, id: string) {
  await requireCourse(deps, id);
  const fileIds = await fileIdsOfCourse(deps, id);
  await deps.db.delete(academyCourses).where(eq(academyCourses.id, id));
  await deleteFiles(deps, fileIds);
  return { ok: true as const };
}

/** publishedAt keeps the first publication: unpublishing to fix a typo does not make the course "new" again. */
export async function setPublished(deps: AppDeps, id: string, published: boolean) {
  const course = await requireCourse(deps, id);
  if (published) {
    const [lessons] = await deps.db.select({ n: count() }).from(academyLessons).where(eq(academyLessons.courseId, id));
    if (!lessons?.n) throw new AppError("PRECONDITION_FAILED", "Adicione pelo menos uma aula antes de publicar o curso.");
  }
  const now = Date.now();
  await deps.db
    .update(academyCourses)
    .set({ isPublished: published, publishedAt: published ? (course.publishedAt ?? now) : course.publishedAt, updatedAt: now })
    .where(eq(academyCourses.id, id));
  return { ok: true as const, isPublished: published };
}

type OrderedTable = typeof academyCourses | typeof academyModules | typeof academyLessons | typeof academyQuizQuestions;
type Tx = Parameters<Parameters<typeof withTransaction>[1]>[0];

/** Sets sort_order = position for a full list of sibling ids (every sibling, each once). */
async function applyOrder(tx: Tx, table: OrderedTable, ids: string[]) {
  const now = Date.now();
  for (const [i, id] of ids.entries()) await tx.update(table).set({ sortOrder: i, updatedAt: now }).where(eq(table.id, id));
}

/** The new order must name exactly the current siblings: a stale page cannot drop or smuggle items. */
function sameSet(current: string[], proposed: string[]) {
  // Each id once: [a, a] for [a, b] has the right length and only known ids, yet drops b.
  if (current.length !== proposed.length || new Set(proposed).size !== proposed.length) throw new AppError("CONFLICT", "A lista mudou enquanto você reordenava. Recarregue a página e tente de novo.");
  const have = new Set(current);
  if (!proposed.every((id) => have.has(id))) throw new AppError("CONFLICT", "A lista mudou enquanto você reordenava. Recarregue a página e tente de novo.");
}

/**
 * Reorders the siblings `siblings` selects (a course's modules, a module's lessons…) to `ids`. The
 * check and the write share one transaction: a sibling added in between is not left out of the order.
 */
export async function reorderSiblings(deps: Pick<AppDeps, "db">, table: OrderedTable, siblings: SQL | undefined, ids: string[]) {
  await withTransaction(deps.db, async (tx) => {
    const current = await tx.select({ id: table.id }).from(table).where(siblings);
    sameSet(
      current.map((r) => r.id),
      ids,
    );
    await applyOrder(tx, table, ids);
  });
}

export async function reorderCourses(deps: AppDeps, input: CourseReorderInput) {
  await reorderSiblings(deps, academyCourses, undefined, input.ids);
  return { ok: true as const };
}

/** Replaces the plan/workspace lists of a course; unknown ids are refused rather than silently dropped. */
export async function setCourseAccess(deps: AppDeps, input: CourseAccessInput) {
  await requireCourse(deps, input.courseId);
  if (input.planIds.length) {
    const found = await deps.db.select({ id: plans.id }).from(plans).where(inArray(plans.id, input.planIds));
    if (found.length !== new Set(input.planIds).size) throw new AppError("NOT_FOUND", "Plano não encontrado.");
  }
  if (input.workspaceIds.length) {
    const found = await deps.db.select({ id: workspaces.id }).from(workspaces).where(inArray(workspaces.id, input.workspaceIds));
    if (found.length !== new Set(input.workspaceIds).size) throw new AppError("NOT_FOUND", "Workspace não encontrado.");
  }
  await withTransaction(deps.db, async (tx) => {
    await tx.delete(academyCourseAccess).where(eq(academyCourseAccess.courseId, input.courseId));
    const rows: (typeof academyCourseAccess.$inferInsert)[] = [
      ...[...new Set(input.planIds)].map((planId) => ({ courseId: input.courseId, planId })),
      ...[...new Set(input.workspaceIds)].map((workspaceId) => ({ courseId: input.courseId, workspaceId })),
    ];
    if (rows.length) await tx.insert(academyCourseAccess).values(rows);
  });
  return { ok: true as const };
}

/** Plans and (searched) workspaces for the access picker. */
export async function accessOptions(deps: AppDeps, input: AccessOptionsInput) {
  const [planRows, workspaceRows] = await Promise.all([
    deps.db.select({ id: plans.id, name: plans.name, isActive: plans.isActive }).from(plans).orderBy(asc(plans.name)),
    deps.db
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .where(input.q ? sql`${workspaces.name} like ${likeTerm(input.q)} escape '\\'` : undefined)
      // The newest matches off workspaces_created_idx (a name sort would read every workspace first).
      .orderBy(desc(workspaces.createdAt))
      .limit(30),
  ]);
  return { plans: planRows, workspaces: workspaceRows };
}
