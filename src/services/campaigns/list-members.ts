/**
 * Adding people to a campaign list, from any source (contacts, CSV, a Leads Hunter list, typed
 * numbers): phones normalised to E.164, deduplicated by phone within the list, opted-out numbers
 * never entering. STUB: the lists engineer fills the body; the signature is fixed (Leads Hunter uses it).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { campaignContacts, campaignLists, campaignOptOuts, contacts } from "../../../db/schema";
import { campaignPhone } from "../../schemas/campaigns/lists";

export type CampaignMemberInput = {
  name?: string | null;
  /** Any shape normalizePhone reads ("(11) 98765-4321", "5511987654321", "+55…"). */
  phone: string;
  company?: string | null;
  role?: string | null;
  city?: string | null;
  contactId?: string | null;
  leadId?: string | null;
  /** Extra CSV columns, usable as {{coluna}}. */
  extra?: Record<string, string> | null;
};

export type CampaignMemberSource = "contacts" | "csv" | "leads" | "manual";

export type AddMembersOutcome = { added: number; duplicates: number; optedOut: number; invalid: number };

/** Rows per multi-row INSERT: 12 columns × 500 stays far under SQLite's bound-variable limit. */
export const MEMBER_CHUNK = 500;

/** Inside the caller's transaction; keeps campaign_lists.contact_count. The list must be the workspace's (checked by the caller). */
export async function addCampaignListMembers(
  db: DbOrTx,
  workspaceId: string,
  listId: string,
  members: CampaignMemberInput[],
  source: CampaignMemberSource,
): Promise<AddMembersOutcome> {
  const outcome: AddMembersOutcome = { added: 0, duplicates: 0, optedOut: 0, invalid: 0 };
  // First of a phone wins inside the batch; the unique (list, phone) index settles the rest.
  const byPhone = new Map<string, CampaignMemberInput>();
  for (const m of members) {
    const phone = campaignPhone(m.phone);
    if (!phone) outcome.invalid++;
    else if (byPhone.has(phone)) outcome.duplicates++;
    else byPhone.set(phone, m);
  }
  const entries = [...byPhone.entries()];
  const now = Date.now();
  for (let i = 0; i < entries.length; i += MEMBER_CHUNK) {
    const chunk = entries.slice(i, i + MEMBER_CHUNK);
    const phones = chunk.map(([p]) => p);
    const blocked = await db
      .select({ phone: campaignOptOuts.phone })
      .from(campaignOptOuts)
      .where(and(eq(campaignOptOuts.workspaceId, workspaceId), inArray(campaignOptOuts.phone, phones)));
    const optedOut = new Set(blocked.map((b) => b.phone));
    // A number that is also a CRM contact is linked, so its variables fill {{…}} (contacts_phone_idx).
    const known = await db
      .select({ id: contacts.id, phone: contacts.phone })
      .from(contacts)
      .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.phone, phones)));
    const contactOf = new Map(known.map((k) => [k.phone, k.id]));
    const rows = chunk
      .filter(([phone]) => !optedOut.has(phone))
      .map(([phone, m], j) => ({
        workspaceId,
        listId,
        phone,
        name: clip(m.name, 200, 2),
        company: clip(m.company, 200),
        role: clip(m.role, 100),
        city: clip(m.city, 100),
        contactId: m.contactId ?? contactOf.get(phone) ?? null,
        leadId: m.leadId ?? null,
        source,
        extra: m.extra && Object.keys(m.extra).length ? m.extra : null,
        // Distinct times keep the list page's order (created_at, id) the order they were given in.
        createdAt: now + i + j,
      }));
    outcome.optedOut += chunk.length - rows.length;
    if (!rows.length) continue;
    const inserted = await db.insert(campaignContacts).values(rows).onConflictDoNothing().returning({ id: campaignContacts.id });
    outcome.added += inserted.length;
    outcome.duplicates += rows.length - inserted.length;
  }
  if (outcome.added) {
    await db
      .update(campaignLists)
      .set({ contactCount: sql`${campaignLists.contactCount} + ${outcome.added}`, updatedAt: now })
      .where(and(eq(campaignLists.id, listId), eq(campaignLists.workspaceId, workspaceId)));
  }
  return outcome;
}

/** Collapsed, cut to the column's bound; shorter than `min` (SPEC §5 name 2–200) is dropped. */
const clip = (s: string | null | undefined, max: number, min = 1) => {
  const t = s?.trim().replace(/\s+/g, " ");
  return t && t.length >= min ? t.slice(0, max) : null;
};
