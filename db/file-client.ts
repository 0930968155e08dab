import type { Client, InArgs, InStatement, InValue, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import Database from "libsql";

/**
 * The embedded-file implementation of @libsql/client's `Client`, over the `libsql` native package,
 * for drizzle-orm/libsql. Why not @libsql/client's own file client: it prepares every statement on
 * every call and asks for its columns twice, which was ~30% of a chat turn's CPU in bench/chat.ts.
 * Here statements are prepared once and cached, rows are built through one prototype per
 * statement, and ONE connection is guarded by an async FIFO lock (docs/decisions/001): libSQL calls
 * are synchronous on the JS thread, so a second connection waiting on SQLITE_BUSY would block the
 * event loop the open transaction needs to commit.
 */

/** The slice of the libsql (better-sqlite3-style) API this client uses. */
type NativeStatement = {
  reader: boolean;
  raw(on?: boolean): NativeStatement;
  columns(): { name: string }[];
  all(args: unknown): unknown[][];
  run(args: unknown): { changes: number; lastInsertRowid: number | bigint };
};
type NativeDb = { prepare(sql: string): NativeStatement; exec(sql: string): void; close(): void; inTransaction: boolean };

type Cached = { stmt: NativeStatement; reader: boolean; columns: string[]; proto: object | null };
const RAW = Symbol("raw");
const CACHE_LIMIT = 1000;

/**
 * FIFO lock. A release hands the lock straight to the oldest waiter, so `tryAcquire` (the fast
 * path of a single statement) never jumps the queue; it saves the promise hops that were ~12 µs of
 * every query (bench/http.ts).
 */
class Lock {
  private held = false;
  private readonly waiters: (() => void)[] = [];
  tryAcquire(): boolean {
    if (this.held) return false;
    this.held = true;
    return true;
  }
  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  release() {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

function toSql(v: InValue | undefined): unknown {
  if (v === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  if (v instanceof Date) return v.valueOf();
  return v;
}

function fromSql(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Uint8Array) return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
  return v;
}

/** Rows behave like @libsql/client's: enumerable column names, non-enumerable indices and length. */
function rowPrototype(columns: string[]) {
  const proto: Record<PropertyKey, unknown> = {};
  Object.defineProperty(proto, "length", { get: () => columns.length });
  columns.forEach((_c, i) => {
    Object.defineProperty(proto, i, {
      get(this: { [RAW]: unknown[] }) {
        return this[RAW][i];
      },
    });
  });
  return proto;
}

function makeRow(c: Cached, raw: unknown[]) {
  const values = raw.map(fromSql);
  const row = Object.create(c.proto) as Record<string | symbol, unknown>;
  row[RAW] = values;
  for (let i = 0; i < c.columns.length; i++) {
    const name = c.columns[i] as string;
    if (!(name in row) || !Object.hasOwn(row, name)) row[name] = values[i];
  }
  return row;
}

function resultSet(columns: string[], rows: unknown[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return { columns, columnTypes: columns.map(() => ""), rows: rows as ResultSet["rows"], rowsAffected, lastInsertRowid, toJSON: () => ({ columns, rows, rowsAffected }) };
}

/** onCommit: called after each commit (a transaction's, or a lone write statement's): db/checkpointer.ts counts them. */
/** The file client: @libsql/client's Client, plus a pause of its statements (db/checkpointer.ts). */
export type FileClient = Client & { pauseStatements(): Promise<() => void> };

export function createFileClient(path: string, opts: { timeoutMs?: number; onCommit?: () => void } = {}): FileClient {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const onCommit = opts.onCommit;
  const db = new Database(path, { timeout: timeoutMs }) as unknown as NativeDb;
  const cache = new Map<string, Cached>();
  const lock = new Lock();
  let closed = false;

  const prepare = (sql: string): Cached => {
    let c = cache.get(sql);
    if (c) return c;
    const stmt = db.prepare(sql);
    const reader = stmt.reader;
    let columns: string[] = [];
    if (reader) {
      stmt.raw(true);
      columns = stmt.columns().map((col) => col.name);
    }
    c = { stmt, reader, columns, proto: reader ? rowPrototype(columns) : null };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(sql, c);
    return c;
  };

  const run = (stmt: InStatement, extraArgs?: InArgs): ResultSet => {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const args = typeof stmt === "string" ? (extraArgs ?? []) : (stmt.args ?? []);
    const bound = Array.isArray(args) ? args.map(toSql) : Object.fromEntries(Object.entries(args).map(([k, v]) => [k.replace(/^[:@$]/, ""), toSql(v)]));
    const c = prepare(sql);
    if (c.reader) {
      const rows = c.stmt.all(bound).map((r) => makeRow(c, r));
      return resultSet(c.columns, rows, 0, undefined);
    }
    const info = c.stmt.run(bound);
    // Outside a transaction after a write: a COMMIT, or a statement that committed alone.
    if (onCommit && !db.inTransaction) onCommit();
    return resultSet([], [], info.changes, BigInt(info.lastInsertRowid));
  };

  const begin = (mode: TransactionMode) => (mode === "write" ? "BEGIN IMMEDIATE" : mode === "read" ? "BEGIN TRANSACTION READONLY" : "BEGIN DEFERRED");

  const inTx = (stmts: InStatement[], mode: TransactionMode) => {
    run(begin(mode));
    try {
      const out = stmts.map((s) => run(s));
      run("COMMIT");
      return out;
    } catch (e) {
      if (db.inTransaction) run("ROLLBACK");
      throw e;
    }
  };

  /** Runs a synchronous fn under the lock: at once when it is free, else after the statements queued before it. */
  const locked = <T>(fn: () => T): Promise<T> => {
    if (closed) return Promise.reject(new Error("The client is closed"));
    const run = () => {
      try {
        return fn();
      } finally {
        lock.release();
      }
    };
    if (!lock.tryAcquire()) return lock.acquire().then(run);
    try {
      return Promise.resolve(run());
    } catch (e) {
      return Promise.reject(e);
    }
  };

  const client = {
    closed: false,
    protocol: "file",
    execute: (stmt: InStatement, args?: InArgs) => locked(() => run(stmt, args)),
    batch: (stmts: InStatement[], mode: TransactionMode = "deferred") => locked(() => inTx(stmts, mode)),
    migrate: (stmts: InStatement[]) =>
      locked(() => {
        run("PRAGMA foreign_keys=off");
        try {
          return inTx(stmts, "deferred");
        } finally {
          run("PRAGMA foreign_keys=on");
        }
      }),
    executeMultiple: (sql: string) =>
      locked(() => {
        db.exec(sql);
        if (onCommit && !db.inTransaction) onCommit();
      }),
    async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
      if (closed) throw new Error("The client is closed");
      await lock.acquire();
      const release = () => lock.release();
      try {
        run(begin(mode));
      } catch (e) {
        release();
        throw e;
      }
      let open = true;
      const end = (sql: string | null) => {
        if (!open) return;
        open = false;
        try {
          if (sql && db.inTransaction) run(sql);
        } finally {
          release();
        }
      };
      const check = () => {
        if (!open) throw new Error("The transaction is closed");
      };
      return {
        execute: async (stmt: InStatement) => {
          check();
          return run(stmt);
        },
        batch: async (stmts: InStatement[]) => {
          check();
          return stmts.map((s) => run(s));
        },
        executeMultiple: async (sql: string) => {
          check();
          db.exec(sql);
        },
        commit: async () => end("COMMIT"),
        rollback: async () => end("ROLLBACK"),
        close: () => end("ROLLBACK"),
        get closed() {
          return !open;
        },
      } as Transaction;
    },
    sync: async () => undefined,
    reconnect: async () => undefined,
    /**
     * Holds every statement of this connection back until the returned release is called, once the
     * one running (or the open transaction) is done: db/checkpointer.ts checkpoints the whole WAL
     * meanwhile, so the next write starts it over. The thread goes on with everything else.
     */
    async pauseStatements(): Promise<() => void> {
      await lock.acquire();
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        lock.release();
      };
    },
    close() {
      closed = true;
      client.closed = true;
      cache.clear();
      db.close();
    },
  };
  return client as unknown as FileClient;
}
