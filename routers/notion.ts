import { z } from "zod";
import { getNotion, removeNotion, saveNotion, testNotion } from "../src/services/notion";
import { router, workspaceProcedure } from "./trpc";

/** The agent's Notion notes. Bodies are validated by the service's zod contract (src/schemas/notion.ts). */
const byAgent = z.object({ agentId: z.uuid() });

export const notionRouter = router({
  /** The saved integration (token replaced by hasToken), or null. */
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getNotion(ctx.svc, ctx.workspace, input.agentId)),
  save: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown() }))
    .mutation(({ ctx, input }) => saveNotion(ctx.svc, ctx.workspace, input.agentId, input.config)),
  /** { agentId, config? } → { ok, message, botName, workspaceName, parentTitle, parentUrl } from real calls to Notion. */
  test: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown().optional() }))
    .mutation(({ ctx, input }) => testNotion(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => removeNotion(ctx.svc, ctx.workspace, input.agentId)),
});
