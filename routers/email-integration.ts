import { agentRef } from "../src/schemas/agents";
import { saveEmailIntegrationInput } from "../src/schemas/email-integration";
import { getAgentEmail, removeAgentEmail, saveAgentEmail, testAgentEmail } from "../src/services/email-integration";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** "E-mail para a empresa" of an agent: members read it (no password); writes and the test are for editors. */

export const emailIntegrationRouter = router({
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(saveEmailIntegrationInput).mutation(({ ctx, input }) => saveAgentEmail(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => removeAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
  test: editorProcedure.input(agentRef).mutation(({ ctx, input }) => testAgentEmail(ctx.svc, ctx.workspace, input.agentId)),
});
