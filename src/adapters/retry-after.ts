/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date → ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null): number | null {
  if (header === null || header.trim() === "") return null;
  const secs = Number(header);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
