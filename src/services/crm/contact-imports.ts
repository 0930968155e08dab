import { and, desc, eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import { contactImportFiles, contactImports } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { CONTACT_IMPORT_LIMITS, CSV_PARSE_CONFIG, IMPORT_ERRORS, type StartImportOptions, decodeCsvBytes } from "../../schemas/crm/imports";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { enqueueJob } from "../jobs";
import { CONTACT_IMPORT_JOB, settleImport } from "./contact-import-job";

/** Imports of one workspace waiting or running at once: each holds its whole file in the database. */
export const MAX_LIVE_IMPORTS = 3;
export const TOO_MANY_LIVE = `Já há ${MAX_LIVE_IMPORTS} importações em andamento neste workspace. Aguarde uma terminar.`;

/** Everything the screens show of an import, never its file. */
const summary = {
  id: contactImports.id,
  fileName: contactImports.fileName,
  status: contactImports.status,
  onDuplicate: contactImports.onDuplicate,
  totalRows: contactImports.totalRows,
  processedRows: contactImports.processedRows,
  createdCount: contactImports.createdCount,
  updatedCount: contactImports.updatedCount,
  skippedCount: contactImports.skippedCount,
  failedCount: contactImports.failedCount,
  error: contactImports.error,
  createdAt: contactImports.createdAt,
  completedAt: contactImports.completedAt,
};

/** Data lines, counted fast: exact when no cell spans lines; the job counts exactly anyway. */
function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n : n + 1;
}

/** The checks that need no full parse: bytes, encoding, header, mapping against it, a row count bound. */
function checkFile(bytes: Uint8Array, options: StartImportOptions): string {
  if (bytes.length > CONTACT_IMPORT_LIMITS.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", IMPORT_ERRORS.tooLarge);
  const text = decodeCsvBytes(bytes);
  if (text === null) throw new AppError("VALIDATION", IMPORT_ERRORS.notCsv, { field: "file" });
  const first = Papa.parse<string[]>(text, { ...CSV_PARSE_CONFIG, preview: 2 });
  const header = first.data[0];
  if (!header || first.data.length < 2) throw new AppError("VALIDATION", IMPORT_ERRORS.empty, { field: "file" });
  if (header.length > CONTACT_IMPORT_LIMITS.maxColumns) throw new AppError("VALIDATION", IMPORT_ERRORS.tooManyColumns, { field: "file" });
  if (header.some((h) => h.length > CONTACT_IMPORT_LIMITS.maxHeaderChars)) throw new AppError("VALIDATION", IMPORT_ERRORS.headerTooLong, { field: "file" });
  if (Object.keys(options.mapping).some((c) => Number(c) >= header.length)) throw new AppError("VALIDATION", IMPORT_ERRORS.badColumn, { field: "mapping" });
  // Only a file with more lines than allowed is parsed whole here (cells may span lines).
  if (lineCount(text) > CONTACT_IMPORT_LIMITS.maxRows + 1) {
    const rows = Papa.parse<string[]>(text, { ...CSV_PARSE_CONFIG, preview: CONTACT_IMPORT_LIMITS.maxRows + 2 }).data.length - 1;
    if (rows > CONTACT_IMPORT_LIMITS.maxRows) throw new AppError("VALIDATION", IMPORT_ERRORS.tooManyRows, { field: "file" });
  }
  return text;
}

/** Stores the file and queues the job that imports it (src/services/crm/contact-import-job.ts). */
export async function startContactImport(ctx: ServiceContext, scope: InboxWriterScope, file: { name: string; bytes: Uint8Array }, options: StartImportOptions) {
  const text = checkFile(file.bytes, options);
  const liveOnes = await ctx.db
    .select({ id: contactImports.id })
    .from(contactImports)
    .where(and(eq(contactImports.workspaceId, scope.id), inArray(contactImports.status, ["pending", "running"])))
    .limit(MAX_LIVE_IMPORTS);
  if (liveOnes.length >= MAX_LIVE_IMPORTS) throw new AppError("CONFLICT", TOO_MANY_LIVE);
  const now = ctx.now();
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(contactImports)
      .values({ workspaceId: scope.id, userId, fileName: file.name.slice(0, 200) || "contatos.csv", onDuplicate: options.onDuplicate, mapping: options.mapping, createdAt: now, updatedAt: now })
      .returning(summary);
    if (!created) throw new Error("contact import insert returned nothing");
    await tx.insert(contactImportFiles).values({ importId: created.id, csv: text });
    return created;
  });
  try {
    await enqueueJob(ctx.db, { type: CONTACT_IMPORT_JOB, data: { importId: row.id }, workspaceId: scope.id, userId, dedupeKey: `contact-import:${row.id}`, maxAttempts: 3 }, now);
  } catch (err) {
    await settleImport(ctx.db, row.id, "failed", "Não foi possível iniciar a importação. Tente novamente.", ctx.now());
    throw err;
  }
  return row;
}

/** The workspace's latest imports, newest first (read off contact_imports_workspace_idx). */
export function listContactImports(ctx: ServiceContext, scope: WorkspaceScope) {
  return ctx.db.select(summary).from(contactImports).where(eq(contactImports.workspaceId, scope.id)).orderBy(desc(contactImports.createdAt)).limit(20);
}

export async function getContactImport(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const [row] = await ctx.db
    .select({ ...summary, mapping: contactImports.mapping, report: contactImports.report })
    .from(contactImports)
    .where(and(eq(contactImports.id, id), eq(contactImports.workspaceId, scope.id)));
  if (!row) throw new AppError("NOT_FOUND", IMPORT_ERRORS.notFound);
  return row;
}

/** Stops an import between two chunks: the rows already written stay, the file is dropped. */
export async function cancelContactImport(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(contactImports)
      .set({ status: "cancelled", completedAt: now, updatedAt: now })
      .where(and(eq(contactImports.id, id), eq(contactImports.workspaceId, scope.id), inArray(contactImports.status, ["pending", "running"])))
      .returning(summary);
    if (cancelled) await tx.delete(contactImportFiles).where(eq(contactImportFiles.importId, id));
    return cancelled;
  });
  if (row) return row;
  await getContactImport(ctx, scope, id);
  throw new AppError("CONFLICT", IMPORT_ERRORS.finished);
}
