import { feedbackListInput, feedbackResolveInput, feedbackStatsInput, feedbackToTrainingInput } from "../src/schemas/feedback";
import { feedbackToTraining, resolveFeedback } from "../src/services/feedback/actions";
import { listFeedback } from "../src/services/feedback/list";
import { feedbackStats } from "../src/services/feedback/stats";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Resolving and training change what the agent knows: editors only (canEditAgents), like the training section. */
const editor = requirePermission("canEditAgents", "Você não tem permissão para tratar o feedback deste agente.");

/** Chat feedback per agent (issue 18): any member reads, editors resolve and turn it into training. */
export const feedbackRouter = router({
  list: workspaceProcedure.input(feedbackListInput).query(({ ctx, input }) => listFeedback(ctx.svc, ctx.workspace, input)),
  stats: workspaceProcedure.input(feedbackStatsInput).query(({ ctx, input }) => feedbackStats(ctx.svc, ctx.workspace, input)),
  resolve: editor.input(feedbackResolveInput).mutation(({ ctx, input }) => resolveFeedback(ctx.svc, ctx.workspace, input)),
  toTraining: editor.input(feedbackToTrainingInput).mutation(({ ctx, input }) => feedbackToTraining(ctx.svc, ctx.workspace, input)),
});
