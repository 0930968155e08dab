import { courseIdInput, lessonCompleteInput, lessonIdInput, lessonProgressInput } from "../src/schemas/academy/learner";
import { listCourses } from "../src/services/academy/catalog";
import { getCourseView } from "../src/services/academy/course-view";
import { getLessonView } from "../src/services/academy/lesson-view";
import { completeLesson, saveProgress } from "../src/services/academy/progress";
import { authedProcedure, router } from "./trpc";

/**
 * Issue 19, learner side: catalogue, course, lesson, progress (H1). Any signed-in user; what each may
 * open is decided per course (src/services/academy/access.ts), not by the workspace in the session.
 */
export const academyRouter = router({
  courses: authedProcedure.query(({ ctx }) => listCourses(ctx.svc, ctx.session.user)),
  course: authedProcedure.input(courseIdInput).query(({ ctx, input }) => getCourseView(ctx.svc, ctx.session.user, input.id)),
  lesson: authedProcedure.input(lessonIdInput).query(({ ctx, input }) => getLessonView(ctx.svc, ctx.session.user, input.id)),
  progress: authedProcedure.input(lessonProgressInput).mutation(({ ctx, input }) => saveProgress(ctx.svc, ctx.session.user, input)),
  complete: authedProcedure.input(lessonCompleteInput).mutation(({ ctx, input }) => completeLesson(ctx.svc, ctx.session.user, input.lessonId)),
});
