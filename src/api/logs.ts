import { Hono } from "hono";
import { parseLogsQuery } from "../schemas/activity";
import { exportLogsCsv, logsExportFileName } from "../services/activity-log/export";
import { type HonoEnv, serviceContext } from "./context";
import { requireCurrentWorkspace, requireSession } from "./guards";

/**
 * /api/v1/logs/export: the /logs filter's lines as a streamed CSV (a plain link the browser saves
 * as it arrives). Same access as logs.list: own lines, or the workspace's for its admins.
 */
export const logRoutes = new Hono<HonoEnv>().get("/export", async (c) => {
  const scope = await requireCurrentWorkspace(c);
  const filter = parseLogsQuery(c.req.query());
  const ctx = serviceContext(c, scope);
  const body = await exportLogsCsv(ctx, scope, requireSession(c).user.id, filter);
  c.header("content-disposition", `attachment; filename="${logsExportFileName(ctx.now())}"`);
  c.header("cache-control", "no-store");
  return c.body(body, 200, { "content-type": "text/csv; charset=utf-8" });
});
