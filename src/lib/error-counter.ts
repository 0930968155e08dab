/**
 * Unhandled server errors (5xx) per minute, in this process, for the system status page's "erros
 * na última hora": 60 one-minute buckets, so counting costs nothing on the request path.
 */
const MINUTE = 60_000;
const buckets = new Map<number, number>();

/** Called where a request ends in an unhandled error (REST toHttpError, tRPC's mapper). */
export function recordServerError(now = Date.now()) {
  const minute = Math.floor(now / MINUTE);
  buckets.set(minute, (buckets.get(minute) ?? 0) + 1);
  // Older than an hour is never read again.
  for (const k of buckets.keys()) if (k <= minute - 60) buckets.delete(k);
}

/** Errors in the last 60 minutes (this one included). */
export function serverErrorsLastHour(now = Date.now()) {
  const minute = Math.floor(now / MINUTE);
  let n = 0;
  for (const [k, v] of buckets) if (k > minute - 60) n += v;
  return n;
}
