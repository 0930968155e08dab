import { router } from "./trpc";

/** A/B tests of an agent: variants, split, metrics, results, promote (issue 18). */
export const abTestsRouter = router({});
