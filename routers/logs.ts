import { router } from "./trpc";

/** Activity logs of the user and, for workspace admins, of the workspace (/logs) (issue 17). */
export const logsRouter = router({});
