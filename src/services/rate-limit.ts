import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../../db/schema";
import type { Db } from "../../db/client";

/** One budget an attempt must fit: at most `max` hits of bucket/key in the window. */
export type RateSlot = { bucket: string; key: string; max: number };

/**
 * Failure counters kept in the database so a restart does not reset an attacker's budget.
 * `take` claims a slot atomically before the guarded work (login); `isLimited` counts hits in the
 * window; `hit` records one; `clear` forgets a key (on success).
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
  /**
   * Takes one slot in every budget, or none: a single INSERT … SELECT whose condition counts the
   * window, so concurrent attempts cannot all pass a check made before any of them was recorded.
   * Returns the new rows' ids (for `release`), or null when any budget is spent.
   */
  async take(db: Db, slots: readonly RateSlot[], windowMs: number, now = Date.now()): Promise<number[] | null> {
    const since = now - windowMs;
    const values = sql.join(
      slots.map((s) => sql`(${s.bucket}, ${s.key})`),
      sql`, `,
    );
    const fits = sql.join(
      slots.map(
        (s) =>
          sql`(SELECT count(*) FROM ${rateLimitHits} WHERE ${rateLimitHits.bucket} = ${s.bucket} AND ${rateLimitHits.key} = ${s.key} AND ${rateLimitHits.at} >= ${since}) < ${s.max}`,
      ),
      sql` AND `,
    );
    const rows = await db.all<{ id: number }>(
      sql`INSERT INTO ${rateLimitHits} ("bucket", "key", "at") SELECT column1, column2, ${now} FROM (VALUES ${values}) WHERE ${fits} RETURNING "id"`,
    );
    return rows.length === slots.length ? rows.map((r) => Number(r.id)) : null;
  },
  /** Gives back slots taken by `take` (the attempt turned out not to count, e.g. a right password). */
  async release(db: Db, ids: readonly number[]) {
    if (ids.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...ids]));
  },
  async clear(db: Db, bucket: string, key: string) {
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
  },
  /** Housekeeping: hits older than a day are irrelevant to any window we use. */
  async prune(db: Db, now = Date.now()) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.at, now - 86_400_000));
  },
};
