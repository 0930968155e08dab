import { campaignPricingInput } from "../src/schemas/campaigns/pricing";
import { getCampaignPricing, saveCampaignPricing } from "../src/services/campaigns/pricing";
import { adminProcedure, router, workspaceProcedure } from "./trpc";

/** Price per campaign message: every member sees it (the form says what a campaign costs); only an admin sets it. */
export const campaignPricingRouter = router({
  get: workspaceProcedure.query(({ ctx }) => getCampaignPricing(ctx.svc)),
  save: adminProcedure.input(campaignPricingInput).mutation(({ ctx, input }) => saveCampaignPricing(ctx.deps, input, ctx.session.user.id)),
});
