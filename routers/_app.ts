import { adminRouter } from "./admin";
import { agentsRouter } from "./agents";
import { authRouter } from "./auth";
import { channelsRouter } from "./channels";
import { conversationsRouter } from "./conversations";
import { creditsRouter, dashboardRouter } from "./dashboard";
import { dynamicApiRouter } from "./dynamic-api";
import { trainingRouter } from "./training";
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
  training: trainingRouter,
  channels: channelsRouter,
  conversations: conversationsRouter,
  dynamicApi: dynamicApiRouter,
});

export type AppRouter = typeof appRouter;
