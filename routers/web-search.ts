import { z } from "zod";
import {
  getAgentWebSearch,
  removeAgentWebSearch,
  saveAgentWebSearch,
  saveWebSearchGlobal,
  setAgentWebSearch,
  testAgentWebSearch,
  testWebSearchGlobal,
  webSearchGlobal,
} from "../src/services/web-search";
import { adminProcedure, router, workspaceProcedure } from "./trpc";

/** Web search: the agent's status, switch and optional own key (workspace members; writes need canEditAgents) and the admin's provider. */
const byAgent = z.object({ agentId: z.uuid() });

export const webSearchRouter = router({
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  /** The agent's conversation setting "Pesquisar na web". */
  setEnabled: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setAgentWebSearch(ctx.svc, ctx.workspace, ctx.session.user.id, input.agentId, input.enabled)),
  /** { agentId, config: { apiKey?, enabled } } — the agent's own key. */
  save: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown() }))
    .mutation(({ ctx, input }) => saveAgentWebSearch(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => removeAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  test: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => testAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  global: router({
    get: adminProcedure.query(({ ctx }) => webSearchGlobal(ctx.deps)),
    save: adminProcedure.input(z.unknown()).mutation(({ ctx, input }) => saveWebSearchGlobal(ctx.svc, input)),
    test: adminProcedure.input(z.unknown()).mutation(({ ctx, input }) => testWebSearchGlobal(ctx.deps, input)),
  }),
});
