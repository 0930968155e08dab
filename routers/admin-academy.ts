import {
  academyIdInput,
  accessOptionsInput,
  courseAccessInput,
  courseCreateInput,
  courseListInput,
  courseReorderInput,
  courseStatsInput,
  courseUpdateInput,
  lessonCreateInput,
  lessonMoveInput,
  lessonReorderInput,
  lessonUpdateInput,
  materialListInput,
  materialRenameInput,
  moduleCreateInput,
  moduleReorderInput,
  moduleUpdateInput,
  questionCreateInput,
  questionReorderInput,
  questionUpdateInput,
  quizUpsertInput,
} from "../src/schemas/academy/admin";
import {
  createLesson,
  createModule,
  deleteLesson,
  deleteMaterial,
  deleteModule,
  listMaterials,
  moveLesson,
  renameMaterial,
  reorderLessons,
  reorderModules,
  updateLesson,
  updateModule,
} from "../src/services/academy/admin/content";
import {
  accessOptions,
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
  reorderCourses,
  setCourseAccess,
  setPublished,
  updateCourse,
} from "../src/services/academy/admin/courses";
import { createQuestion, deleteQuestion, deleteQuiz, reorderQuestions, updateQuestion, upsertQuiz } from "../src/services/academy/admin/quiz";
import { courseStats } from "../src/services/academy/admin/stats";
import { adminProcedure, router } from "./trpc";

/** Issue 19, academy admin (/admin/academy): courses, modules, lessons, quizzes, questions, order, stats (H3). */
export const adminAcademyRouter = router({
  courses: router({
    list: adminProcedure.input(courseListInput).query(({ ctx, input }) => listCourses(ctx.deps, input)),
    get: adminProcedure.input(academyIdInput).query(({ ctx, input }) => getCourse(ctx.deps, input.id)),
    create: adminProcedure.input(courseCreateInput).mutation(({ ctx, input }) => createCourse(ctx.deps, ctx.session.user.id, input)),
    update: adminProcedure.input(courseUpdateInput).mutation(({ ctx, input }) => updateCourse(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteCourse(ctx.deps, input.id)),
    publish: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => setPublished(ctx.deps, input.id, true)),
    unpublish: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => setPublished(ctx.deps, input.id, false)),
    reorder: adminProcedure.input(courseReorderInput).mutation(({ ctx, input }) => reorderCourses(ctx.deps, input)),
    setAccess: adminProcedure.input(courseAccessInput).mutation(({ ctx, input }) => setCourseAccess(ctx.deps, input)),
    accessOptions: adminProcedure.input(accessOptionsInput).query(({ ctx, input }) => accessOptions(ctx.deps, input)),
  }),
  modules: router({
    create: adminProcedure.input(moduleCreateInput).mutation(({ ctx, input }) => createModule(ctx.deps, input)),
    update: adminProcedure.input(moduleUpdateInput).mutation(({ ctx, input }) => updateModule(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteModule(ctx.deps, input.id)),
    reorder: adminProcedure.input(moduleReorderInput).mutation(({ ctx, input }) => reorderModules(ctx.deps, input)),
  }),
  lessons: router({
    create: adminProcedure.input(lessonCreateInput).mutation(({ ctx, input }) => createLesson(ctx.deps, input)),
    update: adminProcedure.input(lessonUpdateInput).mutation(({ ctx, input }) => updateLesson(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteLesson(ctx.deps, input.id)),
    reorder: adminProcedure.input(lessonReorderInput).mutation(({ ctx, input }) => reorderLessons(ctx.deps, input)),
    move: adminProcedure.input(lessonMoveInput).mutation(({ ctx, input }) => moveLesson(ctx.deps, input)),
  }),
  materials: router({
    list: adminProcedure.input(materialListInput).query(({ ctx, input }) => listMaterials(ctx.deps, input.lessonId)),
    rename: adminProcedure.input(materialRenameInput).mutation(({ ctx, input }) => renameMaterial(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteMaterial(ctx.deps, input.id)),
  }),
  quizzes: router({
    upsert: adminProcedure.input(quizUpsertInput).mutation(({ ctx, input }) => upsertQuiz(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteQuiz(ctx.deps, input.id)),
  }),
  questions: router({
    create: adminProcedure.input(questionCreateInput).mutation(({ ctx, input }) => createQuestion(ctx.deps, input)),
    update: adminProcedure.input(questionUpdateInput).mutation(({ ctx, input }) => updateQuestion(ctx.deps, input)),
    delete: adminProcedure.input(academyIdInput).mutation(({ ctx, input }) => deleteQuestion(ctx.deps, input.id)),
    reorder: adminProcedure.input(questionReorderInput).mutation(({ ctx, input }) => reorderQuestions(ctx.deps, input)),
  }),
  stats: adminProcedure.input(courseStatsInput).query(({ ctx, input }) => courseStats(ctx.deps, input.courseId)),
});
