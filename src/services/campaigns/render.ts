/**
 * A campaign message for one person: the variant (rotated by send index when rotateContent is on)
 * with {{nome}}, {{empresa}}, the CSV's extra columns and, for a member linked to a CRM contact,
 * every contact variable. Template parameters of the official channel are rendered the same way.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { type campaignContacts, campaignMessages, contactVariables, contacts } from "../../../db/schema";
import { formatPhone } from "../../schemas/crm/normalize";
import { type TemplateValues, dateTimeValues, renderTemplate } from "../../schemas/crm/template";
import { CONTACT_FIELD_OF_VARIABLE, type ContactVariableName } from "../../schemas/crm/variables";
import { templateDefaults } from "../crm/template-values";

export type CampaignMember = typeof campaignContacts.$inferSelect;

export async function campaignVariants(db: Db, campaignId: string): Promise<string[]> {
  const rows = await db
    .select({ content: campaignMessages.content })
    .from(campaignMessages)
    .where(eq(campaignMessages.campaignId, campaignId))
    .orderBy(asc(campaignMessages.position))
    .limit(50);
  return rows.map((r) => r.content);
}

/** The CRM contact's variables and fields (the fields win), as the inbox's templates see them. */
async function crmValues(db: Db, workspaceId: string, contactId: string): Promise<Record<string, string>> {
  const [rows, [contact]] = await Promise.all([
    db
      .select({ name: contactVariables.variableName, value: contactVariables.value })
      .from(contactVariables)
      .where(and(eq(contactVariables.contactId, contactId), eq(contactVariables.workspaceId, workspaceId)))
      .limit(500),
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId)))
      .limit(1),
  ]);
  const values: Record<string, string> = Object.fromEntries(rows.map((r) => [r.name, r.value]));
  if (contact) {
    for (const [variable, field] of Object.entries(CONTACT_FIELD_OF_VARIABLE) as [ContactVariableName, keyof typeof contact][]) {
      const v = contact[field];
      if (typeof v === "string" && v) values[variable] = v;
    }
    if (contact.name.startsWith("Contato ")) values.nome = "";
  }
  return values;
}

/** Values for one member: the CRM contact's, then the list's own columns (what the list says wins). */
export async function memberValues(db: Db, member: CampaignMember, now: number): Promise<{ values: TemplateValues; defaults: TemplateValues }> {
  const crm = member.contactId ? await crmValues(db, member.workspaceId, member.contactId) : {};
  const own: Record<string, string> = {};
  const put = (k: string, v: string | null | undefined) => {
    if (v) own[k] = v;
  };
  put("nome", member.name);
  put("empresa", member.company);
  put("cargo", member.role);
  put("cidade", member.city);
  put("telefone", formatPhone(member.phone));
  for (const [k, v] of Object.entries(member.extra ?? {})) put(k.trim().toLowerCase(), v);
  return { values: { ...crm, ...own, ...dateTimeValues(new Date(now)) }, defaults: await templateDefaults(db, member.workspaceId) };
}

export const renderWith = (text: string, v: { values: TemplateValues; defaults: TemplateValues }) => renderTemplate(text, v.values, v.defaults);
