import { router } from "./trpc";

/** Sentiment metrics, alert rules and alerts, tags (issue 18). */
export const insightsRouter = router({});
