/**
 * What the agent learned in a conversation (a model tool call, or offline patterns) lands on the
 * conversation's contact. A web chat visitor has no contact until they tell a name, e-mail or phone:
 * then they become one (channel web_chat, identity = the visitor session), with a deal when the
 * agent's autoAddToFunnel is on.
 */
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { conversationContacts, conversations } from "../../../db/schema";
import { dataTypeProblem, isContactVariable } from "../../schemas/crm/variables";
import { withTransaction } from "../context";
import { applyContactValues } from "./contact-values";
import { noteConversationContact } from "./contact-match";
import { PATTERN_CONFIDENCE, extractByPatterns, mightHoldData } from "./variable-patterns";
import { normalizeContactValue } from "./variable-values";
import { customDefinitions } from "./variables";

export type ExtractionTarget = {
  workspaceId: string;
  conversationId: string;
  agentId: string | null;
  /** The agent's conversation setting: a new web contact gets a deal. */
  autoAddToFunnel: boolean;
};

export type ExtractionOutcome = { contactId: string | null; applied: string[]; kept: string[]; invalid: string[]; createdContact: boolean };

const WEB_FALLBACK_NAME = "Visitante do chat web";

/** Values the contact would accept: contact fields by the form's rules, custom ones by their type. */
async function validValues(db: Db, workspaceId: string, values: Record<string, string>) {
  const custom = new Map((await customDefinitions(db, workspaceId)).map((d) => [d.name, d]));
  const ok: Record<string, string> = {};
  const invalid: string[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (!value) continue;
    if (isContactVariable(name)) {
      const v = normalizeContactValue(name, value);
      if (v) ok[name] = v;
      else invalid.push(name);
      continue;
    }
    const def = custom.get(name);
    if (def?.extractable && !dataTypeProblem(def.dataType, value)) ok[name] = value.slice(0, 5000);
    else invalid.push(name);
  }
  return { ok, invalid };
}

/** The web visitor becomes a contact once they leave a name, e-mail or phone. */
async function webContact(tx: DbOrTx, t: ExtractionTarget, values: Record<string, string>, now: number): Promise<{ contactId: string; created: boolean } | null> {
  if (!values.nome && !values.email && !values.telefone) return null;
  const [conv] = await tx
    .select({ channel: conversations.channel, contactKey: conversations.contactKey, clientName: conversations.clientName })
    .from(conversations)
    .where(and(eq(conversations.id, t.conversationId), eq(conversations.workspaceId, t.workspaceId)))
    .limit(1);
  if (conv?.channel !== "web") return null;
  const r = await noteConversationContact(tx, {
    workspaceId: t.workspaceId,
    conversationId: t.conversationId,
    agentId: t.agentId,
    name: values.nome ?? null,
    email: values.email ?? null,
    phone: values.telefone ?? null,
    channel: "web_chat",
    externalId: conv.contactKey,
    source: "web_chat",
    autoAddToFunnel: t.autoAddToFunnel,
    now,
  });
  // The inbox shows the visitor by name from now on.
  if (values.nome && (!conv.clientName || conv.clientName === WEB_FALLBACK_NAME))
    await tx.update(conversations).set({ clientName: values.nome, clientEmail: values.email ?? null, clientPhone: values.telefone ?? null }).where(eq(conversations.id, t.conversationId));
  return r;
}

/**
 * Applies extracted values to the conversation's contact (source extracted: a manual value is
 * kept and the history says so). One write transaction; idempotent per message.
 */
export async function saveConversationValues(
  db: Db,
  t: ExtractionTarget,
  values: Record<string, string>,
  how: { method: "llm" | "pattern"; confidence: number },
): Promise<ExtractionOutcome> {
  const { ok, invalid } = await validValues(db, t.workspaceId, values);
  const none: ExtractionOutcome = { contactId: null, applied: [], kept: [], invalid, createdContact: false };
  if (!Object.keys(ok).length) return none;
  return withTransaction(db, async (tx) => {
    const now = Date.now();
    const [link] = await tx
      .select({ contactId: conversationContacts.contactId })
      .from(conversationContacts)
      .where(and(eq(conversationContacts.conversationId, t.conversationId), eq(conversationContacts.workspaceId, t.workspaceId)))
      .limit(1);
    let contactId = link?.contactId ?? null;
    let createdContact = false;
    if (!contactId) {
      const web = await webContact(tx, t, ok, now);
      if (!web) return none;
      contactId = web.contactId;
      createdContact = web.created;
    }
    const out = await applyContactValues(tx, {
      workspaceId: t.workspaceId,
      contactId,
      values: ok,
      source: "extracted",
      confidence: how.confidence,
      conversationId: t.conversationId,
      method: how.method,
      now,
    });
    return { contactId, applied: out.applied, kept: out.kept, invalid, createdContact };
  });
}

/** The extractable custom definitions, when the message could name one ("Rótulo: valor"). */
async function patternDefinitions(db: Db, workspaceId: string, text: string) {
  if (!text.includes(":") && !/pedido/i.test(text)) return [];
  return (await customDefinitions(db, workspaceId)).filter((d) => d.extractable);
}

/**
 * Offline mode (no model): pattern matching on the customer's message. Costs nothing for a
 * message with no cue (no regex beyond the pre-check, no query).
 */
export async function extractByPatternsFromMessage(db: Db, t: ExtractionTarget, text: string): Promise<ExtractionOutcome | null> {
  if (!mightHoldData(text)) {
    if (!text.includes(":") && !/pedido/i.test(text)) return null;
    const defs = await patternDefinitions(db, t.workspaceId, text);
    if (!mightHoldData(text, defs)) return null;
  }
  const values = extractByPatterns(text, await patternDefinitions(db, t.workspaceId, text));
  if (!Object.keys(values).length) return null;
  return saveConversationValues(db, t, values, { method: "pattern", confidence: PATTERN_CONFIDENCE });
}
