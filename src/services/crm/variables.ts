/**
 * Variable definitions (system constants + the workspace's own) and one contact's variable values.
 * Every query is filtered by the workspace; system definitions are code, never rows.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { contactVariables, contacts, variableDefinitions } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { TtlCache, ownerKey } from "../../lib/ttl-cache";
import {
  CONTACT_FIELD_OF_VARIABLE,
  type ContactVariableName,
  type CreateVariableDefinition,
  SYSTEM_VARIABLES,
  SYSTEM_VARIABLE_NAMES,
  type VariableCategory,
  type VariableDataType,
  createVariableDefinitionInput,
  dataTypeProblem,
  type deleteContactVariableInput,
  isContactVariable,
  type setContactVariableInput,
  type updateVariableDefinitionInput,
} from "../../schemas/crm/variables";
import type { InboxWriterScope } from "../access";
import { type WorkspaceScope, withTransaction } from "../context";
import { applyContactValues, impliedManualValues } from "./contact-values";
import { contactFieldProblem, normalizeContactValue } from "./variable-values";
import type { z } from "zod";

/** A workspace's own definitions stay few (they are offered to the model every turn that extracts). */
export const MAX_DEFINITIONS = 200;
export const VARIABLE_ERRORS = {
  notFound: "Variável não encontrada",
  duplicate: "Já existe uma variável com esse nome",
  system: "Variáveis do sistema não podem ser alteradas nem excluídas",
  limit: `Limite de ${MAX_DEFINITIONS} variáveis personalizadas por workspace`,
  contactNotFound: "Contato não encontrado",
  undefinedVariable: "Variável não definida: crie-a em Variáveis antes de usá-la",
  computed: "Essa variável é calculada na hora do envio e não pode ser definida num contato",
  nameRequired: "O nome do contato não pode ser apagado; edite-o",
  takenPhone: "Esse telefone já pertence a outro contato",
  takenEmail: "Esse e-mail já pertence a outro contato",
} as const;

export type DefinitionRow = {
  id: string | null;
  name: string;
  displayName: string;
  category: VariableCategory;
  dataType: VariableDataType;
  format: string | null;
  defaultValue: string | null;
  description: string | null;
  extractable: boolean;
  isSystem: boolean;
  updatedAt: number | null;
};

type CustomDefinition = Omit<DefinitionRow, "isSystem">;

/** The runtime reads a workspace's definitions on turns and follow-ups: cached, invalidated on write. */
const cache = new TtlCache<CustomDefinition[]>(30_000, 5_000);
const cacheKey = (db: DbOrTx, workspaceId: string) => `${ownerKey(db)}|${workspaceId}`;

async function loadCustom(db: DbOrTx, workspaceId: string): Promise<CustomDefinition[]> {
  const rows = await db
    .select()
    .from(variableDefinitions)
    .where(eq(variableDefinitions.workspaceId, workspaceId))
    .orderBy(asc(variableDefinitions.name))
    .limit(MAX_DEFINITIONS);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayName: r.displayName,
    category: r.category as VariableCategory,
    dataType: r.dataType as VariableDataType,
    format: r.format,
    defaultValue: r.defaultValue,
    description: r.description,
    extractable: r.extractable,
    updatedAt: r.updatedAt,
  }));
}

/** The workspace's own definitions, from the cache (runtime paths). */
export const customDefinitions = (db: Db, workspaceId: string) => cache.get(cacheKey(db, workspaceId), () => loadCustom(db, workspaceId));

/** System variables first, then the workspace's own, by name. */
export async function listDefinitions(db: Db, scope: WorkspaceScope): Promise<DefinitionRow[]> {
  const custom = await loadCustom(db, scope.id);
  const system: DefinitionRow[] = SYSTEM_VARIABLES.map((v) => ({ ...v, id: null, format: null, defaultValue: null, extractable: isContactVariable(v.name), isSystem: true, updatedAt: null }));
  return [...system, ...custom.map((c) => ({ ...c, isSystem: false }))];
}

export async function createDefinition(db: Db, scope: InboxWriterScope, raw: CreateVariableDefinition) {
  const input = createVariableDefinitionInput.parse(raw);
  const now = Date.now();
  const row = await withTransaction(db, async (tx) => {
    const existing = await loadCustom(tx, scope.id);
    if (existing.some((d) => d.name === input.name)) throw new AppError("CONFLICT", VARIABLE_ERRORS.duplicate, { field: "name" });
    if (existing.length >= MAX_DEFINITIONS) throw new AppError("LIMIT_EXCEEDED", VARIABLE_ERRORS.limit);
    const [created] = await tx
      .insert(variableDefinitions)
      .values({ workspaceId: scope.id, ...input, isSystem: false, createdAt: now, updatedAt: now })
      .returning({ id: variableDefinitions.id });
    return created;
  });
  cache.delete(cacheKey(db, scope.id));
  return { id: row?.id ?? "" };
}

