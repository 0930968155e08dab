import { router } from "./trpc";

/** Per-agent switches of the issue-18 features that make extra model calls (sentiment, alerts, memory, summaries, tags). */
export const agentAiFeaturesRouter = router({});
