import { router } from "./trpc";

// PLACEHOLDER: filled by the agendor integration work (issue 6).
export const agendorRouter = router({});
