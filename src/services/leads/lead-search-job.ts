/**
 * The lead search job (src/jobs/runner.ts): pages of Google Places results (or one web search for
 * Instagram/LinkedIn) written into the list as they come, progress and leads_found after each page.
 * A rerun (crash, retry) starts over: the unique indexes make the pages already written no-ops.
 * A 429 is waited out in place a few times, then handed to the runner (retry with Retry-After).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { leadSearches } from "../../../db/schema";
import { PLACES_PAGE_SIZE, PlacesError, type PlacesPage, searchPlacesText } from "../../adapters/google-places/client";
import type { AppDeps } from "../context";
import { NEEDS_GOOGLE_KEY, googlePlacesKey, placeToLead, searchSocialProfiles } from "./lead-sources";
import { insertLeads } from "./lead-write";
import { LEAD_SEARCH_JOB } from "../../jobs/job-types";

export { LEAD_SEARCH_JOB };
const live = ["pending", "running"] as ("pending" | "running")[];
/** Waits for a 429 inside one run; a longer Retry-After goes back to the runner's schedule. */
const MAX_INLINE_WAIT_MS = 10_000;
const MAX_INLINE_RETRIES = 3;

export type LeadSearchRunOptions = { sleep?: (ms: number) => Promise<void> };

/** Ends a search (only a live one changes): failed with a pt-BR message, or completed. */
export async function settleLeadSearch(db: Db, searchId: string, status: "completed" | "failed", error: string | null, now: number) {
  await db
    .update(leadSearches)
    .set({ status, errorMessage: error, ...(status === "completed" ? { progress: 100 } : {}), updatedAt: now })
    .where(and(eq(leadSearches.id, searchId), inArray(leadSearches.status, live)));
}

async function setProgress(db: Db, searchId: string, percent: number, now: number) {
  await db
    .update(leadSearches)
    .set({ progress: Math.max(0, Math.min(99, Math.round(percent))), updatedAt: now })
    .where(and(eq(leadSearches.id, searchId), eq(leadSearches.status, "running")));
}

async function withRateLimitRetry<T>(fn: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const wait = err instanceof PlacesError && err.status === 429 ? (err.retryAfterMs ?? 1000) : null;
      if (wait === null || attempt >= MAX_INLINE_RETRIES || wait > MAX_INLINE_WAIT_MS) throw err;
      await sleep(Math.max(250, wait));
    }
  }
}

export async function runLeadSearch(deps: AppDeps, searchId: string, progress: (p: number) => Promise<void>, opts: LeadSearchRunOptions = {}): Promise<Record<string, unknown>> {
  const sleep = opts.sleep ?? ((ms: number) => Bun.sleep(ms));
  const [search] = await deps.db.select().from(leadSearches).where(eq(leadSearches.id, searchId));
  if (!search || !live.includes(search.status as "pending")) return { searchId, skipped: search?.status ?? "missing" };
  await deps.db
    .update(leadSearches)
    .set({ status: "running", updatedAt: deps.now() })
    .where(and(eq(leadSearches.id, searchId), inArray(leadSearches.status, live)));
  const target = { workspaceId: search.workspaceId, listId: search.listId, searchId };
  try {
    if (search.source === "google_maps") {
      const apiKey = await googlePlacesKey(deps);
      if (!apiKey) throw new PlacesError(NEEDS_GOOGLE_KEY, null, false);
      const textQuery = search.location ? `${search.query} em ${search.location}` : search.query;
      let seen = 0;
      let pageToken: string | null = null;
      do {
        const size = Math.min(PLACES_PAGE_SIZE, search.maxResults - seen);
        const token: string | null = pageToken;
        const page: PlacesPage = await withRateLimitRetry(() => searchPlacesText({ base: deps.env.GOOGLE_PLACES_API_BASE, apiKey, textQuery, pageSize: size, pageToken: token }), sleep);
        const batch = page.places.slice(0, size);
        seen += batch.length;
        const written = await insertLeads(deps.db, target, batch.map(placeToLead), deps.now());
        if (written.stopped) return { searchId, cancelled: true, seen };
        const percent = (seen / search.maxResults) * 100;
        await setProgress(deps.db, searchId, percent, deps.now());
        await progress(Math.min(99, percent));
        pageToken = batch.length > 0 ? page.nextPageToken : null;
      } while (pageToken && seen < search.maxResults);
    } else if (search.source === "instagram" || search.source === "linkedin") {
      const source = search.source;
      const found = await withRateLimitRetry(() => searchSocialProfiles(deps, source, search.query, search.location ?? "", search.maxResults), sleep);
      const written = await insertLeads(deps.db, target, found, deps.now());
      if (written.stopped) return { searchId, cancelled: true };
    }
  } catch (err) {
    // A refused key or request will fail the same way again: the search ends now with the reason.
    if (err instanceof PlacesError && !err.retryable) {
      await settleLeadSearch(deps.db, searchId, "failed", err.message, deps.now());
      return { searchId, failed: err.message };
    }
    throw err;
  }
  await settleLeadSearch(deps.db, searchId, "completed", null, deps.now());
  return { searchId };
}
