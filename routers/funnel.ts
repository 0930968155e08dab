import { CRM_READ_ONLY } from "../src/schemas/permissions";
import {
  boardInput,
  columnPageInput,
  contactOptionsInput,
  createDealInput,
  createPipelineInput,
  createStageInput,
  dealIdInput,
  deletePipelineInput,
  funnelStatsInput,
  listDealsInput,
  moveDealRequest,
  pipelineIdInput,
  renamePipelineInput,
  reorderStagesInput,
  stageIdInput,
  updateDealInput,
  updateStageInput,
} from "../src/schemas/crm/funnel";
import { loadBoard, listDeals, loadColumnPage } from "../src/services/crm/funnel-board";
import { createDeal, deleteDeal, moveDeal, updateDeal } from "../src/services/crm/funnel-deals";
import { contactOptions } from "../src/services/crm/funnel-options";
import { createPipeline, deletePipeline, listPipelines, renamePipeline, setDefaultPipeline } from "../src/services/crm/funnel-pipelines";
import { createStage, deleteStage, reorderStages, updateStage } from "../src/services/crm/funnel-stages";
import { funnelStats } from "../src/services/crm/funnel-stats";
import { dealActivitiesRouter, dealProductsRouter } from "./deal-details";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Deals are worked by every role but viewer (like the inbox). */
const dealWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);
/** Pipelines and stages shape everyone's board: a workspace setting. */
const funnelManager = requirePermission("canManageSettings");

const pipelinesRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listPipelines(ctx.svc, ctx.workspace)),
  create: funnelManager.input(createPipelineInput).mutation(({ ctx, input }) => createPipeline(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  rename: funnelManager.input(renamePipelineInput).mutation(({ ctx, input }) => renamePipeline(ctx.svc, ctx.workspace, input)),
  delete: funnelManager.input(deletePipelineInput).mutation(({ ctx, input }) => deletePipeline(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  setDefault: funnelManager.input(pipelineIdInput).mutation(({ ctx, input }) => setDefaultPipeline(ctx.svc, ctx.workspace, input.pipelineId)),
});

const stagesRouter = router({
  create: funnelManager.input(createStageInput).mutation(({ ctx, input }) => createStage(ctx.svc, ctx.workspace, input)),
  update: funnelManager.input(updateStageInput).mutation(({ ctx, input }) => updateStage(ctx.svc, ctx.workspace, input)),
  reorder: funnelManager.input(reorderStagesInput).mutation(({ ctx, input }) => reorderStages(ctx.svc, ctx.workspace, input)),
  delete: funnelManager.input(stageIdInput).mutation(({ ctx, input }) => deleteStage(ctx.svc, ctx.workspace, input.stageId)),
});

const dealsRouter = router({
  board: workspaceProcedure.input(boardInput).query(({ ctx, input }) => loadBoard(ctx.svc, ctx.workspace, input)),
  column: workspaceProcedure.input(columnPageInput).query(({ ctx, input }) => loadColumnPage(ctx.svc, ctx.workspace, input)),
  list: workspaceProcedure.input(listDealsInput).query(({ ctx, input }) => listDeals(ctx.svc, ctx.workspace, input)),
  create: dealWriter.input(createDealInput).mutation(({ ctx, input }) => createDeal(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: dealWriter.input(updateDealInput).mutation(({ ctx, input }) => updateDeal(ctx.svc, ctx.workspace, input)),
  delete: dealWriter.input(dealIdInput).mutation(({ ctx, input }) => deleteDeal(ctx.svc, ctx.workspace, ctx.session.user.id, input.dealId)),
  move: dealWriter.input(moveDealRequest).mutation(({ ctx, input }) => moveDeal(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});

/** Pipelines, stages and deals of the current workspace (/funil). */
export const funnelRouter = router({
  activities: dealActivitiesRouter,
  products: dealProductsRouter,
  pipelines: pipelinesRouter,
  stages: stagesRouter,
  deals: dealsRouter,
  stats: workspaceProcedure.input(funnelStatsInput).query(({ ctx, input }) => funnelStats(ctx.svc, ctx.workspace, input)),
  contactOptions: workspaceProcedure.input(contactOptionsInput).query(({ ctx, input }) => contactOptions(ctx.svc, ctx.workspace, input)),
});
