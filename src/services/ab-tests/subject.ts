import { eq } from "drizzle-orm";
import { conversationContacts } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";

/** The contact's CRM id when the conversation is linked to one (written once per conversation; a PK read). */
export async function contactOfConversation(db: DbOrTx, conversationId: string): Promise<string | null> {
  const [row] = await db.select({ contactId: conversationContacts.contactId }).from(conversationContacts).where(eq(conversationContacts.conversationId, conversationId)).limit(1);
  return row?.contactId ?? null;
}
