import { chmodSync, closeSync, existsSync, openSync, statSync } from "node:fs";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { type Checkpointer, createCheckpointer } from "./checkpointer";
import { type FileClient, createFileClient } from "./file-client";
import * as schema from "./schema";

export type Db = ReturnType<typeof makeDrizzle>;
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const makeDrizzle = (client: Client) => drizzle(client, { schema });

/** close(): the connection closes at once; the promise resolves once the checkpoint Worker (if any) has closed too. */
export type DatabaseHandle = { client: Client; db: Db; url: string; checkpointer: Checkpointer | null; close: () => Promise<void> };

/** "file:./data/x.db" → "./data/x.db"; "file:///abs/x.db" → "/abs/x.db". */
const filePath = (url: string) => (url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url.slice("file:".length));

/** The file behind an embedded database URL, or null for a libSQL server. */
export const embeddedDatabasePath = (url: string) => (url.startsWith("file:") ? filePath(url) : null);

/**
 * The database and its -wal/-shm are readable by the server's user only. SQLite creates -wal and
 * -shm with the main file's mode, so creating that file 0600 first covers all three; files left
 * by an older version are tightened too.
 */
function makePrivate(path: string) {
  if (path === ":memory:" || path.includes("mode=memory")) return;
  closeSync(openSync(path, "a", 0o600));
  for (const f of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(f) && (statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
  }
}

/**
 * backgroundCheckpoints: the WAL is checkpointed by a Worker instead of by the commit that fills it
 * (db/checkpointer.ts); for the serving process's connection, not for the job Worker's or a tool's.
 */
export async function openDatabase(url: string, authToken?: string, opts: { backgroundCheckpoints?: boolean } = {}): Promise<DatabaseHandle> {
  // Embedded file: our single-connection client (db/file-client.ts). Remote libSQL server: @libsql/client.
  const isFile = url.startsWith("file:");
  if (isFile) makePrivate(filePath(url));
  const path = filePath(url);
  const inMemory = path === ":memory:" || path.includes("mode=memory");
  let checkpointer: Checkpointer | null = null;
  const client = isFile
    ? createFileClient(path, { onCommit: opts.backgroundCheckpoints && !inMemory ? () => checkpointer?.noteCommit() : undefined })
    : createClient({ url, authToken });
  if (isFile) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
    if (opts.backgroundCheckpoints && !inMemory) {
      const fileClient = client as FileClient;
      checkpointer = createCheckpointer(
        path,
        (pages) => {
          if (!client.closed) void client.execute(`PRAGMA wal_autocheckpoint = ${pages}`).catch(() => {});
        },
        { pauseStatements: () => fileClient.pauseStatements() },
      );
    }
  }
  await client.execute("PRAGMA foreign_keys = ON");
  return {
    client,
    db: makeDrizzle(client),
    url,
    checkpointer,
    close: () => {
      client.close();
      return checkpointer?.stop() ?? Promise.resolve();
    },
  };
}
