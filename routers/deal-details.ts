import {
  activityIdInput,
  addProductInput,
  completeActivityInput,
  createActivityInput,
  dealIdInput,
  deleteProductInput,
  dueTodayInput,
  updateActivityInput,
  updateProductInput,
} from "../src/schemas/crm/deal-details";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import {
  completeDealActivity,
  createDealActivity,
  deleteDealActivity,
  dueTodayActivities,
  listDealActivities,
  updateDealActivity,
} from "../src/services/crm/deal-activities";
import { dealHistory, dealPage } from "../src/services/crm/deal-history";
import { addDealProduct, deleteDealProduct, listDealProducts, updateDealProduct } from "../src/services/crm/deal-products";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Reading a deal is for every member; changing it is not for viewers (CRM_READ_ONLY). */
const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);

/** A deal's page (header, history) and its activities, with the "Para hoje" reminder (funnel.activities.*). */
export const dealActivitiesRouter = router({
  dealPage: workspaceProcedure.input(dealIdInput).query(({ ctx, input }) => dealPage(ctx.svc, ctx.workspace, input)),
  history: workspaceProcedure.input(dealIdInput).query(({ ctx, input }) => dealHistory(ctx.svc, ctx.workspace, input)),
  list: workspaceProcedure.input(dealIdInput).query(({ ctx, input }) => listDealActivities(ctx.svc, ctx.workspace, input)),
  dueToday: workspaceProcedure.input(dueTodayInput).query(({ ctx, input }) => dueTodayActivities(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  create: crmWriter.input(createActivityInput).mutation(({ ctx, input }) => createDealActivity(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: crmWriter.input(updateActivityInput).mutation(({ ctx, input }) => updateDealActivity(ctx.svc, ctx.workspace, input)),
  complete: crmWriter.input(completeActivityInput).mutation(({ ctx, input }) => completeDealActivity(ctx.svc, ctx.workspace, input)),
  delete: crmWriter.input(activityIdInput).mutation(({ ctx, input }) => deleteDealActivity(ctx.svc, ctx.workspace, input)),
});

/** A deal's products, totals computed on the server (funnel.products.*). */
export const dealProductsRouter = router({
  list: workspaceProcedure.input(dealIdInput).query(({ ctx, input }) => listDealProducts(ctx.svc, ctx.workspace, input)),
  add: crmWriter.input(addProductInput).mutation(({ ctx, input }) => addDealProduct(ctx.svc, ctx.workspace, input)),
  update: crmWriter.input(updateProductInput).mutation(({ ctx, input }) => updateDealProduct(ctx.svc, ctx.workspace, input)),
  delete: crmWriter.input(deleteProductInput).mutation(({ ctx, input }) => deleteDealProduct(ctx.svc, ctx.workspace, input)),
});
