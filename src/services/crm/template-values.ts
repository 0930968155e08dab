/**
 * The values a `{{variavel}}` message is rendered with in one conversation: the conversation's
 * contact (fields and variables), the date and time in São Paulo, the agent, and the workspace's
 * defaults for whatever is missing. Nothing is read when the text has no placeholder.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactVariables, contacts, conversationContacts } from "../../../db/schema";
import { formatPhone } from "../../schemas/crm/normalize";
import { type TemplateValues, agentValues, brDate, dateTimeValues, hasPlaceholders, renderTemplate } from "../../schemas/crm/template";
import { CONTACT_FIELD_OF_VARIABLE, type ContactVariableName } from "../../schemas/crm/variables";
import { customDefinitions } from "./variables";

export type RenderScope = {
  workspaceId: string;
  conversationId: string | null;
  agent: { name: string; companyName?: string | null };
  now?: Date;
};

/** The workspace's defaults (custom definitions' defaultValue). */
export async function templateDefaults(db: Db, workspaceId: string): Promise<Record<string, string>> {
  const defaults: Record<string, string> = {};
  for (const d of await customDefinitions(db, workspaceId)) if (d.defaultValue) defaults[d.name] = d.defaultValue;
  return defaults;
}

/** The conversation's contact as variables: its variable rows, then its fields (the fields win). */
export async function contactValues(db: Db, workspaceId: string, conversationId: string): Promise<Record<string, string>> {
  const [link] = await db
    .select({ contactId: conversationContacts.contactId })
    .from(conversationContacts)
    .where(and(eq(conversationContacts.conversationId, conversationId), eq(conversationContacts.workspaceId, workspaceId)))
    .limit(1);
  if (!link) return {};
  const [rows, [contact]] = await Promise.all([
    db
      .select({ name: contactVariables.variableName, value: contactVariables.value })
      .from(contactVariables)
      .where(and(eq(contactVariables.contactId, link.contactId), eq(contactVariables.workspaceId, workspaceId)))
      .limit(500),
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, link.contactId), eq(contacts.workspaceId, workspaceId)))
      .limit(1),
  ]);
  const values: Record<string, string> = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  if (contact) {
    for (const [variable, field] of Object.entries(CONTACT_FIELD_OF_VARIABLE) as [ContactVariableName, keyof typeof contact][]) {
      const v = contact[field];
      values[variable] = typeof v === "string" ? v : "";
    }
    // A fallback name ("Contato +55 …") is not the person's name: better no name than that one.
    if (contact.name.startsWith("Contato ")) values.nome = "";
  }
  if (values.telefone) values.telefone = formatPhone(values.telefone);
  if (values.data_nascimento) values.data_nascimento = brDate(values.data_nascimento);
  return values;
}

export async function conversationTemplateValues(db: Db, s: RenderScope): Promise<{ values: TemplateValues; defaults: TemplateValues }> {
  const [contact, defaults] = await Promise.all([s.conversationId ? contactValues(db, s.workspaceId, s.conversationId) : {}, templateDefaults(db, s.workspaceId)]);
  return { values: { ...contact, ...dateTimeValues(s.now), ...agentValues(s.agent) }, defaults };
}

/** `text` rendered for this conversation (the text itself when it has no placeholder). */
export async function renderForConversation(db: Db, s: RenderScope, text: string): Promise<string> {
  if (!hasPlaceholders(text)) return text;
  const { values, defaults } = await conversationTemplateValues(db, s);
  return renderTemplate(text, values, defaults);
}
