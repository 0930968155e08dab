import { router } from "./trpc";

/** Contact memories and conversation summaries (issue 18). */
export const memoryRouter = router({});
