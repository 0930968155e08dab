import { router } from "./trpc";

/** Issue 19, every support request for the admin (H5). */
export const adminSupportRouter = router({});
