import { agentRef } from "../src/schemas/agents";
import { z } from "zod";
import { n8nGlobalInput, saveN8nInput } from "../src/schemas/n8n";
import { getAgentN8n, n8nGlobal, removeAgentN8n, saveAgentN8n, saveN8nGlobal, testN8nWorkflow } from "../src/services/n8n";
import { adminProcedure, editorProcedure, router, workspaceProcedure } from "./trpc";

/** n8n workflows: the agent's config (members read, editors write and test) and the admin's global switch. */

export const n8nRouter = router({
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getAgentN8n(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(saveN8nInput).mutation(({ ctx, input }) => saveAgentN8n(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => removeAgentN8n(ctx.svc, ctx.workspace, input.agentId)),
  /** A real POST to one saved workflow's webhook. */
  test: editorProcedure
    .input(z.object({ agentId: z.uuid(), tag: z.string().min(1).max(40) }))
    .mutation(({ ctx, input }) => testN8nWorkflow(ctx.svc, ctx.workspace, input.agentId, input.tag)),
  global: router({
    get: adminProcedure.query(({ ctx }) => n8nGlobal(ctx.deps)),
    save: adminProcedure.input(n8nGlobalInput).mutation(({ ctx, input }) => saveN8nGlobal(ctx.svc, input)),
  }),
});
