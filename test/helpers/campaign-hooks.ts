/** Campaign rows for the hooks tests: a list, a campaign and sends in a chosen state, written straight to the DB. */
import { eq } from "drizzle-orm";
import { campaignContacts, campaignLists, campaignSends, campaigns } from "../../db/schema";
import { DEFAULT_CAMPAIGN_SETTINGS } from "../../src/schemas/campaigns/settings";
import type { TestApp } from "./app";

let seq = 0;

export async function insertCampaign(app: TestApp, workspaceId: string, connectionId: string | null, name = `Campanha ${++seq}`) {
  const [list] = await app.deps.db.insert(campaignLists).values({ workspaceId, name: `Lista ${name} ${++seq}` }).returning();
  if (!list) throw new Error("no list");
  const [c] = await app.deps.db
    .insert(campaigns)
    .values({ workspaceId, name, listId: list.id, connectionId, status: "running", settings: DEFAULT_CAMPAIGN_SETTINGS })
    .returning();
  if (!c) throw new Error("no campaign");
  return { campaignId: c.id, listId: list.id };
}

export async function insertSend(
  app: TestApp,
  workspaceId: string,
  c: { campaignId: string; listId: string },
  s: { phone: string; status: "pending" | "sent" | "delivered" | "read"; providerMessageId?: string; sentAt?: number | null },
) {
  const [member] = await app.deps.db.insert(campaignContacts).values({ workspaceId, listId: c.listId, phone: s.phone, name: "Cliente" }).returning();
  if (!member) throw new Error("no member");
  const [send] = await app.deps.db
    .insert(campaignSends)
    .values({
      workspaceId,
      campaignId: c.campaignId,
      campaignContactId: member.id,
      phone: s.phone,
      status: s.status,
      providerMessageId: s.providerMessageId ?? null,
      sentAt: s.status === "pending" ? null : (s.sentAt ?? Date.now() - 60_000),
    })
    .returning();
  if (!send) throw new Error("no send");
  return send;
}

export const sendRow = async (app: TestApp, id: string) => (await app.deps.db.select().from(campaignSends).where(eq(campaignSends.id, id)))[0];
export const campaignRow = async (app: TestApp, id: string) => (await app.deps.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
