/**
 * Adding people to a campaign list, from any source (contacts, CSV, a Leads Hunter list, typed
 * numbers): phones normalised to E.164, deduplicated by phone within the list, opted-out numbers
 * never entering. STUB: the lists engineer fills the body; the signature is fixed (Leads Hunter uses it).
 */
import type { DbOrTx } from "../../../db/client";

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

/** Inside the caller's transaction; keeps campaign_lists.contact_count. The list must be the workspace's (checked by the caller). */
export async function addCampaignListMembers(
  _db: DbOrTx,
  _workspaceId: string,
  _listId: string,
  _members: CampaignMemberInput[],
  _source: CampaignMemberSource,
): Promise<AddMembersOutcome> {
  throw new Error("campaign list members not built yet");
}
