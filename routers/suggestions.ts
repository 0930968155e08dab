import { router } from "./trpc";

/** Issue 19, feature suggestions and votes (H7). */
export const suggestionsRouter = router({});
