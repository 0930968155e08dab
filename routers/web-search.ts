import { agentRef } from "../src/schemas/agents";
import { z } from "zod";
import { saveWebSearchAgentInput, webSearchGlobalInput, webSearchTestInput } from "../src/schemas/web-search";
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
import { adminProcedure, editorProcedure, router, workspaceProcedure } from "./trpc";

/** Web search: the agent's status (members), its switch, own key and test (editors), and the admin's provider. */

export const webSearchRouter = router({
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  /** The agent's conversation setting "Pesquisar na web". */
  setEnabled: editorProcedure
    .input(z.object({ agentId: z.uuid(), enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setAgentWebSearch(ctx.svc, ctx.workspace, ctx.session.user.id, input.agentId, input.enabled)),
  /** { agentId, config: { apiKey?, enabled } } — the agent's own key. */
  save: editorProcedure.input(saveWebSearchAgentInput).mutation(({ ctx, input }) => saveAgentWebSearch(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => removeAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  test: editorProcedure.input(agentRef).mutation(({ ctx, input }) => testAgentWebSearch(ctx.svc, ctx.workspace, input.agentId)),
  global: router({
    get: adminProcedure.query(({ ctx }) => webSearchGlobal(ctx.deps)),
    save: adminProcedure.input(webSearchGlobalInput).mutation(({ ctx, input }) => saveWebSearchGlobal(ctx.svc, input)),
    test: adminProcedure.input(webSearchTestInput).mutation(({ ctx, input }) => testWebSearchGlobal(ctx.deps, input)),
  }),
});
