import { CONTACT_IMPORT_LIMITS } from "../../schemas/crm/imports";
import { type ImportedValues, NAME_REQUIRED, type RowRead } from "../../schemas/crm/import-rows";
import type { RawTx } from "../credit-debit";
import { type ExistingContact, type NewContact, contactsByKeys, insertContacts, promoteVariablesToManual, updateContact, upsertManualVariables } from "./contact-import-sql";
import { IMPLIED_MANUAL_SOURCES, manualContactVariables } from "./contact-values";

/** One data row, read and checked against the rows before it in the file. */
export type PreparedRow = {
  /** The spreadsheet's line (1 = the header). */
  line: number;
  read: RowRead;
  /** An earlier row of the file already has this phone or e-mail. */
  repeats?: { line: number; key: "telefone" | "email" };
};

type Counts = { created: number; updated: number; skipped: number; failed: number };
type Report = { row: number; message: string }[];
export type ChunkOutcome = "written" | "cancelled";

const TAGS_MAX = 30;

const textFields = (values: Record<string, unknown>): Record<string, string | null> =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"));

/** Lookups of existing contacts by phone and by e-mail; kept current as the chunk changes them. */
class Matches {
  readonly byPhone = new Map<string, ExistingContact>();
  readonly byEmail = new Map<string, ExistingContact>();
  add(c: ExistingContact) {
    if (c.phone) this.byPhone.set(c.phone, c);
    if (c.email) this.byEmail.set(c.email, c);
  }
  /** A contact took a new phone or e-mail: the old keys no longer find it. */
  moved(c: ExistingContact, phone: string | null, email: string | null) {
    if (c.phone && c.phone !== phone) this.byPhone.delete(c.phone);
    if (c.email && c.email !== email) this.byEmail.delete(c.email);
    c.phone = phone;
    c.email = email;
    this.add(c);
  }
}

async function loadMatches(tx: RawTx, workspaceId: string, rows: PreparedRow[]): Promise<Matches> {
  const values = rows.flatMap((r) => (r.read.ok && !r.repeats ? [r.read.values] : []));
  const matches = new Matches();
  for (const c of await contactsByKeys(tx, workspaceId, "phone", values.flatMap((v) => (v.phone ? [v.phone] : [])))) matches.add(c);
  for (const c of await contactsByKeys(tx, workspaceId, "email", values.flatMap((v) => (v.email ? [v.email] : [])))) matches.add(c);
  return matches;
}

/**
 * What an update states (`stated`: the row's non-empty values, recorded as manual) and what it
 * changes (`patch`: only the differing ones, so an unchanged name does not churn the search index;
 * tags and custom fields are added to the contact's).
 */
function updatePatch(match: ExistingContact, v: ImportedValues): { stated: Record<string, unknown>; patch: Record<string, unknown> } | { error: string } {
  const stated: Record<string, unknown> = {};
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (value === null || value === undefined || key === "tags" || key === "customFields") continue;
    stated[key] = value;
    if (match.fields[key] !== value) patch[key] = value;
  }
  if (v.tags?.length) {
    const tags = [...new Set([...match.tags, ...v.tags])];
    if (tags.length > TAGS_MAX) return { error: `No máximo ${TAGS_MAX} etiquetas (o contato ficaria com ${tags.length})` };
    if (tags.length > match.tags.length) patch.tags = tags;
  }
  if (v.customFields && Object.entries(v.customFields).some(([k, value]) => match.customFields[k] !== value)) patch.customFields = { ...match.customFields, ...v.customFields };
  return { stated, patch };
}

type ImportState = { workspaceId: string; userId: string | null; status: string; onDuplicate: string; processedRows: number; report: Report };

async function importState(tx: RawTx, importId: string): Promise<ImportState | null> {
  const rs = await tx.execute({ sql: "SELECT workspace_id, user_id, status, on_duplicate, processed_rows, report FROM contact_imports WHERE id = ?", args: [importId] });
  const r = rs.rows[0];
  if (!r) return null;
  return {
    workspaceId: String(r.workspace_id),
    userId: r.user_id === null ? null : String(r.user_id),
    status: String(r.status),
    onDuplicate: String(r.on_duplicate),
    processedRows: Number(r.processed_rows),
    report: JSON.parse(String(r.report ?? "[]")) as Report,
  };
}

