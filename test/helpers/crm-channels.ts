/** CRM channel tests: customers writing on WhatsApp Cloud and own-server WhatsApp, and what the CRM made of them. */
import { createHmac } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { contactIdentities, contacts, conversationContacts, conversations, dealStageHistory, deals, pipelineStages } from "../../db/schema";
import type { TestApp } from "./app";

let seq = 0;

/** One signed WhatsApp Cloud delivery (a text from `from`, named `name`); returns the wamid. */
export async function whatsAppCloudSay(app: TestApp, wa: { appSecret: string; phoneNumberId: string }, from: string, text: string, opts: { name?: string; wamid?: string } = {}) {
  const wamid = opts.wamid ?? `wamid.CRMI${Date.now()}${++seq}`;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-crm",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { phone_number_id: wa.phoneNumberId },
              contacts: [{ profile: { name: opts.name ?? "Cliente" }, wa_id: from }],
              messages: [{ from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  const res = await fetch(`${app.base}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", wa.appSecret).update(body).digest("hex")}` },
    body,
  });
  if (res.status !== 200) throw new Error(`whatsapp webhook answered ${res.status}`);
  return wamid;
}

/** The contact linked to the conversation of this customer on this connection (null until linked). */
export async function contactOfCustomer(app: TestApp, connectionId: string, contactKey: string) {
  const [row] = await app.deps.db
    .select({ contact: contacts, conversationId: conversations.id })
    .from(conversations)
    .innerJoin(conversationContacts, eq(conversationContacts.conversationId, conversations.id))
    .innerJoin(contacts, eq(contacts.id, conversationContacts.contactId))
    .where(and(eq(conversations.connectionId, connectionId), eq(conversations.contactKey, contactKey)));
  return row ?? null;
}

/** Everything the CRM holds for a workspace, to compare before and after a redelivery. */
export async function crmCounts(app: TestApp, workspaceId: string) {
  const db = app.deps.db;
  return {
    contacts: (await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.workspaceId, workspaceId))).length,
    identities: (await db.select({ id: contactIdentities.id }).from(contactIdentities).where(eq(contactIdentities.workspaceId, workspaceId))).length,
    links: (await db.select({ id: conversationContacts.conversationId }).from(conversationContacts).where(eq(conversationContacts.workspaceId, workspaceId))).length,
    deals: (await db.select({ id: deals.id }).from(deals).where(eq(deals.workspaceId, workspaceId))).length,
  };
}

/** A contact's deals with their stage name and their stage history (oldest first). */
export async function dealsOfContact(app: TestApp, contactId: string) {
  const db = app.deps.db;
  const rows = await db
    .select({ deal: deals, stage: pipelineStages.name })
    .from(deals)
    .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
    .where(eq(deals.contactId, contactId));
  return Promise.all(
    rows.map(async (r) => ({
      ...r.deal,
      stage: r.stage,
      history: await db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, r.deal.id)).orderBy(asc(dealStageHistory.createdAt)),
    })),
  );
}
