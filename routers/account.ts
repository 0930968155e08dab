import { router } from "./trpc";

/** The user's own account: profile, avatar, email, password, sessions, LGPD export, deletion (/account) (issue 17). */
export const accountRouter = router({});
