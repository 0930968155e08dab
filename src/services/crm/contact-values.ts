import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contactVariables, contacts, variableExtractions } from "../../../db/schema";
import { normalizeEmail, normalizePhone } from "../../schemas/crm/normalize";
import { CONTACT_FIELD_OF_VARIABLE, type ContactVariableName, type VariableSource } from "../../schemas/crm/variables";

export type ApplyValues = {
  workspaceId: string;
  contactId: string;
  /** variable name → value ("nome" → "Ana Souza", "numero_pedido" → "12345"). */
  values: Record<string, string>;
  source: VariableSource;
  confidence: number;
  conversationId?: string | null;
  /** Set when the values come from the agent: each is also written to the extraction history. */
  method?: "llm" | "pattern";
  now?: number;
};

const isContactField = (name: string): name is ContactVariableName => Object.hasOwn(CONTACT_FIELD_OF_VARIABLE, name);

/** Phones and e-mails are stored normalised; a value that does not normalise is not applied. */
function normalised(name: string, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (name === "telefone") return normalizePhone(v);
  if (name === "email") return normalizeEmail(v);
  if (name === "nome") return v.length >= 2 ? v.replace(/\s+/g, " ").slice(0, 200) : null;
  return v.slice(0, 5000);
}

/**
 * Writes variable values of one contact, the contact fields among them included, keeping their
 * provenance. The one rule: a value a person typed (source manual) is never replaced by one that
 * did not come from a person. Returns which names changed and which were kept as they were.
 * Call inside a write transaction (the phone/e-mail uniqueness check relies on it).
 */
export async function applyContactValues(tx: DbOrTx, p: ApplyValues): Promise<{ applied: string[]; kept: string[] }> {
  const names = Object.keys(p.values);
  if (!names.length) return { applied: [], kept: [] };
  const now = p.now ?? Date.now();
  const existing = await tx
    .select({ name: contactVariables.variableName, value: contactVariables.value, source: contactVariables.source })
    .from(contactVariables)
    .where(and(eq(contactVariables.contactId, p.contactId), inArray(contactVariables.variableName, names)));
  const byName = new Map<string, { value: string; source: string }>(existing.map((e) => [e.name, e]));
  const unrecorded = names.filter((n): n is ContactVariableName => isContactField(n) && !byName.has(n));
  for (const [name, value] of (await impliedManualValues(tx, p.workspaceId, p.contactId, unrecorded)).values) byName.set(name, { value, source: "manual" });
  const applied: string[] = [];
  const kept: string[] = [];
  const fieldPatch: Record<string, string> = {};
  for (const name of names) {
    const raw = p.values[name] ?? "";
    const value = normalised(name, raw);
    const prior = byName.get(name);
    const refused = value === null || (prior?.source === "manual" && p.source !== "manual");
    const unchanged = !refused && prior?.value === value && prior.source === p.source;
    if (!refused && !unchanged && value !== null) {
      // Another contact of the workspace already owns this phone or e-mail: never steal it.
      if ((name === "telefone" || name === "email") && (await ownedByAnother(tx, p.workspaceId, p.contactId, name, value))) {
        kept.push(name);
      } else {
        await tx
          .insert(contactVariables)
          .values({ workspaceId: p.workspaceId, contactId: p.contactId, variableName: name, value, source: p.source, confidenceScore: p.confidence, conversationId: p.conversationId ?? null, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: [contactVariables.contactId, contactVariables.variableName],
            set: { value, source: p.source, confidenceScore: p.confidence, conversationId: p.conversationId ?? null, updatedAt: now },
          });
        if (isContactField(name)) fieldPatch[CONTACT_FIELD_OF_VARIABLE[name]] = value;
        applied.push(name);
      }
    } else if (refused) kept.push(name);
    if (p.method)
      await tx.insert(variableExtractions).values({
        workspaceId: p.workspaceId,
        contactId: p.contactId,
        conversationId: p.conversationId ?? null,
        variableName: name,
        value: (value ?? raw).slice(0, 5000),
        confidenceScore: p.confidence,
        method: p.method,
        applied: applied.includes(name),
        createdAt: now,
      });
  }
  if (Object.keys(fieldPatch).length) await tx.update(contacts).set({ ...fieldPatch, updatedAt: now }).where(and(eq(contacts.id, p.contactId), eq(contacts.workspaceId, p.workspaceId)));
  return { applied, kept };
}

/**
 * Contacts whose fields without a variable row are a person's values: a CSV import writes no
 * variable rows for the contacts it creates (~70 µs a row, bench/crm-import.ts). Not "manual":
 * a conversation's contact may carry that source with a channel's fallback name and no row.
 */
export const IMPLIED_MANUAL_SOURCES: ReadonlySet<string> = new Set(["import"]);

/**
 * Of `names` (contact-field variables with no row), those the contact holds a value for as a
 * person typed it (IMPLIED_MANUAL_SOURCES): variable name → the field's value. One read.
 */
export async function impliedManualValues(
  tx: DbOrTx,
  workspaceId: string,
  contactId: string,
  names: ContactVariableName[],
): Promise<{ values: Map<ContactVariableName, string>; updatedAt: number }> {
  const values = new Map<ContactVariableName, string>();
  if (!names.length) return { values, updatedAt: 0 };
  const [c] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId)))
    .limit(1);
  if (!c || !IMPLIED_MANUAL_SOURCES.has(c.source)) return { values, updatedAt: 0 };
  for (const name of names) {
    const value = c[CONTACT_FIELD_OF_VARIABLE[name]];
    if (typeof value === "string" && value !== "") values.set(name, value);
  }
  return { values, updatedAt: c.updatedAt };
}

async function ownedByAnother(tx: DbOrTx, workspaceId: string, contactId: string, name: "telefone" | "email", value: string): Promise<boolean> {
  const column = name === "telefone" ? contacts.phone : contacts.email;
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(column, value)))
    .limit(1);
  return row !== undefined && row.id !== contactId;
}

/**
 * A person edited contact fields (form, import, API): those fields become manual values, so the
 * agent will not overwrite them. `patch` uses contact field names (name, email, companyName…).
 */
export async function recordManualContactFields(tx: DbOrTx, workspaceId: string, contactId: string, patch: Record<string, unknown>, now = Date.now()) {
  for (const [variable, field] of Object.entries(CONTACT_FIELD_OF_VARIABLE)) {
    if (!Object.hasOwn(patch, field)) continue;
    const value = patch[field];
    if (value === null || value === undefined || value === "") {
      await tx.delete(contactVariables).where(and(eq(contactVariables.contactId, contactId), eq(contactVariables.variableName, variable)));
      continue;
    }
    await tx
      .insert(contactVariables)
      .values({ workspaceId, contactId, variableName: variable, value: String(value), source: "manual", confidenceScore: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [contactVariables.contactId, contactVariables.variableName], set: { value: String(value), source: "manual", confidenceScore: 1, updatedAt: now } });
  }
}

/**
 * The variables recordManualContactFields writes for a patch that only sets values (a CSV import
 * row: it never blanks a field): [variable, value] pairs, for writers that batch them themselves.
 */
export function manualContactVariables(patch: Record<string, unknown>): [string, string][] {
  return Object.entries(CONTACT_FIELD_OF_VARIABLE).flatMap(([variable, field]) => {
    const value = patch[field];
    return value === null || value === undefined || value === "" ? [] : [[variable, String(value)] as [string, string]];
  });
}
