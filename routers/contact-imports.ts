import { router } from "./trpc";

/** CSV import and export of contacts (contacts.imports.*): issue 14. */
export const contactImportsRouter = router({});
