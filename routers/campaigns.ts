import { campaignListsRouter } from "./campaign-lists";
import { router } from "./trpc";

/** Outbound WhatsApp campaigns (/campanhas, /campanhas/criar, /campanhas/:campaignId). */
export const campaignsRouter = router({
  lists: campaignListsRouter,
});
