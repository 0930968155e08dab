/**
 * The import chunk's statements as plain SQL on the raw transaction (src/services/credit-debit.ts
 * withRawWrite): each text is prepared once and cached by db/file-client.ts, where the query
 * builder spent more time building a 400-row insert than SQLite spent running it (bench/crm-import.ts).
 */
import type { RawTx } from "../credit-debit";

export type ExistingContact = {
  id: string;
  /** Where it came from: an imported contact's fields without variable rows count as manual. */
  source: string;
  phone: string | null;
  email: string | null;
  tags: string[];
  customFields: Record<string, string>;
  /** The text fields as stored (name, companyName…): an update leaves equal ones out of its SET. */
  fields: Record<string, string | null>;
};

/** Contact fields of an import row → their columns (the only names that reach the SQL text). */
export const CONTACT_COLUMN: Record<string, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  companyName: "company_name",
  jobTitle: "job_title",
  gender: "gender",
  birthDate: "birth_date",
  website: "website",
  address: "address",
  city: "city",
  state: "state",
  country: "country",
  zipCode: "zip_code",
  status: "status",
  tags: "tags",
  customFields: "custom_fields",
  notes: "notes",
};

/** The plain text fields (everything but the JSON ones). */
const TEXT_FIELDS = Object.keys(CONTACT_COLUMN).filter((f) => f !== "tags" && f !== "customFields");

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const json = <T>(v: unknown, empty: T): T => {
  try {
    return typeof v === "string" ? (JSON.parse(v) as T) : empty;
  } catch {
    return empty;
  }
};

/** Existing contacts of the workspace with one of these phones or e-mails (unique-index lookups). */
export async function contactsByKeys(tx: RawTx, workspaceId: string, column: "phone" | "email", keys: string[]): Promise<ExistingContact[]> {
  if (!keys.length) return [];
  const rs = await tx.execute({
    sql: `SELECT id, source, ${TEXT_FIELDS.map((f) => CONTACT_COLUMN[f]).join(", ")}, tags, custom_fields FROM contacts WHERE workspace_id = ? AND ${column} IN (SELECT value FROM json_each(?))`,
    args: [workspaceId, JSON.stringify(keys)],
  });
  return rs.rows.map((r) => ({
    id: String(r.id),
    source: String(r.source),
    phone: str(r.phone),
    email: str(r.email),
    tags: json(r.tags, []),
    customFields: json(r.custom_fields, {}),
    fields: Object.fromEntries(TEXT_FIELDS.map((f) => [f, str(r[CONTACT_COLUMN[f] ?? f])])),
  }));
}

const INSERT_COLUMNS = ["id", "workspace_id", "import_id", "created_by_user_id", "source", "created_at", "updated_at", ...Object.values(CONTACT_COLUMN)];
const INSERT_FIELDS = Object.keys(CONTACT_COLUMN);
/** Rows per multi-row insert: 23 columns × 40 rows stay far below SQLite's bound on variables. */
const INSERT_BATCH = 40;

export type NewContact = { id: string; values: Record<string, unknown> };

const cell = (field: string, v: unknown) => (v === undefined || v === null ? null : field === "tags" || field === "customFields" ? JSON.stringify(v) : (v as string));

/**
 * The chunk's new contacts, then their search rows in one INSERT … SELECT: rows with an import_id
 * are skipped by the per-row FTS trigger (migration 0014), which cost more than the bulk insert.
 */
export async function insertContacts(tx: RawTx, workspaceId: string, importId: string, userId: string | null, rows: NewContact[], now: number) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const one = `(${INSERT_COLUMNS.map(() => "?").join(", ")})`;
    await tx.execute({
      sql: `INSERT INTO contacts (${INSERT_COLUMNS.join(", ")}) VALUES ${batch.map(() => one).join(", ")}`,
      args: batch.flatMap((r) => [r.id, workspaceId, importId, userId, "import", now, now, ...INSERT_FIELDS.map((f) => cell(f, r.values[f]))]),
    });
  }
  if (!rows.length) return;
  await tx.execute({
    sql: `INSERT INTO contacts_fts (rowid, name, email, phone, company_name)
      SELECT rowid, name, email, phone, company_name FROM contacts WHERE id IN (SELECT value FROM json_each(?))`,
    args: [JSON.stringify(rows.map((r) => r.id))],
  });
}

/** One contact's changed fields (the SQL text varies only with which fields, so few are cached). */
export async function updateContact(tx: RawTx, workspaceId: string, id: string, patch: Record<string, unknown>, now: number) {
  const fields = Object.keys(patch).filter((f) => Object.hasOwn(CONTACT_COLUMN, f));
  if (!fields.length) return;
  await tx.execute({
    sql: `UPDATE contacts SET ${fields.map((f) => `${CONTACT_COLUMN[f]} = ?`).join(", ")}, updated_at = ? WHERE id = ? AND workspace_id = ?`,
    args: [...fields.map((f) => cell(f, patch[f])), now, id, workspaceId],
  });
}

const VAR_BATCH = 100;

/** Manual-provenance variables (recordManualContactFields' rows), upserted many at a time. */
export async function upsertManualVariables(tx: RawTx, workspaceId: string, rows: { contactId: string; name: string; value: string }[], now: number) {
  for (let i = 0; i < rows.length; i += VAR_BATCH) {
    const batch = rows.slice(i, i + VAR_BATCH);
    await tx.execute({
      sql: `INSERT INTO contact_variables (id, workspace_id, contact_id, variable_name, value, source, confidence_score, created_at, updated_at)
        VALUES ${batch.map(() => "(?, ?, ?, ?, ?, 'manual', 1, ?, ?)").join(", ")}
        ON CONFLICT (contact_id, variable_name) DO UPDATE SET value = excluded.value, source = 'manual', confidence_score = 1, updated_at = excluded.updated_at`,
      args: batch.flatMap((r) => [Bun.randomUUIDv7(), workspaceId, r.contactId, r.name, r.value, now, now]),
    });
  }
}

/**
 * A person restated fields of imported contacts (IMPLIED_MANUAL_SOURCES): with no row a field is
 * already manual, so only rows the agent or a channel wrote are turned manual; none is added.
 * One range read per contact (most have no rows), then one update per row that differs.
 */
export async function promoteVariablesToManual(tx: RawTx, workspaceId: string, rows: { contactId: string; name: string; value: string }[], now: number) {
  if (!rows.length) return;
  const rs = await tx.execute({
    sql: "SELECT contact_id, variable_name, value, source FROM contact_variables WHERE contact_id IN (SELECT value FROM json_each(?))",
    args: [JSON.stringify([...new Set(rows.map((r) => r.contactId))])],
  });
  if (!rs.rows.length) return;
  const held = new Map(rs.rows.map((r) => [`${r.contact_id}\u0000${r.variable_name}`, r]));
  const stale = rows.filter((r) => {
    const row = held.get(`${r.contactId}\u0000${r.name}`);
    return row !== undefined && (row.source !== "manual" || row.value !== r.value);
  });
  await upsertManualVariables(tx, workspaceId, stale, now);
}
