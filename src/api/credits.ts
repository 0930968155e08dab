import { Hono } from "hono";
import { dashboardPeriod } from "../schemas/workspaces";
import { creditUsageHistory } from "../services/credits";
import type { HonoEnv } from "./context";
import { requireCurrentWorkspace } from "./guards";

export const creditRoutes = new Hono<HonoEnv>().get("/history", async (c) => {
  const scope = await requireCurrentWorkspace(c);
  const period = dashboardPeriod.parse(c.req.query("period") ?? 30) as 7 | 15 | 30;
  return c.json({ data: await creditUsageHistory(c.get("deps").db, scope.id, period, c.get("deps").now()) });
});
