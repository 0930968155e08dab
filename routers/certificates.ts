import { router } from "./trpc";

/** Issue 19, certificates: mine, and the public verification (H2). */
export const certificatesRouter = router({});
