import { router } from "./trpc";

/** Issue 19, module quizzes: start, submit, results (H2). */
export const academyQuizRouter = router({});
