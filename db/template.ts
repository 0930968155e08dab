/**
 * A database with every embedded migration applied, made once by `npm run build` and carried in
 * the binary (scripts/build-bin.ts): a new data dir starts from a copy of it instead of replaying
 * ~190 DDL statements at the first start. migrateEmbedded still runs after the copy and finds
 * nothing pending, so the result is the one the migrations give (test/boot-fresh-dir.test.ts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { openDatabase } from "./client";
import { migrateEmbedded } from "./migrate";
import { EMBEDDED_DB_TEMPLATE } from "./template-embedded";

/** Writes the migrated template to `path` (a file that must not exist yet): main file only, WAL folded in. */
export async function buildDatabaseTemplate(path: string): Promise<void> {
  const database = await openDatabase(`file:${path}`);
  try {
    await migrateEmbedded(database.client);
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    database.close();
  }
  for (const extra of [`${path}-wal`, `${path}-shm`]) rmSync(extra, { force: true });
}

/**
 * A new embedded database file from `template` (the binary's, by default); false when there is
 * none (running from source) or the file already exists. Created 0600 like openDatabase's files.
 */
export function restoreDatabaseTemplate(dbFile: string, template: string | null = EMBEDDED_DB_TEMPLATE): boolean {
  if (!template || existsSync(dbFile)) return false;
  writeFileSync(dbFile, readFileSync(template), { mode: 0o600, flag: "wx" });
  return true;
}
