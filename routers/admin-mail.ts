import { router } from "./trpc";

/** Admin: mail server and sender, email templates, previews, test sends and the outbox (/admin/modelos-emails, /admin/teste-emails) (issue 17). */
export const adminMailRouter = router({});
