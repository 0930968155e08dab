import { router } from "./trpc";

/** Handoffs to people: pending list, accept, complete, settings (issue 18). */
export const handoffsRouter = router({});
