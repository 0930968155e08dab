/**
 * In-memory fixed-window counters for hot public paths (chat messages), where a database write per
 * hit would cost more than the message. Per process; the login limiter stays in the database.
 */
export class RateWindow {
  private hits = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its budget for the current window. */
  take(key: string, now = Date.now()): boolean {
    const cur = this.hits.get(key);
    if (!cur || now - cur.start >= this.windowMs) {
      if (this.hits.size > 50_000) this.sweep(now);
      this.hits.set(key, { start: now, n: 1 });
      return true;
    }
    cur.n += 1;
    return cur.n <= this.max;
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
  }
}
