import { z } from "zod";
import { getAgentEmail, removeAgentEmail, saveAgentEmail, testAgentEmail } from "../src/services/email-integration";
import { router, workspaceProcedure } from "./trpc";

/** "E-mail para a empresa" of an agent (workspace members; writes and the test need canEditAgents). */
const byAgent = z.object({ agentId: z.uuid() });

export const emailIntegrationRouter = router({
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
  /** { agentId, config } — config validated by emailIntegrationInput (src/schemas/email-integration.ts). */
  save: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown() }))
    .mutation(({ ctx, input }) => saveAgentEmail(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => removeAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
  test: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => testAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
});
