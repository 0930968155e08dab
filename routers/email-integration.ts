import { router } from "./trpc";

// PLACEHOLDER: filled by the email-integration integration work (issue 6).
export const emailIntegrationRouter = router({});
