/**
 * Rows read by nearly every request and written rarely (the session behind a cookie, a workspace
 * membership), kept for a short burst so a page's parallel calls and a busy client's requests
 * cost no query. Correctness comes from the writers, not the TTL: each writer in this process
 * invalidates right after its write, so a revocation is seen by the very next request; the TTL only
 * bounds what another process (the job Worker, a second server on a shared libSQL) could change.
 * Misses are never kept (a new session or membership needs no invalidation), and a load that
 * overlapped an invalidation is not kept either: it may have read the row before the write.
 */
export class BurstCache<V> {
  private readonly map = new Map<string, { value: V; until: number }>();
  /** Bumped by every invalidation; a load that saw it change keeps its answer to itself. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The value when it is cached and fresh: hits skip get()'s promise. */
  peek(key: string): V | undefined {
    const hit = this.map.get(key);
    return hit && hit.until > performance.now() ? hit.value : undefined;
  }

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.map.get(key);
    if (hit) {
      if (hit.until > performance.now()) return hit.value;
      this.map.delete(key);
    }
    const generation = this.generation;
    const value = await load();
    if (value !== null && generation === this.generation) {
      // Oldest first: Map keeps insertion order, and a burst re-reads what it just stored.
      if (this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value as string);
      this.map.set(key, { value, until: performance.now() + this.ttlMs });
    }
    return value;
  }

  delete(key: string) {
    this.generation++;
    this.map.delete(key);
  }

  /** Drops every entry the predicate picks (all sessions of a user, all members of a workspace). */
  deleteWhere(pick: (value: V, key: string) => boolean) {
    this.generation++;
    for (const [key, entry] of this.map) if (pick(entry.value, key)) this.map.delete(key);
  }
}
