import { and, eq, inArray, lt } from "drizzle-orm";
import { userActivityLogs } from "../../../db/schema";
import type { DbOrTx } from "../context";
import { ACTIVITY_CATEGORIES } from "../activity";

/** Lines are kept a little over a year: "Últimos 12 meses" on /logs always reads a whole year. */
export const ACTIVITY_KEEP_MS = 400 * 24 * 60 * 60 * 1000;
const BATCH = 2_000;

/**
 * Drops lines older than ACTIVITY_KEEP_MS (hourly, workers/schedulers.ts), category by category
 * off activity_category_created_idx, in short batches: the table has an age bound and no delete
 * holds the database for long.
 */
export async function pruneActivityLogs(db: DbOrTx, now: number): Promise<number> {
  const cutoff = now - ACTIVITY_KEEP_MS;
  let removed = 0;
  for (const category of ACTIVITY_CATEGORIES) {
    for (;;) {
      const old = db
        .select({ id: userActivityLogs.id })
        .from(userActivityLogs)
        .where(and(eq(userActivityLogs.category, category), lt(userActivityLogs.createdAt, cutoff)))
        .limit(BATCH);
      const gone = await db.delete(userActivityLogs).where(inArray(userActivityLogs.id, old)).returning({ id: userActivityLogs.id });
      removed += gone.length;
      if (gone.length < BATCH) break;
    }
  }
  return removed;
}
