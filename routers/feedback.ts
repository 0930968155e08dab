import { router } from "./trpc";

/** Chat feedback per agent and per-agent AI feature switches (issue 18). */
export const feedbackRouter = router({});
