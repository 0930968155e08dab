/**
 * Files kept on disk for stored_files (issue 19): written 0600 under DATA_DIR/files/<yyyy-mm>/<id>
 * (folders 0700, like training uploads), never under a name the user chose. Streams are counted
 * while written and refused at the first byte over the limit, so a large upload is never buffered.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { storedFiles } from "../../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { FilePurpose } from "../../schemas/files";

export type StoredFileInput = {
  purpose: FilePurpose;
  workspaceId?: string | null;
  ownerUserId?: string | null;
  agentId?: string | null;
  refId?: string | null;
  fileName: string;
  mimeType: string;
};
export type StoredFile = typeof storedFiles.$inferSelect;

/** Keeps letters (accents too), digits, dot, dash, underscore and spaces; no paths, at most 150 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._\- ]+/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(-150);
  return clean || "arquivo";
}

export const absoluteFilePath = (env: Pick<Env, "DATA_DIR">, file: Pick<StoredFile, "storagePath">) => join(env.DATA_DIR, file.storagePath);

/** Writes `source` (bytes or a stream) to disk, then records the row; over `maxBytes` nothing is kept. */
export async function saveStoredFile(
  deps: { db: DbOrTx; env: Pick<Env, "DATA_DIR"> },
  input: StoredFileInput,
  source: Uint8Array | ReadableStream<Uint8Array>,
  limit: { maxBytes: number; message: string },
): Promise<StoredFile> {
  const id = Bun.randomUUIDv7();
  const month = new Date().toISOString().slice(0, 7);
  const storagePath = join("files", month, id);
  const absolute = join(deps.env.DATA_DIR, storagePath);
  await mkdir(join(deps.env.DATA_DIR, "files"), { recursive: true, mode: 0o700 });
  await mkdir(join(deps.env.DATA_DIR, "files", month), { recursive: true, mode: 0o700 });
  let size = 0;
  try {
    size = await writeCapped(absolute, source, limit);
  } catch (e) {
    await rm(absolute, { force: true });
    throw e;
  }
  const [row] = await deps.db
    .insert(storedFiles)
    .values({
      id,
      purpose: input.purpose,
      workspaceId: input.workspaceId ?? null,
      ownerUserId: input.ownerUserId ?? null,
      agentId: input.agentId ?? null,
      refId: input.refId ?? null,
      fileName: sanitizeFileName(input.fileName),
      mimeType: input.mimeType,
      sizeBytes: size,
      storagePath,
    })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Não foi possível guardar o arquivo.");
  return row;
}

async function writeCapped(path: string, source: Uint8Array | ReadableStream<Uint8Array>, limit: { maxBytes: number; message: string }): Promise<number> {
  if (source instanceof Uint8Array) {
    if (source.byteLength > limit.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", limit.message);
    await Bun.write(path, source, { mode: 0o600 });
    return source.byteLength;
  }
  const out = createWriteStream(path, { mode: 0o600 });
  let size = 0;
  try {
    const reader = source.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit.maxBytes) {
        await reader.cancel();
        throw new AppError("PAYLOAD_TOO_LARGE", limit.message);
      }
      if (!out.write(next.value)) await new Promise((resolve) => out.once("drain", resolve));
    }
  } finally {
    await new Promise<void>((resolve) => out.end(resolve));
  }
  return size;
}

export async function findStoredFile(db: DbOrTx, id: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

/** Drops the row and the bytes (the bytes after the row: a crash between leaves an orphan file, never a dangling row). */
export async function deleteStoredFile(deps: { db: DbOrTx; env: Pick<Env, "DATA_DIR"> }, id: string): Promise<void> {
  const [row] = await deps.db.delete(storedFiles).where(eq(storedFiles.id, id)).returning({ storagePath: storedFiles.storagePath });
  if (row) await rm(join(deps.env.DATA_DIR, row.storagePath), { force: true });
}
