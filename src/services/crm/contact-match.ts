import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contactIdentities, contactVariables, contacts, conversationContacts, deals } from "../../../db/schema";
import { CONTACT_SOURCE_LABEL, type ContactSource } from "../../schemas/crm/contacts";
import { formatPhone, normalizeEmail, normalizePhone } from "../../schemas/crm/normalize";
import { applyContactValues } from "./contact-values";
import { openDeal } from "./pipeline-core";
import { recordAbOutcomeIn } from "../ab-tests/outcomes";

/** What a channel (or a form, or the agent) knows of the person on the other side. */
export type ContactIdentity = {
  workspaceId: string;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  /** A channel id that is neither phone nor e-mail: Telegram chat, Instagram user, web session. */
  channel?: ContactSource | null;
  externalId?: string | null;
  source: ContactSource;
  now?: number;
};

const WHATSAPP: ReadonlySet<string> = new Set(["whatsapp_cloud", "whatsapp_uaz"]);

/** A name for a contact the channel did not name (the form requires 2–200 characters). */
function fallbackName(phone: string | null, email: string | null, source: ContactSource): string {
  if (phone) return `Contato ${formatPhone(phone)}`;
  if (email) return email.slice(0, 200);
  return `Contato (${CONTACT_SOURCE_LABEL[source]})`;
}

/** A ContactIdentity as every matcher and creator reads it (src/services/crm/channel-contact.ts too). */
export type NormalisedIdentity = {
  workspaceId: string;
  now: number;
  phone: string | null;
  email: string | null;
  name: string | null;
  external: { channel: ContactSource; externalId: string } | null;
  source: ContactSource;
  channel: ContactSource | null;
};

export function normaliseIdentity(p: ContactIdentity): NormalisedIdentity {
  return {
    workspaceId: p.workspaceId,
    now: p.now ?? Date.now(),
    phone: normalizePhone(p.phone),
    email: normalizeEmail(p.email),
    name: p.name?.trim().replace(/\s+/g, " ").slice(0, 200) || null,
    external: p.channel && p.externalId ? { channel: p.channel, externalId: p.externalId } : null,
    source: p.source,
    channel: p.channel ?? null,
  };
}

/**
 * The new contact's own values and the provenance of what the channel told ([variable, value]:
 * the agent or a person may correct them later). One definition for the drizzle writer here and
 * the raw-SQL one on the channel hot path.
 */
export function newContactValues(n: NormalisedIdentity) {
  const told = n.name && n.name.length >= 2 ? n.name : null;
  const row = {
    name: told ?? fallbackName(n.phone, n.email, n.source),
    phone: n.phone,
    email: n.email,
    source: n.source,
    isValidWhatsApp: n.channel && WHATSAPP.has(n.channel) ? true : null,
    lastContactAt: n.now,
    createdAt: n.now,
    updatedAt: n.now,
  };
  const provenance = Object.entries({ nome: told, telefone: n.phone, email: n.email }).filter((e): e is [string, string] => Boolean(e[1]));
  return { row, provenance, source: "integration" as const, confidence: 0.8 };
}

/**
 * The one contact of this person in the workspace, created when none matches. Matching order:
 * the channel identity, then the E.164 phone, then the e-mail, so a second channel, a retry or a
 * form never duplicates a person. Blank fields of a found contact are filled (never overwritten:
 * names go through applyContactValues, which respects what a person typed). Call inside a write
 * transaction: BEGIN IMMEDIATE serialises the find-then-insert across threads.
 */
export async function matchOrCreateContact(tx: DbOrTx, p: ContactIdentity): Promise<{ contactId: string; created: boolean }> {
  const n = normaliseIdentity(p);
  const { phone, email, external, now } = n;

  let contactId = external ? await byIdentity(tx, p.workspaceId, external.channel, external.externalId) : null;
  if (!contactId && phone) contactId = await byColumn(tx, p.workspaceId, "phone", phone);
  if (!contactId && email) contactId = await byColumn(tx, p.workspaceId, "email", email);

  const created = !contactId;
  if (!contactId) {
    const fresh = newContactValues(n);
    const [row] = await tx
      .insert(contacts)
      .values({ workspaceId: p.workspaceId, ...fresh.row })
      .returning({ id: contacts.id });
    if (!row) throw new Error("contact insert returned nothing");
    contactId = row.id;
    const rows = fresh.provenance.map(([variableName, value]) => ({
      workspaceId: p.workspaceId,
      contactId: row.id,
      variableName,
      value,
      source: fresh.source,
      confidenceScore: fresh.confidence,
      createdAt: now,
      updatedAt: now,
    }));
    if (rows.length) await tx.insert(contactVariables).values(rows).onConflictDoNothing();
  } else {
    await refreshMatchedContact(tx, contactId, n);
  }
  if (external) await tx.insert(contactIdentities).values({ workspaceId: p.workspaceId, contactId, channel: external.channel, externalId: external.externalId, createdAt: now }).onConflictDoNothing();
  return { contactId, created };
}

