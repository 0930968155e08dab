import { z } from "zod";
import { dashboardPeriod, workspaceIdParam } from "../src/schemas/workspaces";
import { AppError } from "../src/lib/errors";
import { creditUsageHistory } from "../src/services/credits";
import { getDashboard } from "../src/services/dashboard";
import { resolveWorkspaceScope } from "../src/services/workspaces";
import { authedProcedure, router, workspaceProcedure } from "./trpc";

export const dashboardRouter = router({
  get: authedProcedure.input(z.object({ workspaceId: workspaceIdParam.shape.id })).query(async ({ ctx, input }) => {
    const scope = await resolveWorkspaceScope(ctx.deps.db, ctx.session.user.id, input.workspaceId);
    if (!scope) throw new AppError("NOT_FOUND", "Workspace não encontrado");
    return getDashboard(ctx.deps.db, scope.id, ctx.deps.now());
  }),
});

export const creditsRouter = router({
  usageHistory: workspaceProcedure
    .input(z.object({ period: dashboardPeriod }))
    .query(({ ctx, input }) => creditUsageHistory(ctx.deps.db, ctx.workspace.id, input.period as 7 | 15 | 30, ctx.deps.now())),
});
