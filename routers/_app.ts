import { authRouter } from "./auth";
import { creditsRouter, dashboardRouter } from "./dashboard";
import { router } from "./trpc";
import { invitationsRouter, workspacesRouter } from "./workspaces";

export const appRouter = router({
  auth: authRouter,
  workspaces: workspacesRouter,
  invitations: invitationsRouter,
  dashboard: dashboardRouter,
  credits: creditsRouter,
});

export type AppRouter = typeof appRouter;
