/**
 * Writing found leads into a list, deduplicated by place id and by phone within the list: the two
 * partial unique indexes (leads_list_place_idx, leads_list_phone_idx) settle it, so a rerun of a
 * search (a retry, a second search) never writes a lead twice. leads_count moves in the same transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { leadLists, leadSearches, leads } from "../../../db/schema";
import { normalizeEmail, normalizePhone } from "../../schemas/crm/normalize";
import { bumpLeadsCount } from "./lead-lists";

export type LeadCandidate = {
  businessName: string;
  category?: string | null;
  address?: string | null;
  city?: string | null;
  phone?: string | null;
  website?: string | null;
  email?: string | null;
  rating?: number | null;
  reviewsCount?: number | null;
  mapUrl?: string | null;
  /** Google's place id, or "instagram:<handle>" / "linkedin:<slug>" for a profile. */
  placeId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  socialProfiles?: Record<string, string> | null;
  openingHours?: string[] | null;
};

const clip = (v: string | null | undefined, max: number) => (v?.trim() ? v.trim().slice(0, max) : null);
const website = (v: string | null | undefined) => {
  const s = clip(v, 2000);
  return s && /^https?:\/\//i.test(s) ? s : s ? `https://${s}` : null;
};

/** A candidate as stored: phone E.164, e-mail lower case, a name of at least 2 characters (else dropped). */
export function leadValues(c: LeadCandidate) {
  const businessName = clip(c.businessName, 300);
  if (!businessName || businessName.length < 2) return null;
  return {
    businessName,
    category: clip(c.category, 200),
    address: clip(c.address, 500),
    city: clip(c.city, 200),
    phone: normalizePhone(c.phone),
    website: website(c.website),
    email: normalizeEmail(c.email),
    rating: c.rating ?? null,
    reviewsCount: c.reviewsCount ?? null,
    mapUrl: clip(c.mapUrl, 2000),
    placeId: clip(c.placeId, 300),
    latitude: c.latitude ?? null,
    longitude: c.longitude ?? null,
    socialProfiles: c.socialProfiles && Object.keys(c.socialProfiles).length ? c.socialProfiles : null,
    openingHours: c.openingHours?.length ? c.openingHours.slice(0, 14) : null,
  };
}

/**
 * Inserts the new ones (one transaction); returns how many were new. `searchId`: the search's
 * leads_found moves with them, and a search no longer running (cancelled) writes nothing.
 */
export async function insertLeads(db: Db, target: { workspaceId: string; listId: string; searchId: string | null }, candidates: LeadCandidate[], now: number): Promise<{ inserted: number; skipped: number; stopped: boolean }> {
  const rows = candidates.map(leadValues).filter((r): r is NonNullable<ReturnType<typeof leadValues>> => r !== null);
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: leadLists.id })
      .from(leadLists)
      .where(and(eq(leadLists.id, target.listId), eq(leadLists.workspaceId, target.workspaceId)))
      .limit(1);
    if (!list) return { inserted: 0, skipped: candidates.length, stopped: true };
    if (target.searchId) {
      const [s] = await tx.select({ status: leadSearches.status }).from(leadSearches).where(eq(leadSearches.id, target.searchId)).limit(1);
      if (s?.status !== "running") return { inserted: 0, skipped: candidates.length, stopped: true };
    }
    let inserted = 0;
    // One row at a time: ON CONFLICT DO NOTHING covers both unique indexes, and RETURNING tells which went in.
    for (const r of rows) {
      const out = await tx
        .insert(leads)
        .values({ ...r, workspaceId: target.workspaceId, listId: target.listId, searchId: target.searchId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: leads.id });
      inserted += out.length;
    }
    await bumpLeadsCount(tx, target.listId, inserted, now);
    if (target.searchId && inserted > 0)
      await tx
        .update(leadSearches)
        .set({ leadsFound: sql`${leadSearches.leadsFound} + ${inserted}`, updatedAt: now })
        .where(eq(leadSearches.id, target.searchId));
    return { inserted, skipped: candidates.length - inserted, stopped: false };
  });
}
