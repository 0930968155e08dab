import { router } from "./trpc";

// PLACEHOLDER: filled by the nuvemshop integration work (issue 6).
export const nuvemshopRouter = router({});
