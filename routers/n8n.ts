import { router } from "./trpc";

// PLACEHOLDER: filled by the n8n integration work (issue 6).
export const n8nRouter = router({});
