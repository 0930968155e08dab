import { agentRef } from "../src/schemas/agents";
import { agentAiFeaturesUpdateInput } from "../src/schemas/feedback";
import { getAgentAiFeatures, updateAgentAiFeatures } from "../src/services/feedback/ai-features";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** Per-agent switches of the issue-18 features that make extra model calls (sentiment, alerts, memory, summaries, tags). */
export const agentAiFeaturesRouter = router({
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getAgentAiFeatures(ctx.svc, ctx.workspace, input.agentId)),
  update: editorProcedure.input(agentAiFeaturesUpdateInput).mutation(({ ctx, input }) => {
    const { agentId, ...patch } = input;
    return updateAgentAiFeatures(ctx.svc, ctx.workspace, agentId, patch);
  }),
});
