import { router } from "./trpc";

// PLACEHOLDER: filled by the notion integration work (issue 6).
export const notionRouter = router({});