async function ownDefinition(tx: DbOrTx, workspaceId: string, id: string) {
  const [row] = await tx
    .select({ id: variableDefinitions.id, isSystem: variableDefinitions.isSystem })
    .from(variableDefinitions)
    .where(and(eq(variableDefinitions.id, id), eq(variableDefinitions.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", VARIABLE_ERRORS.notFound);
  if (row.isSystem) throw new AppError("FORBIDDEN", VARIABLE_ERRORS.system);
  return row;
}

export async function updateDefinition(db: Db, scope: InboxWriterScope, input: z.output<typeof updateVariableDefinitionInput>) {
  await withTransaction(db, async (tx) => {
    await ownDefinition(tx, scope.id, input.id);
    await tx
      .update(variableDefinitions)
      .set({ ...input.patch, updatedAt: Date.now() })
      .where(and(eq(variableDefinitions.id, input.id), eq(variableDefinitions.workspaceId, scope.id)));
  });
  cache.delete(cacheKey(db, scope.id));
  return { ok: true as const };
}

/** The definition goes; values already stored on contacts stay (they are the contact's data). */
export async function deleteDefinition(db: Db, scope: InboxWriterScope, id: string) {
  await withTransaction(db, async (tx) => {
    await ownDefinition(tx, scope.id, id);
    await tx.delete(variableDefinitions).where(and(eq(variableDefinitions.id, id), eq(variableDefinitions.workspaceId, scope.id)));
  });
  cache.delete(cacheKey(db, scope.id));
  return { ok: true as const };
}

async function contactOf(tx: DbOrTx, workspaceId: string, contactId: string) {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", VARIABLE_ERRORS.contactNotFound);
}

/** One contact's variables, with their definition's label and where each value came from. */
export async function listContactVariables(db: Db, scope: WorkspaceScope, contactId: string) {
  await contactOf(db, scope.id, contactId);
  const [rows, custom] = await Promise.all([
    db
      .select({
        variableName: contactVariables.variableName,
        value: contactVariables.value,
        source: contactVariables.source,
        confidenceScore: contactVariables.confidenceScore,
        updatedAt: contactVariables.updatedAt,
      })
      .from(contactVariables)
      .where(and(eq(contactVariables.contactId, contactId), eq(contactVariables.workspaceId, scope.id)))
      .orderBy(asc(contactVariables.variableName))
      .limit(500),
    loadCustom(db, scope.id),
  ]);
  // An imported contact's fields have no rows yet count as manual: listed as such (contact-values.ts).
  const recorded = new Set(rows.map((r) => r.variableName));
  const unrecorded = (Object.keys(CONTACT_FIELD_OF_VARIABLE) as ContactVariableName[]).filter((n) => !recorded.has(n));
  const implied = await impliedManualValues(db, scope.id, contactId, unrecorded);
  for (const [variableName, value] of implied.values) rows.push({ variableName, value, source: "manual", confidenceScore: 1, updatedAt: implied.updatedAt });
  rows.sort((a, b) => (a.variableName < b.variableName ? -1 : a.variableName > b.variableName ? 1 : 0));
  const labels = new Map<string, string>([...SYSTEM_VARIABLES, ...custom].map((d) => [d.name, d.displayName]));
  return rows.map((r) => ({ ...r, displayName: labels.get(r.variableName) ?? r.variableName, defined: labels.has(r.variableName) }));
}

/** A person's value: source manual, confidence 1, mirrored to the contact field when it is one. */
export async function setContactVariable(db: Db, scope: InboxWriterScope, input: z.output<typeof setContactVariableInput>) {
  const { contactId, variableName } = input;
  if (SYSTEM_VARIABLE_NAMES.has(variableName) && !isContactVariable(variableName)) throw new AppError("VALIDATION", VARIABLE_ERRORS.computed, { field: "variableName" });
  return withTransaction(db, async (tx) => {
    await contactOf(tx, scope.id, contactId);
    let value = input.value;
    if (isContactVariable(variableName)) {
      const problem = contactFieldProblem(variableName, value);
      if (problem) throw new AppError("VALIDATION", problem, { field: "value" });
      value = normalizeContactValue(variableName, value) ?? value;
    } else {
      const def = (await loadCustom(tx, scope.id)).find((d) => d.name === variableName);
      if (!def) throw new AppError("NOT_FOUND", VARIABLE_ERRORS.undefinedVariable, { field: "variableName" });
      const problem = dataTypeProblem(def.dataType, value);
      if (problem) throw new AppError("VALIDATION", problem, { field: "value" });
    }
    const out = await applyContactValues(tx, { workspaceId: scope.id, contactId, values: { [variableName]: value }, source: "manual", confidence: 1 });
    if (out.kept.includes(variableName)) throw new AppError("CONFLICT", variableName === "telefone" ? VARIABLE_ERRORS.takenPhone : VARIABLE_ERRORS.takenEmail, { field: "value" });
    return { ok: true as const };
  });
}

/** Removes a value; a contact field is cleared with it (the name, required, cannot be). */
export async function deleteContactVariable(db: Db, scope: InboxWriterScope, input: z.output<typeof deleteContactVariableInput>) {
  if (input.variableName === "nome") throw new AppError("VALIDATION", VARIABLE_ERRORS.nameRequired, { field: "variableName" });
  return withTransaction(db, async (tx) => {
    await contactOf(tx, scope.id, input.contactId);
    await tx
      .delete(contactVariables)
      .where(and(eq(contactVariables.contactId, input.contactId), eq(contactVariables.workspaceId, scope.id), eq(contactVariables.variableName, input.variableName)));
    if (isContactVariable(input.variableName))
      await tx
        .update(contacts)
        .set({ [CONTACT_FIELD_OF_VARIABLE[input.variableName]]: null, updatedAt: Date.now() })
        .where(and(eq(contacts.id, input.contactId), eq(contacts.workspaceId, scope.id)));
    return { ok: true as const };
  });
}
