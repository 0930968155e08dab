/**
 * A small in-process cache with a time-to-live and explicit invalidation, for rows read on every
 * chat turn and written rarely (agent, provider config, prompt, prices). Writers in this process
 * invalidate at once; the TTL bounds staleness from anything else.
 */
const owners = new WeakMap<object, number>();
let lastOwner = 0;
/**
 * A stable key prefix per database handle: cached rows belong to a database, not to the process
 * (the test suite and the bench run several servers, each on its own database, in one process).
 */
export function ownerKey(owner: object): number {
  let k = owners.get(owner);
  if (k === undefined) {
    k = ++lastOwner;
    owners.set(owner, k);
  }
  return k;
}

export class TtlCache<V> {
  private map = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    if (this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { value, at: now });
    return value;
  }

  delete(key: string) {
    this.map.delete(key);
  }

  clear() {
    this.map.clear();
  }
}
