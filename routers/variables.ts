import { router } from "./trpc";

/** Variable definitions and contact variables of the current workspace: issue 14. */
export const variablesRouter = router({});
