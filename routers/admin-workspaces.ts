import {
  adminAgentIdInput,
  adminAgentListInput,
  adminBlockAgentInput,
  adminSetLimitsInput,
  adminSetPlanInput,
  adminWorkspaceIdInput,
  adminWorkspaceListInput,
} from "../src/schemas/admin-workspaces";
import { adminBlockAgent, adminUnblockAgent, listAdminAgents } from "../src/services/admin/workspaces/agents";
import { adminSetWorkspaceLimits, adminSetWorkspacePlan } from "../src/services/admin/workspaces/edit";
import { adminPlanOptions, adminWorkspaceDetail, listAdminWorkspaces } from "../src/services/admin/workspaces/list";
import { adminProcedure, router } from "./trpc";

/** Admin: every workspace and every agent across workspaces (/admin/espacos, /admin/workspaces/editar/{id}, /admin/agentes) (issue 17). */
export const adminWorkspacesRouter = router({
  list: adminProcedure.input(adminWorkspaceListInput).query(({ ctx, input }) => listAdminWorkspaces(ctx.deps.db, input, ctx.deps.now())),
  get: adminProcedure.input(adminWorkspaceIdInput).query(({ ctx, input }) => adminWorkspaceDetail(ctx.deps.db, input.id, ctx.deps.now())),
  planOptions: adminProcedure.query(({ ctx }) => adminPlanOptions(ctx.deps.db)),
  setPlan: adminProcedure.input(adminSetPlanInput).mutation(({ ctx, input }) => adminSetWorkspacePlan(ctx.svc, ctx.session.user.id, input)),
  setLimits: adminProcedure.input(adminSetLimitsInput).mutation(({ ctx, input }) => adminSetWorkspaceLimits(ctx.svc, ctx.session.user.id, input)),
  agents: adminProcedure.input(adminAgentListInput).query(({ ctx, input }) => listAdminAgents(ctx.svc, input)),
  blockAgent: adminProcedure.input(adminBlockAgentInput).mutation(({ ctx, input }) => adminBlockAgent(ctx.svc, ctx.session.user.id, input)),
  unblockAgent: adminProcedure.input(adminAgentIdInput).mutation(({ ctx, input }) => adminUnblockAgent(ctx.svc, ctx.session.user.id, input.agentId)),
});
