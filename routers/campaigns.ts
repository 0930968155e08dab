import {
  campaignIdInput,
  campaignPriceInput,
  campaignResultsInput,
  campaignSendsInput,
  campaignTemplatesInput,
  createCampaignInput,
  listCampaignsInput,
  updateCampaignInput,
} from "../src/schemas/campaigns/campaign";
import { CAMPAIGNS_READ_ONLY, CAMPAIGN_START_DENIED } from "../src/schemas/permissions";
import {
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  getCampaign,
  listCampaignConnections,
  listCampaigns,
  updateCampaign,
} from "../src/services/campaigns/campaigns";
import { cancelCampaign, pauseCampaign, resumeCampaign, startCampaign } from "../src/services/campaigns/control";
import { campaignPrice, campaignResults, campaignSendsPage } from "../src/services/campaigns/results";
import { listApprovedTemplates } from "../src/services/campaigns/templates";
import { campaignListsRouter } from "./campaign-lists";
import { campaignPricingRouter } from "./campaign-pricing";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Campaigns are the team's work like the CRM: every role but viewer writes them; starting one spends the number's reputation, so it is a manager's. */
const campaignWriter = requirePermission("canAnswerConversations", CAMPAIGNS_READ_ONLY);
const campaignStarter = requirePermission("canManageSettings", CAMPAIGN_START_DENIED);

/** Outbound WhatsApp campaigns (/campanhas, /campanhas/criar, /campanhas/:campaignId). */
export const campaignsRouter = router({
  lists: campaignListsRouter,
  pricing: campaignPricingRouter,
  list: workspaceProcedure.input(listCampaignsInput).query(({ ctx, input }) => listCampaigns(ctx.svc.db, ctx.workspace, input)),
  get: workspaceProcedure.input(campaignIdInput).query(({ ctx, input }) => getCampaign(ctx.svc.db, ctx.workspace, input.id)),
  results: workspaceProcedure.input(campaignResultsInput).query(({ ctx, input }) => campaignResults(ctx.svc.db, ctx.workspace, input)),
  sends: workspaceProcedure.input(campaignSendsInput).query(({ ctx, input }) => campaignSendsPage(ctx.svc.db, ctx.workspace, input)),
  connections: workspaceProcedure.query(({ ctx }) => listCampaignConnections(ctx.svc.db, ctx.workspace)),
  price: workspaceProcedure.input(campaignPriceInput).query(({ ctx, input }) => campaignPrice(ctx.svc.db, ctx.workspace, input.listId)),
  // Reads the account's templates with the stored token: a writer's call, like testing a connection.
  templates: campaignWriter.input(campaignTemplatesInput).query(({ ctx, input }) => listApprovedTemplates(ctx.svc, ctx.workspace, input.connectionId)),
  create: campaignWriter.input(createCampaignInput).mutation(({ ctx, input }) => createCampaign(ctx.svc, ctx.workspace, input)),
  update: campaignWriter.input(updateCampaignInput).mutation(({ ctx, input }) => updateCampaign(ctx.svc, ctx.workspace, input.id, input.patch)),
  duplicate: campaignWriter.input(campaignIdInput).mutation(({ ctx, input }) => duplicateCampaign(ctx.svc, ctx.workspace, input.id)),
  delete: campaignWriter.input(campaignIdInput).mutation(({ ctx, input }) => deleteCampaign(ctx.svc, ctx.workspace, input.id)),
  start: campaignStarter.input(campaignIdInput).mutation(({ ctx, input }) => startCampaign(ctx.svc, ctx.workspace, input.id)),
  resume: campaignStarter.input(campaignIdInput).mutation(({ ctx, input }) => resumeCampaign(ctx.svc, ctx.workspace, input.id)),
  pause: campaignWriter.input(campaignIdInput).mutation(({ ctx, input }) => pauseCampaign(ctx.svc, ctx.workspace, input.id)),
  cancel: campaignWriter.input(campaignIdInput).mutation(({ ctx, input }) => cancelCampaign(ctx.svc, ctx.workspace, input.id)),
});
