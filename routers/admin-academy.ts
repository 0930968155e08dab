import { router } from "./trpc";

/** Issue 19, academy admin: courses, modules, lessons, quizzes, questions, order, stats (H3). */
export const adminAcademyRouter = router({});
