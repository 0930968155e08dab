import { router } from "./trpc";

/** WhatsApp number checks (/validation and inside lists). */
export const validationRouter = router({});
