import { router } from "./trpc";

/** The Leads Hunter (/leads-hunter, /leads-hunter/:listId). */
export const leadsRouter = router({});
