import { contactImportsRouter } from "./contact-imports";
import { router } from "./trpc";

/** The contacts of the current workspace (/contatos). */
export const contactsRouter = router({
  imports: contactImportsRouter,
});
