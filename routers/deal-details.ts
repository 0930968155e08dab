import { router } from "./trpc";

/** A deal's activities (funnel.activities.*): issue 14. */
export const dealActivitiesRouter = router({});
/** A deal's products (funnel.products.*): issue 14. */
export const dealProductsRouter = router({});
