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
import { type NormalisedIdentity, newContactValues, normaliseIdentity, openFirstDeal, refreshMatchedContact } from "./contact-match";

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

/**
 * The identity match, the phone match and the agent's "Adicionar ao funil automaticamente" in one
 * read (the setting read fresh inside the write: a Worker has no cache invalidation). A null
 * argument matches nothing.
 */
const FIND_SQL = `SELECT
  (SELECT contact_id FROM contact_identities WHERE workspace_id = ? AND channel = ? AND external_id = ?) AS by_identity,
  (SELECT id FROM contacts WHERE workspace_id = ? AND phone = ? LIMIT 1) AS by_phone,
  (SELECT json_extract(conversation_settings, '$.autoAddToFunnel') FROM agents WHERE id = ?) AS auto_add`;

const str = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * Links the conversation to its contact (matching or creating it; with autoAddToFunnel the new
 * contact's first deal opens). In its own SAVEPOINT: a CRM failure is logged and rolled back
 * alone, never costing the customer's message, which the same transaction stores. The common
 * case (a new customer) is raw SQL on the cached statements: through drizzle's builders it cost
 * ~1 ms of CPU per new conversation (bench/inbound.ts); a returning one takes matchOrCreateContact's path.
 */
export async function linkChannelContact(tx: RawTx, c: ChannelContact): Promise<string | null> {
  await tx.execute("SAVEPOINT crm_contact");
  try {
    const phone = IS_PHONE.has(c.channel) ? normalizePhone(c.contactKey) : null;
    // A phone is the WhatsApp identity; a key that is not one (or any other channel's id) is kept as an identity.
    const n = normaliseIdentity({ workspaceId: c.workspaceId, name: c.name, phone, channel: c.channel, externalId: phone ? null : c.contactKey, source: c.channel, now: c.now });
    const found = (
      await tx.execute({
        sql: FIND_SQL,
        args: [c.workspaceId, n.external?.channel ?? null, n.external?.externalId ?? null, c.workspaceId, n.phone, c.agentId],
      })
    ).rows[0];
    const matched = str(found?.by_identity) ?? str(found?.by_phone);
    const contactId = matched ?? (await insertContact(tx, n));
    if (matched) await refreshMatchedContact(drizzleOver(tx), matched, n);
    if (n.external)
      await tx.execute({
        sql: "INSERT INTO contact_identities (id, workspace_id, contact_id, channel, external_id, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        args: [Bun.randomUUIDv7(), c.workspaceId, contactId, n.external.channel, n.external.externalId, c.now],
      });
    await tx.execute({
      sql: "INSERT INTO conversation_contacts (conversation_id, workspace_id, contact_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      args: [c.conversationId, c.workspaceId, contactId, c.now],
    });
    if (Number(found?.auto_add ?? 0) === 1)
      await openFirstDeal(drizzleOver(tx), { workspaceId: c.workspaceId, contactId, agentId: c.agentId, conversationId: c.conversationId, now: c.now });
    await tx.execute("RELEASE crm_contact");
    return contactId;
  } catch (err) {
    await tx.execute("ROLLBACK TO crm_contact");
    await tx.execute("RELEASE crm_contact");
    log.warn("channel contact not linked", { conversationId: c.conversationId, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

/** matchOrCreateContact's insert (newContactValues: the same row and provenance), as raw SQL. */
async function insertContact(tx: RawTx, n: NormalisedIdentity): Promise<string> {
  const id = Bun.randomUUIDv7();
  const { row, provenance, source, confidence } = newContactValues(n);
  // The other columns take their defaults (country, status, tags, custom fields, visible in the funnel).
  await tx.execute({
    sql: "INSERT INTO contacts (id, workspace_id, name, email, phone, source, is_valid_whatsapp, last_contact_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    args: [id, n.workspaceId, row.name, row.email, row.phone, row.source, row.isValidWhatsApp === null ? null : 1, row.lastContactAt, row.createdAt, row.updatedAt],
  });
  if (provenance.length)
    await tx.execute({
      sql: `INSERT INTO contact_variables (id, workspace_id, contact_id, variable_name, value, source, confidence_score, created_at, updated_at) VALUES ${provenance.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")} ON CONFLICT DO NOTHING`,
      args: provenance.flatMap(([name, value]) => [Bun.randomUUIDv7(), n.workspaceId, id, name, value, source, confidence, n.now, n.now]),
    });
  return id;
}