/** A found contact: blank fields filled from what was told, last contact (and WhatsApp validity) noted. The identity is the caller's. */
export async function refreshMatchedContact(tx: DbOrTx, contactId: string, n: NormalisedIdentity) {
  const values: Record<string, string> = {};
  if (n.name && n.name.length >= 2) values.nome = n.name;
  if (n.phone) values.telefone = n.phone;
  if (n.email) values.email = n.email;
  await fillBlanks(tx, n.workspaceId, contactId, values);
  await tx
    .update(contacts)
    .set({ lastContactAt: n.now, ...(n.channel && WHATSAPP.has(n.channel) ? { isValidWhatsApp: true } : {}) })
    .where(eq(contacts.id, contactId));
}

/** Only the fields the contact lacks, or holds from a channel (never a person's own typing). */
async function fillBlanks(tx: DbOrTx, workspaceId: string, contactId: string, values: Record<string, string>) {
  if (!Object.keys(values).length) return;
  const [c] = await tx.select({ name: contacts.name, phone: contacts.phone, email: contacts.email, source: contacts.source }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
  if (!c) return;
  const missing: Record<string, string> = {};
  if (values.telefone && !c.phone) missing.telefone = values.telefone;
  if (values.email && !c.email) missing.email = values.email;
  // A fallback name ("Contato +55 …") gives way to the real one.
  if (values.nome && c.name.startsWith("Contato ")) missing.nome = values.nome;
  if (Object.keys(missing).length) await applyContactValues(tx, { workspaceId, contactId, values: missing, source: "integration", confidence: 0.8 });
}

async function byIdentity(tx: DbOrTx, workspaceId: string, channel: string, externalId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: contactIdentities.contactId })
    .from(contactIdentities)
    .where(and(eq(contactIdentities.workspaceId, workspaceId), eq(contactIdentities.channel, channel), eq(contactIdentities.externalId, externalId)))
    .limit(1);
  return row?.id ?? null;
}

async function byColumn(tx: DbOrTx, workspaceId: string, column: "phone" | "email", value: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(column === "phone" ? contacts.phone : contacts.email, value)))
    .limit(1);
  return row?.id ?? null;
}

export type ConversationContact = ContactIdentity & {
  conversationId: string;
  agentId: string | null;
  /** The agent's conversation setting: open a deal for a contact that has none. */
  autoAddToFunnel: boolean;
};

/**
 * Ties a conversation to its contact (matching or creating it) and, with autoAddToFunnel, opens
 * the contact's first deal in the default pipeline's first stage. Idempotent: a redelivered
 * message or a second call finds the same contact, link and deal.
 */
export async function noteConversationContact(tx: DbOrTx, p: ConversationContact): Promise<{ contactId: string; created: boolean; dealId: string | null }> {
  const now = p.now ?? Date.now();
  const { contactId, created } = await matchOrCreateContact(tx, { ...p, now });
  await tx.insert(conversationContacts).values({ conversationId: p.conversationId, workspaceId: p.workspaceId, contactId, createdAt: now }).onConflictDoNothing();
  // A new contact from a conversation is an A/B test's "lead registered" (logged, never thrown).
  if (created) await recordAbOutcomeIn(tx, { workspaceId: p.workspaceId, conversationId: p.conversationId, contactId, metric: "lead_registered", now });
  const dealId = p.autoAddToFunnel ? await openFirstDeal(tx, { workspaceId: p.workspaceId, contactId, agentId: p.agentId, conversationId: p.conversationId, now }) : null;
  return { contactId, created, dealId };
}

/** autoAddToFunnel: the contact's deal, opened in the default pipeline's first stage when it has none (and shows in the funnel). */
export async function openFirstDeal(tx: DbOrTx, p: { workspaceId: string; contactId: string; agentId: string | null; conversationId: string; now: number }): Promise<string | null> {
  const [existing] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.contactId, p.contactId)).limit(1);
  if (existing) return existing.id;
  const [contact] = await tx.select({ name: contacts.name, visible: contacts.visibleInFunnel }).from(contacts).where(eq(contacts.id, p.contactId)).limit(1);
  if (!contact?.visible) return null;
  const deal = await openDeal(tx, {
    workspaceId: p.workspaceId,
    title: contact.name,
    contactId: p.contactId,
    source: "agent",
    agentId: p.agentId,
    conversationId: p.conversationId,
    actor: p.agentId ? { type: "agent", agentId: p.agentId } : { type: "system" },
    notes: null,
    now: p.now,
  });
  return deal.id;
}
