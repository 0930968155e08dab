/**
 * The inbox's contact card procedures (issue 14): conversations.contact shows the conversation's
 * contact and open deals; createContact makes it from the conversation (never twice);
 * createDeal opens a deal in 'Novo lead' owned by the caller. Viewers read only; another
 * workspace's conversation is NOT_FOUND and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { contacts, deals } from "../db/schema";
import { parseBrlToCents } from "../src/schemas/crm/money";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { withTransaction } from "../src/services/context";
import { noteConversationContact } from "../src/services/crm/contact-match";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { dealsOfContact } from "./helpers/crm-channels";
import { arrangeConversation, joinAs } from "./helpers/inbox";

let app: TestApp;
let a: Awaited<ReturnType<typeof ownerWithAgent>>;
let b: Awaited<ReturnType<typeof ownerWithAgent>>;

beforeAll(async () => {
  app = await startTestApp();
  a = await ownerWithAgent(app);
  b = await ownerWithAgent(app);
});
afterAll(() => app.stop());

const conversation = (workspaceId: string, patch: Record<string, unknown> = {}) =>
  arrangeConversation(app, workspaceId, { at: Date.now(), channel: "whatsapp", clientName: "Helena Souza", clientPhone: "5531966001122", texts: ["Oi"], ...patch });

describe("conversations.contact", () => {
  test("a linked conversation shows its contact and only its open deals, with stage and value", async () => {
    const conv = await conversation(a.workspaceId, { clientPhone: "5531966000001" });
    const contactId = await withTransaction(app.deps.db, async (tx) => {
      const r = await noteConversationContact(tx, { workspaceId: a.workspaceId, conversationId: conv.id, agentId: a.agent.id, name: "Helena Souza", phone: "5531966000001", channel: "whatsapp_cloud", source: "whatsapp_cloud", autoAddToFunnel: true });
      return r.contactId;
    });
    await app.deps.db.update(contacts).set({ companyName: "Souza ME", tags: ["vip"] }).where(eq(contacts.id, contactId));
    const created = await a.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "Segundo pedido", valueCents: 150_050 });
    expect(created.ok).toBe(true);
    const [first] = await app.deps.db.select().from(deals).where(eq(deals.contactId, contactId)).orderBy(deals.createdAt).limit(1);
    await app.deps.db.update(deals).set({ status: "lost" }).where(eq(deals.id, String(first?.id)));

    const card = await a.client.trpc.conversations.contact.query({ conversationId: conv.id });
    expect(card.data.contact).toMatchObject({ id: contactId, name: "Helena Souza", phone: "+5531966000001", companyName: "Souza ME", status: "lead", tags: ["vip"] });
    expect(card.data.deals.map((d) => [d.title, d.stageName, d.valueCents])).toEqual([["Segundo pedido", "Novo lead", 150_050]]);
  });

  test("no contact yet: the card offers the conversation's name and phone; createContact makes one, a second call the same", async () => {
    const conv = await conversation(a.workspaceId, { clientName: "Ícaro Melo", clientPhone: "5531966000002" });
    const empty = await a.client.trpc.conversations.contact.query({ conversationId: conv.id });
    expect(empty.data).toMatchObject({ contact: null, deals: [], suggestion: { name: "Ícaro Melo", phone: "5531966000002" } });
    const made = await a.client.trpc.conversations.createContact.mutate({ conversationId: conv.id });
    expect(made.data.contact).toMatchObject({ name: "Ícaro Melo", phone: "+5531966000002", source: "whatsapp_cloud" });
    const again = await a.client.trpc.conversations.createContact.mutate({ conversationId: conv.id });
    expect(again.data.contact?.id).toBe(String(made.data.contact?.id));
    expect(await app.deps.db.select().from(contacts).where(eq(contacts.phone, "+5531966000002"))).toHaveLength(1);
  });

  test("createDeal without a contact makes the contact first; the deal is in 'Novo lead', owned by the caller, history by the user", async () => {
    const conv = await conversation(a.workspaceId, { clientName: "Júlia Prates", clientPhone: "5531966000003" });
    const res = await a.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "Júlia Prates", valueCents: parseBrlToCents("1.500,50") ?? -1 });
    expect(res.ok).toBe(true);
    const card = await a.client.trpc.conversations.contact.query({ conversationId: conv.id });
    const [deal] = await dealsOfContact(app, String(card.data.contact?.id));
    expect(deal).toMatchObject({ id: res.data.dealId, title: "Júlia Prates", valueCents: 150_050, stage: "Novo lead", ownerUserId: a.user.id, conversationId: conv.id, source: "manual" });
    expect(deal?.history.map((h) => [h.actorType, h.userId])).toEqual([["user", a.user.id]]);
  });

  test("bad input is refused in pt-BR and creates nothing", async () => {
    const conv = await conversation(a.workspaceId, { clientName: "Kaio", clientPhone: "5531966000004" });
    const short = await a.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "K", valueCents: 100 });
    expect(JSON.stringify(short.error)).toContain("Título deve ter pelo menos 2 caracteres");
    const negative = await a.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "Kaio", valueCents: -1 });
    expect(JSON.stringify(negative.error)).toContain("Valor não pode ser negativo");
    expect((await a.client.trpc.conversations.contact.query({ conversationId: conv.id })).data.contact).toBeNull();
    const nameless = await arrangeConversation(app, a.workspaceId, { at: Date.now(), channel: "web", texts: ["oi"] });
    const refused = await a.client.trpc.conversations.createContact.mutate({ conversationId: nameless.id });
    expect(JSON.stringify(refused.error)).toContain("não tem nome, telefone nem e-mail");
  });

  test("parseBrlToCents reads pt-BR amounts", () => {
    expect(["1.500,50", "1500,5", "R$ 10", "10.5", "1.000", "", "abc", "1,234"].map(parseBrlToCents)).toEqual([150_050, 150_050, 1000, 1050, 100_000, 0, null, null]);
  });
});

describe("access", () => {
  test("a viewer sees the card but cannot create a contact or a deal", async () => {
    const viewer = await joinAs(app, a.client, "viewer");
    const conv = await conversation(a.workspaceId, { clientName: "Lara", clientPhone: "5531966000005" });
    expect((await viewer.client.trpc.conversations.contact.query({ conversationId: conv.id })).ok).toBe(true);
    for (const res of [
      await viewer.client.trpc.conversations.createContact.mutate({ conversationId: conv.id }),
      await viewer.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "Lara", valueCents: 0 }),
    ]) {
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.error)).toContain(CRM_READ_ONLY);
    }
    expect((await a.client.trpc.conversations.contact.query({ conversationId: conv.id })).data.contact).toBeNull();
  });

  test("another workspace's conversation is NOT_FOUND for every procedure and nothing is created", async () => {
    const conv = await conversation(a.workspaceId, { clientName: "Mara", clientPhone: "5531966000006" });
    const read = await b.client.trpc.conversations.contact.query({ conversationId: conv.id });
    const contact = await b.client.trpc.conversations.createContact.mutate({ conversationId: conv.id });
    const deal = await b.client.trpc.conversations.createDeal.mutate({ conversationId: conv.id, title: "Mara", valueCents: 0 });
    for (const res of [read, contact, deal]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.error)).toContain("Conversa não encontrada");
    }
    expect(await app.deps.db.select().from(contacts).where(eq(contacts.phone, "+5531966000006"))).toHaveLength(0);
    expect(await app.deps.db.select().from(deals).where(eq(deals.workspaceId, b.workspaceId))).toHaveLength(0);
  });
});
