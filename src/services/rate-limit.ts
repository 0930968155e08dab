import { and, eq, gte, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../../db/schema";
import type { Db } from "../../db/client";

/**
 * Failure counters kept in the database so a restart does not reset an attacker's budget.
 * `isLimited` counts hits in the window; `hit` records one; `clear` forgets a key (on success).
 */
export const rateLimiter = {
  async isLimited(db: Db, bucket: string, key: string, max: number, windowMs: number, now = Date.now()) {
    const [row] = await db
      .select({ n: sql<number>`count(*)` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gte(rateLimitHits.at, now - windowMs)));
    return (row?.n ?? 0) >= max;
  },
  async hit(db: Db, bucket: string, key: string, now = Date.now()) {
    await db.insert(rateLimitHits).values({ bucket, key, at: now });
  },
  async clear(db: Db, bucket: string, key: string) {
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
  },
  /** Housekeeping: hits older than a day are irrelevant to any window we use. */
  async prune(db: Db, now = Date.now()) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.at, now - 86_400_000));
  },
};
