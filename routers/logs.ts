import { logIdInput, logsListInput } from "../src/schemas/activity";
import { getLog, listLogs, logOptions } from "../src/services/activity-log/queries";
import { router, workspaceProcedure } from "./trpc";

/**
 * Activity logs of the user and, for workspace admins, of the workspace (/logs) (issue 17). Reads
 * only: any member sees their own lines; the service refuses the workspace's to the others.
 */
export const logsRouter = router({
  list: workspaceProcedure.input(logsListInput).query(({ ctx, input }) => listLogs(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  get: workspaceProcedure.input(logIdInput).query(({ ctx, input }) => getLog(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  options: workspaceProcedure.query(({ ctx }) => logOptions(ctx.svc, ctx.workspace)),
});
