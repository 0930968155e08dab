import { router } from "./trpc";

/** Issue 19, learner side: catalogue, course, lesson, progress (H1). */
export const academyRouter = router({});
