import { router } from "./trpc";

/** Campaign lists and their members (/campanhas, "Listas"): nested as campaigns.lists. */
export const campaignListsRouter = router({});
