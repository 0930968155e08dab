import type { Db } from "./client";

/**
 * Drizzle queries prepared once per database handle. Building a query (column lists, joins) cost
 * more CPU than running it on the hot paths of every request (session and membership lookups);
 * a prepared query with sql.placeholder() skips the build. Only for reads outside transactions.
 */
const byDb = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  let map = byDb.get(db);
  if (!map) {
    map = new Map();
    byDb.set(db, map);
  }
  let q = map.get(key) as T | undefined;
  if (q === undefined) {
    q = build(db);
    map.set(key, q);
  }
  return q;
}
