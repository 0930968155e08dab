/**
 * Channel customers become CRM contacts. Called by the channel pipeline inside the group-commit
 * write that creates a conversation (or finds one without its contact link): once per
 * conversation, never per message, and in the same transaction, so a redelivery or a second
 * channel finds the contact the first one made.
 */
import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Db } from "../../../db/client";
import { log } from "../../lib/logger";
import type { ContactSource } from "../../schemas/crm/contacts";
import { normalizePhone } from "../../schemas/crm/normalize";
import type { RawTx } from "../credit-debit";
import { noteConversationContact } from "./contact-match";

/**
 * The query builder over a raw group-commit transaction. Built without the schema (2 µs instead
 * of ~200 µs a call): the CRM services use only select/insert/update/delete, never `db.query`,
 * and drizzle's libsql session sends every one of those through `execute`.
 */
export function drizzleOver(tx: RawTx): Db {
  const client = { execute: (stmt: Parameters<RawTx["execute"]>[0]) => tx.execute(stmt) };
  return drizzle(client as unknown as Client) as unknown as Db;
}

export type ChannelContact = {
  workspaceId: string;
  conversationId: string;
  agentId: string | null;
  /** The connection's channel: whatsapp_cloud, whatsapp_uaz, telegram, instagram. */
  channel: ContactSource;
  /** WhatsApp: the phone digits (wa_id, UAZAPI number); Telegram: the chat id; Instagram: the user id. */
  contactKey: string;
  /** The channel's profile name (null when it sends none, or on the business's own messages). */
  name: string | null;
  now: number;
};

const IS_PHONE: ReadonlySet<string> = new Set(["whatsapp_cloud", "whatsapp_uaz"]);

/** The agent's "Adicionar ao funil automaticamente", read fresh inside the write (a Worker has no cache invalidation). */
async function autoAddOf(tx: RawTx, agentId: string): Promise<boolean> {
  const rs = await tx.execute({ sql: "SELECT json_extract(conversation_settings, '$.autoAddToFunnel') AS auto FROM agents WHERE id = ?", args: [agentId] });
  return Number(rs.rows[0]?.auto ?? 0) === 1;
}

/**
 * Links the conversation to its contact (matching or creating it; with autoAddToFunnel the new
 * contact's first deal opens). In its own SAVEPOINT: a CRM failure is logged and rolled back
 * alone, never costing the customer's message, which the same transaction stores.
 */
export async function linkChannelContact(tx: RawTx, c: ChannelContact): Promise<string | null> {
  await tx.execute("SAVEPOINT crm_contact");
  try {
    const phone = IS_PHONE.has(c.channel) ? normalizePhone(c.contactKey) : null;
    const autoAddToFunnel = c.agentId ? await autoAddOf(tx, c.agentId) : false;
    const out = await noteConversationContact(drizzleOver(tx), {
      workspaceId: c.workspaceId,
      conversationId: c.conversationId,
      agentId: c.agentId,
      name: c.name,
      phone,
      // A phone is the WhatsApp identity; a key that is not one (or any other channel's id) is kept as an identity.
      channel: c.channel,
      externalId: phone ? null : c.contactKey,
      source: c.channel,
      autoAddToFunnel,
      now: c.now,
    });
    await tx.execute("RELEASE crm_contact");
    return out.contactId;
  } catch (err) {
    await tx.execute("ROLLBACK TO crm_contact");
    await tx.execute("RELEASE crm_contact");
    log.warn("channel contact not linked", { conversationId: c.conversationId, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}
