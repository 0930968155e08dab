import { createHash } from "node:crypto";
import type { Client } from "@libsql/client";
import { embeddedMigrations } from "./migrations/embedded";

/**
 * Applies the embedded migrations with drizzle's own bookkeeping (__drizzle_migrations, sha256
 * of the file, created_at = journal "when"), so `drizzle-kit migrate` and this agree on what ran.
 * All pending statements run in one batch: a failed migration leaves nothing half-applied.
 */
export async function migrateEmbedded(client: Client): Promise<number> {
  await client.execute(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)",
  );
  const last = await client.execute("SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1");
  const lastWhen = last.rows[0] ? Number(last.rows[0].created_at) : -1;
  const pending = embeddedMigrations.filter((m) => m.when > lastWhen);
  if (pending.length === 0) return 0;
  const statements = pending.flatMap((m) => [
    ...m.sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      // A custom migration may open with a comment of its own: SQLite refuses a comment-only statement.
      .filter((s) => s.split("\n").some((line) => line.trim() !== "" && !line.trim().startsWith("--")))
      .map((sql) => ({ sql, args: [] })),
    {
      sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)",
      args: [createHash("sha256").update(m.sql).digest("hex"), m.when],
    },
  ]);
  await client.migrate(statements);
  return pending.length;
}
