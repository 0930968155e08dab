import { desc } from "drizzle-orm";
import { contacts } from "../../../db/schema";
import type { ServiceContext, WorkspaceScope } from "../context";
import { contactIndexedWhere } from "./contact-filter";

const OPTIONS_LIMIT = 20;

/**
 * The "Novo negócio" contact picker: up to 20 contacts of the workspace matching the text (the
 * contacts list's own search: trigram FTS, or a name prefix for 1–2 letters), newest first.
 */
export async function contactOptions(ctx: ServiceContext, scope: WorkspaceScope, input: { search?: string }) {
  return ctx.db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone, companyName: contacts.companyName })
    .from(contacts)
    .where(contactIndexedWhere(scope.id, { search: input.search }))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(OPTIONS_LIMIT);
}
