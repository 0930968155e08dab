import { adminRouter } from "./admin";
import { agentsRouter } from "./agents";
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
  agents: agentsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
