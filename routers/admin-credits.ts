import {
  creditConfigInput,
  grantHistoryInput,
  modelPricingActiveInput,
  modelPricingFields,
  modelPricingIdInput,
  modelPricingUpdateInput,
  workspaceIdInput,
  workspaceSearchInput,
} from "../src/schemas/admin-credits";
import { creditGrantInput } from "../src/schemas/workspaces";
import { getCreditConfig, refreshExchangeRate, saveCreditConfig } from "../src/services/admin/credits/config";
import { grantHistory, searchWorkspaces, workspaceForGrant } from "../src/services/admin/credits/grants";
import { createPricing, fetchProviderModels, listPricing, removePricing, setPricingActive, updatePricing } from "../src/services/admin/credits/pricing";
import { grantBonusCredits } from "../src/services/credits";
import { adminProcedure, router } from "./trpc";

/** Admin: bonus credit grants, the credit system config and model pricing (/admin/gestao-creditos, /admin/configuracoes/creditos, /admin/modelos) (issue 17). */
export const adminCreditsRouter = router({
  workspaces: adminProcedure.input(workspaceSearchInput).query(({ ctx, input }) => searchWorkspaces(ctx.deps.db, input.search)),
  workspace: adminProcedure.input(workspaceIdInput).query(({ ctx, input }) => workspaceForGrant(ctx.deps.db, input.workspaceId, ctx.deps.now())),
  grant: adminProcedure.input(creditGrantInput).mutation(({ ctx, input }) => grantBonusCredits(ctx.svc, ctx.session.user.id, input)),
  history: adminProcedure.input(grantHistoryInput).query(({ ctx, input }) => grantHistory(ctx.deps.db, input, ctx.deps.now())),
  config: router({
    get: adminProcedure.query(({ ctx }) => getCreditConfig(ctx.deps)),
    save: adminProcedure.input(creditConfigInput).mutation(({ ctx, input }) => saveCreditConfig(ctx.svc, ctx.session.user.id, input)),
    refreshRate: adminProcedure.mutation(({ ctx }) => refreshExchangeRate(ctx.deps, { adminUserId: ctx.session.user.id, ctx: ctx.svc })),
  }),
  models: router({
    list: adminProcedure.query(({ ctx }) => listPricing(ctx.deps.db)),
    create: adminProcedure.input(modelPricingFields).mutation(({ ctx, input }) => createPricing(ctx.svc, ctx.session.user.id, input)),
    update: adminProcedure.input(modelPricingUpdateInput).mutation(({ ctx, input: { id, ...values } }) => updatePricing(ctx.svc, ctx.session.user.id, id, values)),
    setActive: adminProcedure.input(modelPricingActiveInput).mutation(({ ctx, input }) => setPricingActive(ctx.svc, ctx.session.user.id, input.id, input.isActive)),
    remove: adminProcedure.input(modelPricingIdInput).mutation(({ ctx, input }) => removePricing(ctx.svc, ctx.session.user.id, input.id)),
    fetchFromProviders: adminProcedure.mutation(({ ctx }) => fetchProviderModels(ctx.deps)),
  }),
});
