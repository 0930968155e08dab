import type { InfiniteData, Query, QueryClient } from "@tanstack/react-query";

/** SPEC §9: at most 50 conversations and 100 messages per conversation kept in the client cache. */
export const MAX_CACHED_CONVERSATIONS = 50;
export const MAX_CACHED_MESSAGES = 100;
/** SPEC §9: conversations stale after 5 min, messages after 3 min. */
export const CONVERSATIONS_STALE_MS = 5 * 60_000;
export const MESSAGES_STALE_MS = 3 * 60_000;

export type CacheEntry = { hash: string; kind: "thread" | "list"; updatedAt: number; active: boolean; pages: number };
export type TrimPlan = { remove: string[]; firstPageOnly: string[] };

/**
 * Which inbox queries to drop or shorten. Only queries nobody is looking at are touched (an open
 * thread keeps the older messages the person loaded): threads beyond the 50 most recent go, and an
 * idle thread or list keeps its first page (the newest 100 messages, the first 30 conversations).
 */
export function planTrim(entries: CacheEntry[]): TrimPlan {
  const remove: string[] = [];
  const firstPageOnly: string[] = [];
  const threads = entries.filter((e) => e.kind === "thread").sort((a, b) => b.updatedAt - a.updatedAt);
  const kept = new Set<string>();
  let count = 0;
  for (const t of threads) {
    count++;
    if (count > MAX_CACHED_CONVERSATIONS && !t.active) remove.push(t.hash);
    else kept.add(t.hash);
  }
  for (const e of entries) {
    const keep = e.kind === "list" || kept.has(e.hash);
    if (keep && !e.active && e.pages > 1) firstPageOnly.push(e.hash);
  }
  return { remove, firstPageOnly };
}

const pathOf = (q: Query) => (Array.isArray(q.queryKey[0]) ? (q.queryKey[0] as unknown[]).join(".") : "");
const KINDS: Record<string, CacheEntry["kind"]> = { "conversations.thread": "thread", "conversations.list": "list" };

/** Applies planTrim to the client's cache. */
export function trimInboxCache(qc: QueryClient) {
  const cache = qc.getQueryCache();
  const byHash = new Map<string, Query>();
  const entries: CacheEntry[] = [];
  for (const q of cache.getAll()) {
    const kind = KINDS[pathOf(q)];
    if (!kind) continue;
    byHash.set(q.queryHash, q);
    const data = q.state.data as InfiniteData<unknown> | undefined;
    entries.push({ hash: q.queryHash, kind, updatedAt: q.state.dataUpdatedAt, active: q.getObserversCount() > 0, pages: data?.pages?.length ?? 0 });
  }
  const plan = planTrim(entries);
  for (const hash of plan.remove) {
    const q = byHash.get(hash);
    if (q) cache.remove(q);
  }
  for (const hash of plan.firstPageOnly) {
    const q = byHash.get(hash);
    const data = q?.state.data as InfiniteData<unknown> | undefined;
    if (q && data?.pages.length) qc.setQueryData(q.queryKey, { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  }
}

const installed = new WeakSet<QueryClient>();

/** Trims whenever an inbox query loses its last observer (the person moved on). Installed once per client. */
export function installInboxCacheLimits(qc: QueryClient) {
  if (installed.has(qc)) return;
  installed.add(qc);
  let scheduled = false;
  qc.getQueryCache().subscribe((event) => {
    if (event.type !== "observerRemoved" || !KINDS[pathOf(event.query)] || scheduled) return;
    scheduled = true;
    // After the render that removed the observer, so a thread switched back to at once is left alone.
    setTimeout(() => {
      scheduled = false;
      trimInboxCache(qc);
    }, 0);
  });
}
