import { agentRef } from "../src/schemas/agents";
import { z } from "zod";
import { discoverInput, trainingSourcePatch, trainingTextInput, trainingVideoInput, trainingWebsiteInput } from "../src/schemas/training";
import { TRAINING_DENIED } from "../src/services/access";
import { getAgent } from "../src/services/agents";
import { cacheStats } from "../src/services/semantic-cache";
import { addText, addVideo, addWebsite, deleteSource, discover, listSources, retrain, updateSource } from "../src/services/training";
import { requirePermission, router, workspaceProcedure } from "./trpc";

const sourceInput = agentRef.extend({ sourceId: z.uuid() });
/** Training is editing the agent (canEditAgents), refused in the words of the training screen. */
const trainer = requirePermission("canEditAgents", TRAINING_DENIED);

/** The editor's "Treinamentos" section: members see the sources; adding, editing and retraining is for editors. */
export const trainingRouter = router({
  list: workspaceProcedure.input(agentRef).query(({ ctx, input }) => listSources(ctx.svc, ctx.workspace, input.agentId)),
  addText: trainer.input(agentRef.extend({ body: trainingTextInput })).mutation(({ ctx, input }) => addText(ctx.svc, ctx.workspace, input.agentId, input.body)),
  addWebsite: trainer
    .input(agentRef.extend({ body: trainingWebsiteInput }))
    .mutation(({ ctx, input }) => addWebsite(ctx.svc, ctx.workspace, input.agentId, input.body)),
  addVideo: trainer.input(agentRef.extend({ body: trainingVideoInput })).mutation(({ ctx, input }) => addVideo(ctx.svc, ctx.workspace, input.agentId, input.body)),
  update: trainer
    .input(sourceInput.extend({ body: trainingSourcePatch }))
    .mutation(({ ctx, input }) => updateSource(ctx.svc, ctx.workspace, input.agentId, input.sourceId, input.body)),
  delete: trainer.input(sourceInput).mutation(({ ctx, input }) => deleteSource(ctx.svc, ctx.workspace, input.agentId, input.sourceId)),
  retrain: trainer
    .input(agentRef.extend({ sourceId: z.uuid().optional() }))
    .mutation(({ ctx, input }) => retrain(ctx.svc, ctx.workspace, input.agentId, input.sourceId)),
  discover: trainer.input(discoverInput).mutation(({ ctx, input }) => discover(ctx.workspace, input)),
  cacheStats: workspaceProcedure.input(agentRef).query(async ({ ctx, input }) => {
    await getAgent(ctx.deps.db, ctx.workspace, input.agentId);
    return cacheStats(ctx.deps.db, input.agentId);
  }),
});
