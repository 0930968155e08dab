import { router } from "./trpc";

/** Orchestrations, their agents, rules and routers per channel; routing decisions and counters (issue 18). */
export const orchestrationsRouter = router({});
