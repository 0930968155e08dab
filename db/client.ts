import { type Client, type InStatement, type Transaction, type TransactionMode, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema";

export type Db = ReturnType<typeof makeDrizzle>;
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const makeDrizzle = (client: Client) => drizzle(client, { schema });

/**
 * The embedded file database runs on ONE connection guarded by an async lock.
 * Why: libSQL calls are synchronous on the JS thread, so a second connection waiting on
 * SQLITE_BUSY would block the very event loop the open transaction needs to commit
 * (a self-deadlock). One connection + a FIFO lock serialises writers without busy waits;
 * WAL still lets the worker threads (their own connections) read concurrently.
 */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  async acquire(): Promise<() => void> {
    let release: () => void = () => {};
    const next = new Promise<void>((r) => {
      release = r;
    });
    const prev = this.tail;
    this.tail = prev.then(() => next);
    await prev;
    return release;
  }
}

function lockedClient(inner: Client): Client {
  const lock = new Lock();
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await lock.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  const wrapTx = (tx: Transaction, release: () => void): Transaction => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        release();
      }
    };
    return new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === "commit" || prop === "rollback") {
          return async () => {
            try {
              await target[prop]();
            } finally {
              finish();
            }
          };
        }
        if (prop === "close") {
          return () => {
            try {
              target.close();
            } finally {
              finish();
            }
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      switch (prop) {
        case "execute":
          return (stmt: InStatement, args?: never) => run(() => target.execute(stmt as never, args));
        case "batch":
          return (stmts: InStatement[], mode?: TransactionMode) => run(() => target.batch(stmts, mode));
        case "migrate":
          return (stmts: InStatement[]) => run(() => target.migrate(stmts));
        case "executeMultiple":
          return (sql: string) => run(() => target.executeMultiple(sql));
        case "transaction":
          return async (mode?: TransactionMode) => {
            const release = await lock.acquire();
            try {
              return wrapTx(await target.transaction(mode), release);
            } catch (e) {
              release();
              throw e;
            }
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
      }
    },
  });
}

export type DatabaseHandle = { client: Client; db: Db; url: string; close: () => void };

export async function openDatabase(url: string, authToken?: string): Promise<DatabaseHandle> {
  const isFile = url.startsWith("file:");
  const raw = createClient(isFile ? { url, concurrency: 1, timeout: 5000 } : { url, authToken });
  if (isFile) {
    await raw.execute("PRAGMA journal_mode = WAL");
    await raw.execute("PRAGMA busy_timeout = 5000");
    await raw.execute("PRAGMA synchronous = NORMAL");
  }
  await raw.execute("PRAGMA foreign_keys = ON");
  const client = isFile ? lockedClient(raw) : raw;
  return { client, db: makeDrizzle(client), url, close: () => raw.close() };
}
