import { router } from "./trpc";

/** Issue 19, a user's own support requests (Meus chamados) (H5). */
export const supportRouter = router({});
