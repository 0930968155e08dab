import { quizIdInput, quizSubmitInput } from "../src/schemas/academy/quiz";
import { getQuiz, startQuiz, submitQuiz } from "../src/services/academy/quiz";
import { authedProcedure, router } from "./trpc";

/** Issue 19, module quizzes: read (answers hidden until allowed), start an attempt, submit it for a server-side score. */
export const academyQuizRouter = router({
  get: authedProcedure.input(quizIdInput).query(({ ctx, input }) => getQuiz(ctx.svc, ctx.session.user, input.quizId)),
  start: authedProcedure.input(quizIdInput).mutation(({ ctx, input }) => startQuiz(ctx.svc, ctx.session.user, input.quizId)),
  submit: authedProcedure.input(quizSubmitInput).mutation(({ ctx, input }) => submitQuiz(ctx.svc, ctx.session.user, input)),
});
