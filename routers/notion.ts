import { agentRef } from "../src/schemas/agents";
import { saveNotionInput, testNotionInput } from "../src/schemas/notion";
import { getNotion, removeNotion, saveNotion, testNotion } from "../src/services/notion";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** The agent's Notion notes: members read the card (token as hasToken); changes and the test are for editors. */

export const notionRouter = router({
  /** The saved integration (token replaced by hasToken), or null. */
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getNotion(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(saveNotionInput).mutation(({ ctx, input }) => saveNotion(ctx.svc, ctx.workspace, input.agentId, input.config)),
  /** { agentId, config? } → { ok, message, botName, workspaceName, parentTitle, parentUrl } from real calls to Notion. */
  test: editorProcedure.input(testNotionInput).mutation(({ ctx, input }) => testNotion(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => removeNotion(ctx.svc, ctx.workspace, input.agentId)),
});
