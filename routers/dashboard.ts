import { z } from "zod";
import { dashboardPeriod, workspaceIdParam } from "../src/schemas/workspaces";
import { requireMembership } from "../src/services/access";
import { creditUsageHistory } from "../src/services/credits";
import { getDashboard } from "../src/services/dashboard";
import { authedProcedure, router, workspaceProcedure } from "./trpc";

export const dashboardRouter = router({
  /** Any member of the named workspace (not only the current one): the id is checked against membership. */
  get: authedProcedure.input(z.object({ workspaceId: workspaceIdParam.shape.id })).query(async ({ ctx, input }) => {
    const scope = await requireMembership(ctx.deps.db, ctx.session.user.id, input.workspaceId);
    return getDashboard(ctx.deps.db, scope.id, ctx.deps.now());
  }),
});

export const creditsRouter = router({
  usageHistory: workspaceProcedure
    .input(z.object({ period: dashboardPeriod }))
    .query(({ ctx, input }) => creditUsageHistory(ctx.deps.db, ctx.workspace.id, input.period as 7 | 15 | 30, ctx.deps.now())),
});
