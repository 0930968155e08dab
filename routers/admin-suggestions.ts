import { router } from "./trpc";

/** Issue 19, moderating feature suggestions (H7). */
export const adminSuggestionsRouter = router({});
