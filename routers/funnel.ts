import { dealActivitiesRouter, dealProductsRouter } from "./deal-details";
import { router } from "./trpc";

/** Pipelines, stages and deals of the current workspace (/funil). */
export const funnelRouter = router({
  activities: dealActivitiesRouter,
  products: dealProductsRouter,
});
