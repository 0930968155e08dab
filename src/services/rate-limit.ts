import { isIPv4, isIPv6 } from "node:net";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../../db/schema";
import type { Db } from "../../db/client";

/** One budget an attempt must fit: at most `max` hits of bucket/key in the window. */
export type RateSlot = { bucket: string; key: string; max: number };

/**
 * Attempt counters kept in the database so a restart does not reset an attacker's budget.
 * `take` claims a slot atomically before the guarded work (login, register, reset); `release`
 * gives it back when the attempt did not count; `clear` forgets a key (on success).
 */
export const rateLimiter = {
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

/**
 * The key a per-address limit counts under. One IPv6 subscriber usually holds a whole /64, so an
 * IPv6 address counts by its /64 prefix (else each of its 2^64 addresses is a fresh budget); IPv4
 * counts by the full address, and an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4.
 */
export function rateKeyOf(ip: string | null | undefined): string {
  const raw = (ip ?? "").trim().replace(/^\[(.*)\]$/, "$1");
  if (!raw) return "unknown";
  if (isIPv4(raw)) return raw;
  const groups = ipv6Groups(raw);
  if (!groups) return raw.toLowerCase();
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, "::" and a dotted tail expanded). */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, "");
  if (!isIPv6(text)) return null;
  let parts = text.toLowerCase();
  const dotted = parts.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    parts = `${parts.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = parts.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  const groups = [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}
