import { and, eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import type { Db } from "../../../db/client";
import { contactImportFiles, contactImports } from "../../../db/schema";
import { importRowReader } from "../../schemas/crm/import-rows";
import { CONTACT_IMPORT_LIMITS, CSV_PARSE_CONFIG, IMPORT_ERRORS, type ImportMapping } from "../../schemas/crm/imports";
import { withRawWrite } from "../credit-debit";
import { type PreparedRow, writeImportChunk } from "./contact-import-chunk";
import { CONTACT_IMPORT_JOB } from "../../jobs/job-types";

export { CONTACT_IMPORT_JOB };

export type ImportRunOptions = {
  chunkRows?: number;
  /** Tests: throw after this many chunks, as a crash between two chunks would. */
  stopAfterChunks?: number;
};

/**
 * Reads the whole file and decides, per row, its verdict under the SPEC §5 rules and whether an
 * earlier row of the file already has its phone or e-mail. Both follow from the file alone, so a
 * resumed run reaches the same decisions as the first one.
 */
export function prepareImportRows(csv: string, mapping: ImportMapping, delimiter?: string): { rows: PreparedRow[] } | { error: string } {
  const parsed = Papa.parse<string[]>(csv, { ...CSV_PARSE_CONFIG, delimiter: delimiter ?? "", preview: CONTACT_IMPORT_LIMITS.maxRows + 2 });
  const [header, ...data] = parsed.data;
  if (!header || data.length === 0) return { error: IMPORT_ERRORS.empty };
  if (header.length > CONTACT_IMPORT_LIMITS.maxColumns) return { error: IMPORT_ERRORS.tooManyColumns };
  if (data.length > CONTACT_IMPORT_LIMITS.maxRows) return { error: IMPORT_ERRORS.tooManyRows };
  if (Object.keys(mapping).some((c) => Number(c) >= header.length)) return { error: IMPORT_ERRORS.badColumn };
  const firstPhone = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  const readRow = importRowReader(mapping);
  const rows = data.map((cells, i): PreparedRow => {
    const line = i + 2;
    const read = readRow(cells);
    if (!read.ok) return { line, read };
    const { phone, email } = read.values;
    const phoneSeen = phone ? firstPhone.get(phone) : undefined;
    const emailSeen = email ? firstEmail.get(email) : undefined;
    if (phoneSeen !== undefined) return { line, read, repeats: { line: phoneSeen, key: "telefone" } };
    if (emailSeen !== undefined) return { line, read, repeats: { line: emailSeen, key: "email" } };
    if (phone) firstPhone.set(phone, line);
    if (email) firstEmail.set(email, line);
    return { line, read };
  });
  return { rows };
}

const live = ["pending", "running"] as ("pending" | "running")[];

/** Ends an import: the file is dropped (the report and counts stay). Only a live import changes. */
export async function settleImport(db: Db, importId: string, status: "completed" | "failed", error: string | null, now: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(contactImports)
      .set({ status, error, completedAt: now, updatedAt: now })
      .where(and(eq(contactImports.id, importId), inArray(contactImports.status, live)));
    await tx.delete(contactImportFiles).where(eq(contactImportFiles.importId, importId));
  });
}

/**
 * The job: chunks of rows, each in its own write transaction with the import's bookkeeping
 * (src/services/crm/contact-import-chunk.ts), progress after each. A second run (a crash, a retry)
 * starts at processed_rows; a finished or cancelled import is left as it is.
 */
export async function runContactImport(
  deps: { db: Db; now: () => number },
  importId: string,
  progress: (percent: number) => Promise<void>,
  opts: ImportRunOptions = {},
): Promise<Record<string, unknown>> {
  const [imp] = await deps.db.select().from(contactImports).where(eq(contactImports.id, importId));
  if (!imp || !live.includes(imp.status as "pending")) return { importId, skipped: imp?.status ?? "missing" };
  const [file] = await deps.db.select({ csv: contactImportFiles.csv }).from(contactImportFiles).where(eq(contactImportFiles.importId, importId));
  const prepared = file ? prepareImportRows(file.csv, imp.mapping as ImportMapping) : { error: "O arquivo desta importação não está mais disponível. Envie-o de novo." };
  if ("error" in prepared) {
    await settleImport(deps.db, importId, "failed", prepared.error, deps.now());
    return { importId, failed: prepared.error };
  }
  const { rows } = prepared;
  await deps.db
    .update(contactImports)
    .set({ status: "running", totalRows: rows.length, updatedAt: deps.now() })
    .where(and(eq(contactImports.id, importId), inArray(contactImports.status, live)));
  const size = opts.chunkRows ?? CONTACT_IMPORT_LIMITS.chunkRows;
  let done = imp.processedRows;
  let chunks = 0;
  while (done < rows.length) {
    const start = done;
    const end = Math.min(rows.length, start + size);
    const outcome = await withRawWrite(deps.db, (tx) => writeImportChunk(tx, importId, rows, start, end, deps.now()));
    if (outcome === "cancelled") return { importId, cancelled: true, processedRows: start };
    done = end;
    chunks++;
    await progress((done / rows.length) * 100);
    if (opts.stopAfterChunks !== undefined && chunks >= opts.stopAfterChunks && done < rows.length) throw new Error("importação interrompida (teste)");
  }
  await settleImport(deps.db, importId, "completed", null, deps.now());
  return { importId, rows: rows.length };
}
