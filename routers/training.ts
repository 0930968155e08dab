import { z } from "zod";
import { cacheStats } from "../src/knowledge/semantic-cache";
import { getAgent } from "../src/services/agents";
import { addText, addVideo, addWebsite, deleteSource, discover, listSources, retrain, updateSource } from "../src/services/training";
import { router, workspaceProcedure } from "./trpc";

const agentInput = z.object({ agentId: z.uuid() });
const sourceInput = agentInput.extend({ sourceId: z.uuid() });

/** The editor's "Treinamentos" section. Bodies are validated by src/schemas/training.ts in the services. */
export const trainingRouter = router({
  list: workspaceProcedure.input(agentInput).query(({ ctx, input }) => listSources(ctx.svc, ctx.workspace, input.agentId)),
  addText: workspaceProcedure
    .input(agentInput.extend({ body: z.unknown() }))
    .mutation(({ ctx, input }) => addText(ctx.svc, ctx.workspace, input.agentId, input.body)),
  addWebsite: workspaceProcedure
    .input(agentInput.extend({ body: z.unknown() }))
    .mutation(({ ctx, input }) => addWebsite(ctx.svc, ctx.workspace, input.agentId, input.body)),
  addVideo: workspaceProcedure
    .input(agentInput.extend({ body: z.unknown() }))
    .mutation(({ ctx, input }) => addVideo(ctx.svc, ctx.workspace, input.agentId, input.body)),
  update: workspaceProcedure
    .input(sourceInput.extend({ body: z.unknown() }))
    .mutation(({ ctx, input }) => updateSource(ctx.svc, ctx.workspace, input.agentId, input.sourceId, input.body)),
  delete: workspaceProcedure.input(sourceInput).mutation(({ ctx, input }) => deleteSource(ctx.svc, ctx.workspace, input.agentId, input.sourceId)),
  retrain: workspaceProcedure
    .input(agentInput.extend({ sourceId: z.uuid().optional() }))
    .mutation(({ ctx, input }) => retrain(ctx.svc, ctx.workspace, input.agentId, input.sourceId)),
  discover: workspaceProcedure.input(z.object({ url: z.string() })).mutation(({ ctx, input }) => discover(ctx.workspace, input)),
  cacheStats: workspaceProcedure.input(agentInput).query(async ({ ctx, input }) => {
    await getAgent(ctx.deps.db, ctx.workspace, input.agentId);
    return cacheStats(ctx.deps.db, input.agentId);
  }),
});
