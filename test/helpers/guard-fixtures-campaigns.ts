import { campaignContacts, campaignLists, campaignMessages, campaigns, leadLists, leadSearches, leads, validationRuns } from "../../db/schema";
import { DEFAULT_CAMPAIGN_SETTINGS } from "../../src/schemas/campaigns/settings";
import type { TestApp } from "./app";

/** One workspace's campaign, Leads Hunter and validation rows, for the guard matrix and fuzzing. */
export type CampaignsFixture = {
  listId: string;
  /** A member of the list (+5511987650001). */
  campaignContactId: string;
  /** A draft campaign to the list (no connection chosen). */
  campaignId: string;
  leadListId: string;
  leadId: string;
  leadSearchId: string;
  validationRunId: string;
};

/** Written straight to the tables: the fixture must not depend on the procedures it is used to test. */
export async function campaignsFixture(app: TestApp, workspaceId: string, ownerId: string): Promise<CampaignsFixture> {
  const db = app.deps.db;
  const suffix = workspaceId.slice(-8);
  const [list] = await db
    .insert(campaignLists)
    .values({ workspaceId, name: `Clientes VIP ${suffix}`, contactCount: 1, createdByUserId: ownerId })
    .returning({ id: campaignLists.id });
  if (!list) throw new Error("campaign list not created");
  const [member] = await db
    .insert(campaignContacts)
    .values({ workspaceId, listId: list.id, name: "Paula Matriz", phone: "+5511987650001", source: "manual" })
    .returning({ id: campaignContacts.id });
  if (!member) throw new Error("campaign contact not created");
  const [campaign] = await db
    .insert(campaigns)
    .values({ workspaceId, name: "Promoção de Natal", listId: list.id, settings: DEFAULT_CAMPAIGN_SETTINGS, createdByUserId: ownerId })
    .returning({ id: campaigns.id });
  if (!campaign) throw new Error("campaign not created");
  await db.insert(campaignMessages).values({ campaignId: campaign.id, position: 0, content: "Olá {{nome}}, temos novidades!" });
  const [leadList] = await db
    .insert(leadLists)
    .values({ workspaceId, name: `Pet shops ${suffix}`, source: "google_maps", leadsCount: 1, createdByUserId: ownerId })
    .returning({ id: leadLists.id });
  if (!leadList) throw new Error("lead list not created");
  const [search] = await db
    .insert(leadSearches)
    .values({ workspaceId, listId: leadList.id, query: "pet shop", location: "Campinas", source: "google_maps", status: "completed", progress: 100, leadsFound: 1 })
    .returning({ id: leadSearches.id });
  if (!search) throw new Error("lead search not created");
  const [lead] = await db
    .insert(leads)
    .values({ workspaceId, listId: leadList.id, businessName: "Pet Shop Matriz", phone: "+551932320001", placeId: `place-${suffix}`, searchId: search.id })
    .returning({ id: leads.id });
  if (!lead) throw new Error("lead not created");
  const [run] = await db
    .insert(validationRuns)
    .values({ workspaceId, targetKind: "numbers", status: "completed", totalCount: 0, createdByUserId: ownerId })
    .returning({ id: validationRuns.id });
  if (!run) throw new Error("validation run not created");
  return {
    listId: list.id,
    campaignContactId: member.id,
    campaignId: campaign.id,
    leadListId: leadList.id,
    leadId: lead.id,
    leadSearchId: search.id,
    validationRunId: run.id,
  };
}
