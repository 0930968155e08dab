import {
  recordingCreateLessonInput,
  recordingLessonStatusInput,
  recordingTemplateCreateInput,
  recordingTemplateIdInput,
  recordingTemplateUpdateInput,
} from "../src/schemas/academy/recording";
import { createRecordingLesson, listRecordingTargets, recordingLessonStatus } from "../src/services/academy/recording/lessons";
import { createRecordingTemplate, deleteRecordingTemplate, listRecordingTemplates, updateRecordingTemplate } from "../src/services/academy/recording/templates";
import { adminProcedure, router } from "./trpc";

/** Issue 19, /admin/academy/record: recording templates and saving a recording as a lesson (H4). */
export const adminAcademyRecordingRouter = router({
  templates: router({
    list: adminProcedure.query(({ ctx }) => listRecordingTemplates(ctx.deps)),
    create: adminProcedure.input(recordingTemplateCreateInput).mutation(({ ctx, input }) => createRecordingTemplate(ctx.deps, input)),
    update: adminProcedure.input(recordingTemplateUpdateInput).mutation(({ ctx, input }) => updateRecordingTemplate(ctx.deps, input)),
    delete: adminProcedure.input(recordingTemplateIdInput).mutation(({ ctx, input }) => deleteRecordingTemplate(ctx.deps, input.id)),
  }),
  targets: adminProcedure.query(({ ctx }) => listRecordingTargets(ctx.deps)),
  createLesson: adminProcedure.input(recordingCreateLessonInput).mutation(({ ctx, input }) => createRecordingLesson(ctx.deps, input)),
  lessonStatus: adminProcedure.input(recordingLessonStatusInput).query(({ ctx, input }) => recordingLessonStatus(ctx.deps, input.lessonId)),
});
