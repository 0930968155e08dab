import { type SQL, count, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../context";

/** A paged list's total stops here: counting stays a bounded read however much the table grows. */
export const COUNT_CAP = 10_000;

/** count(*) of a table's filtered rows, read no further than cap + 1 (the page shows "10.000+"). */
export async function boundedCount(db: DbOrTx, table: SQLiteTable, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const capped = db
    .select({ one: sql<number>`1`.as("one") })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
