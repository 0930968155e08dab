import { router } from "./trpc";

// PLACEHOLDER: filled by the web-search integration work (issue 6).
export const webSearchRouter = router({});
