import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";

/** A second process wants an embedded database another process is serving. */
export class DatabaseInUseError extends Error {}

type LockDb = { exec(sql: string): void; close(): void };
type Held = { release: () => void };

/** Locks this process holds. On globalThis: `bun --hot` (npm run dev) re-runs the server module in-process. */
const registry = globalThis as { __atendaDbLocks?: Map<string, Held> };
registry.__atendaDbLocks ??= new Map();
const held = registry.__atendaDbLocks;

/**
 * One serving process per embedded database: an exclusive SQLite lock (fcntl) on `<db>.lock`,
 * taken without waiting. The kernel drops it when the process dies, however it dies, so there is
 * no stale lock and no pid to reuse; `<db>.pid` only tells the refused process whom to stop.
 */
export function lockDatabaseFile(dbPath: string): Held {
  const mine = held.get(dbPath);
  if (mine) return mine;
  const lockPath = `${dbPath}.lock`;
  const pidPath = `${dbPath}.pid`;
  mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  closeSync(openSync(lockPath, "a", 0o600));
  const db = new Database(lockPath, { timeout: 0 }) as unknown as LockDb;
  try {
    // No journal file: nothing is ever written, the lock is all this database is for.
    db.exec("PRAGMA journal_mode = MEMORY");
    db.exec("BEGIN EXCLUSIVE");
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
    const pid = readPid(pidPath);
    const who = pid ? ` (pid ${pid})` : "";
    throw new DatabaseInUseError(
      `O banco de dados ${dbPath} já está em uso por outro processo do Atenda${who}. Encerre esse processo antes de iniciar outro.\n` +
        `The database ${dbPath} is already in use by another Atenda process${who}. Stop that process before starting another one.`,
    );
  }
  writeFileSync(pidPath, String(process.pid), { mode: 0o600 });
  const lock: Held = {
    release() {
      if (held.get(dbPath) !== lock) return;
      held.delete(dbPath);
      rmSync(pidPath, { force: true });
      db.close();
    },
  };
  held.set(dbPath, lock);
  return lock;
}

function readPid(path: string) {
  try {
    const pid = readFileSync(path, "utf8").trim();
    return /^\d+$/.test(pid) ? pid : null;
  } catch {
    return null;
  }
}