/**
 * Writes rows [start, end) of an import inside the caller's transaction, with the import's counts,
 * report and processed_rows: the chunk and its bookkeeping commit together, so a crash resumes
 * after the last whole chunk and never writes a row twice. A run that finds processed_rows moved
 * (another run did this chunk) throws, rolling back whatever it wrote.
 */
export async function writeImportChunk(tx: RawTx, importId: string, rows: PreparedRow[], start: number, end: number, now: number): Promise<ChunkOutcome> {
  const imp = await importState(tx, importId);
  if (!imp || imp.status === "cancelled") return "cancelled";
  if (imp.processedRows !== start) throw new Error(`contact import ${importId}: expected row ${start}, found ${imp.processedRows}`);
  const chunk = rows.slice(start, end);
  const matches = await loadMatches(tx, imp.workspaceId, chunk);
  const counts: Counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
  const report = imp.report;
  const refuse = (line: number, message: string, kind: "failed" | "skipped" = "failed") => {
    counts[kind]++;
    if (report.length < CONTACT_IMPORT_LIMITS.reportCap) report.push({ row: line, message: `Linha ${line}: ${message}` });
  };
  const inserts = new Map<string, NewContact>();
  const variables: { contactId: string; name: string; value: string }[] = [];
  const promoted: typeof variables = [];
  const remember = (contact: ExistingContact, patch: Record<string, unknown>) => {
    const into = IMPLIED_MANUAL_SOURCES.has(contact.source) ? promoted : variables;
    for (const [name, value] of manualContactVariables(patch)) into.push({ contactId: contact.id, name, value });
  };

  for (const row of chunk) {
    if (!row.read.ok) {
      refuse(row.line, row.read.message);
      continue;
    }
    if (row.repeats) {
      refuse(row.line, `${row.repeats.key === "email" ? "mesmo email" : "mesmo telefone"} da linha ${row.repeats.line} (linha ignorada)`, "skipped");
      continue;
    }
    const v = row.read.values;
    const byPhone = v.phone ? matches.byPhone.get(v.phone) : undefined;
    const byEmail = v.email ? matches.byEmail.get(v.email) : undefined;
    if (byPhone && byEmail && byPhone !== byEmail) {
      refuse(row.line, "o telefone e o email pertencem a contatos diferentes");
      continue;
    }
    const match = byPhone ?? byEmail;
    if (!match) {
      if (!v.name) {
        refuse(row.line, NAME_REQUIRED);
        continue;
      }
      const id = Bun.randomUUIDv7();
      const values = { ...v, country: v.country ?? "Brasil", status: v.status ?? "lead", tags: v.tags ?? [], customFields: v.customFields ?? {} };
      // No variable rows: a field of an imported contact without one counts as manual (contact-values.ts).
      inserts.set(id, { id, values });
      matches.add({ id, source: "import", phone: v.phone ?? null, email: v.email ?? null, tags: values.tags, customFields: values.customFields, fields: textFields(values) });
      counts.created++;
      continue;
    }
    if (imp.onDuplicate === "skip") {
      counts.skipped++;
      continue;
    }
    const out = updatePatch(match, v);
    if ("error" in out) {
      refuse(row.line, out.error);
      continue;
    }
    // A contact created by an earlier row of this chunk is not written yet: its insert takes the values.
    const pending = inserts.get(match.id);
    if (pending) Object.assign(pending.values, out.patch);
    else await updateContact(tx, imp.workspaceId, match.id, out.patch, now);
    remember(match, out.stated);
    Object.assign(match.fields, out.stated);
    matches.moved(match, v.phone ?? match.phone, v.email ?? match.email);
    if (out.patch.tags) match.tags = out.patch.tags as string[];
    if (out.patch.customFields) match.customFields = out.patch.customFields as Record<string, string>;
    counts.updated++;
  }

  await insertContacts(tx, imp.workspaceId, importId, imp.userId, [...inserts.values()], now);
  await upsertManualVariables(tx, imp.workspaceId, variables, now);
  await promoteVariablesToManual(tx, imp.workspaceId, promoted, now);
  await tx.execute({
    sql: `UPDATE contact_imports SET processed_rows = ?, created_count = created_count + ?, updated_count = updated_count + ?,
      skipped_count = skipped_count + ?, failed_count = failed_count + ?, report = ?, updated_at = ? WHERE id = ?`,
    args: [end, counts.created, counts.updated, counts.skipped, counts.failed, JSON.stringify(report), now, importId],
  });
  return "written";
}
