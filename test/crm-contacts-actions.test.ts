import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactVariables, contacts, conversations, dealActivities, deals, messages, userActivityLogs } from "../db/schema";
import { ERASED_MESSAGE } from "../src/schemas/crm/contact-actions";
import { CRM_ERASE_OWNER_ONLY } from "../src/schemas/permissions";
import { withTransaction } from "../src/services/context";
import { noteConversationContact } from "../src/services/crm/contact-match";
import { applyContactValues } from "../src/services/crm/contact-values";
import { ensureDefaultPipeline, moveDealToStage, openDeal } from "../src/services/crm/pipeline-core";
import { type TestApp, startTestApp } from "./helpers/app";
import { type Client, must } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { arrangeConversation, joinAs } from "./helpers/inbox";

/** Bulk actions, lists, the timeline and LGPD export/erasure of contacts, over real HTTP. */
let app: TestApp;
let owner: Client;
let ownerId: string;
let workspaceId: string;

const make = async (name: string, extra: Record<string, unknown> = {}) => must((await owner.mutate<{ id: string }>("contacts.create", { name, ...extra })).data, name).id;
const row = async (id: string) => must((await app.deps.db.select().from(contacts).where(eq(contacts.id, id)))[0], "contact");

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  ownerId = o.user.id;
  workspaceId = String(o.user.currentWorkspaceId);
}, 60_000);
afterAll(() => app.stop());

describe("bulk actions over chosen contacts", () => {
  test("tag, untag, change status, add to a list and delete, each all-or-nothing", async () => {
    const ids = [await make("Bulk Um"), await make("Bulk Dois", { tags: ["antiga"] }), await make("Bulk Três")];
    const bulk = (action: Record<string, unknown>, which = ids) => owner.mutate<{ affected: number }>("contacts.bulk", { ids: which, action });
    expect((await bulk({ type: "addTags", tags: ["Black Friday", "vip"] })).data).toEqual({ affected: 3 });
    expect((await row(must(ids[1]))).tags).toEqual(["antiga", "Black Friday", "vip"]);
    expect((await bulk({ type: "addTags", tags: ["vip"] })).data).toEqual({ affected: 0 });
    expect((await bulk({ type: "removeTags", tags: ["antiga", "vip"] })).data).toEqual({ affected: 3 });
    expect((await row(must(ids[1]))).tags).toEqual(["Black Friday"]);
    expect((await bulk({ type: "setStatus", status: "customer" })).data).toEqual({ affected: 3 });
    expect((await row(must(ids[2]))).status).toBe("customer");

    const list = must((await owner.mutate<{ id: string }>("contacts.lists.create", { name: "Campanha de Natal" })).data);
    expect((await bulk({ type: "addToList", listId: list.id })).data).toEqual({ affected: 3 });
    expect((await bulk({ type: "addToList", listId: list.id })).data).toEqual({ affected: 0 });
    const members = await owner.query<{ items: { id: string }[] }>("contacts.list", { listId: list.id });
    expect(members.data.items.map((c) => c.id).sort()).toEqual([...ids].sort());

    // One id that is not a contact here: nothing changes.
    const missing = await bulk({ type: "delete" }, [...ids, "00000000-0000-4000-8000-000000000000"]);
    expect(missing.status).toBe(404);
    expect(await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, must(ids[0])))).toHaveLength(1);
    expect((await bulk({ type: "delete" })).data).toEqual({ affected: 3 });
    expect(await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, must(ids[0])))).toHaveLength(0);
  });

  test("more than 1000 ids is refused before anything runs", async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const r = await owner.mutate("contacts.bulk", { ids, action: { type: "delete" } });
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe("Selecione no máximo 1000 contatos por vez");
  });
});

describe("contact lists", () => {
  test("create, refuse a taken name, rename, count members, delete (contacts stay)", async () => {
    const a = must((await owner.mutate<{ id: string }>("contacts.lists.create", { name: "Leads quentes" })).data);
    const taken = await owner.mutate("contacts.lists.create", { name: "Leads quentes" });
    expect([taken.status, taken.error?.message]).toEqual([409, "Já existe uma lista com este nome"]);
    expect((await owner.mutate("contacts.lists.rename", { id: a.id, name: "Leads muito quentes" })).ok).toBe(true);
    const c = await make("Membro da Lista");
    await owner.mutate("contacts.bulk", { ids: [c], action: { type: "addToList", listId: a.id } });
    const lists = await owner.query<{ id: string; name: string; members: number }[]>("contacts.lists.list");
    expect(lists.data.find((l) => l.id === a.id)).toMatchObject({ name: "Leads muito quentes", members: 1 });
    expect((await owner.mutate("contacts.lists.delete", { id: a.id })).ok).toBe(true);
    expect((await owner.query("contacts.get", { id: c })).ok).toBe(true);
  });
});

/** A contact with a conversation (customer and agent messages), a deal moved once, an activity, an extraction. */
async function contactWithHistory(name: string, email: string, phone: string) {
  const conv = await arrangeConversation(app, workspaceId, { channel: "whatsapp", clientName: name, clientPhone: phone, at: Date.now() - 60_000, texts: [`Oi, sou ${name}, meu email é ${email}`, `Olá ${name}! Como posso ajudar?`, "Quero um orçamento"] });
  return withTransaction(app.deps.db, async (tx) => {
    const { contactId } = await noteConversationContact(tx, { workspaceId, conversationId: conv.id, agentId: null, name, email, phone, source: "whatsapp_cloud", channel: "whatsapp_cloud", externalId: phone, autoAddToFunnel: false });
    const { stages } = await ensureDefaultPipeline(tx, workspaceId);
    const deal = await openDeal(tx, { workspaceId, title: `Orçamento ${name}`, contactId, valueCents: 99_000, actor: { type: "user", userId: ownerId } });
    await moveDealToStage(tx, workspaceId, { dealId: deal.id, targetStageId: must(stages[2]).id, notes: "enviou proposta" }, { type: "user", userId: ownerId });
    await tx.insert(dealActivities).values({ workspaceId, dealId: deal.id, contactId, type: "call", subject: "Ligar amanhã" });
    await applyContactValues(tx, { workspaceId, contactId, values: { cidade: "Recife" }, source: "extracted", confidence: 0.9, method: "pattern", conversationId: conv.id });
    return { contactId, conversationId: conv.id, dealId: deal.id };
  });
}

describe("timeline", () => {
  test("conversations, deal, stage move, activity and extraction, newest first", async () => {
    const { contactId } = await contactWithHistory("Lia Timeline", "lia@timeline.com.br", "+5581988887777");
    const t = await owner.query<{ kind: string; at: number }[]>("contacts.timeline", { id: contactId });
    expect(t.ok).toBe(true);
    expect(new Set(t.data.map((i) => i.kind))).toEqual(new Set(["conversation", "deal", "stage_move", "activity", "extraction"]));
    const ats = t.data.map((i) => i.at);
    expect(ats).toEqual([...ats].sort((a, b) => b - a));
    const other = (await registerUser(app)).client;
    expect((await other.query("contacts.timeline", { id: contactId })).status).toBe(404);
  });
});

describe("LGPD", () => {
  test("export carries the contact, its variables, conversations with messages and deals with history", async () => {
    const { contactId, conversationId } = await contactWithHistory("Ênio Exporta", "enio@exporta.com.br", "+5511977776666");
    const r = await owner.query<Record<string, unknown> & { conversations: { id: string; messages: { content: string }[] }[]; deals: { history: unknown[]; activities: unknown[]; products: unknown[] }[] }>("contacts.exportData", { id: contactId });
    expect(r.ok).toBe(true);
    expect(r.data.contact).toMatchObject({ id: contactId, name: "Ênio Exporta", email: "enio@exporta.com.br" });
    expect((r.data.variables as { variableName: string }[]).map((v) => v.variableName).sort()).toEqual(["cidade", "email", "nome", "telefone"]);
    expect(r.data.extractions).toHaveLength(1);
    expect(r.data.identities).toHaveLength(1);
    expect(r.data.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(r.data.conversations[0]?.messages.map((m) => m.content)).toContain("Quero um orçamento");
    expect(r.data.deals[0]?.history.length).toBe(2);
    expect(r.data.deals[0]?.activities.length).toBe(1);
  });

  test("a member cannot erase; the owner erases, blanks the messages and leaves an audit line", async () => {
    const name = "Olga Apagada";
    const { contactId, conversationId, dealId } = await contactWithHistory(name, "olga@apagar.com.br", "+5511966665555");
    const member = (await joinAs(app, owner, "member")).client;
    const refused = await member.mutate("contacts.erase", { id: contactId, confirmName: name });
    expect([refused.status, refused.error?.message]).toEqual([403, CRM_ERASE_OWNER_ONLY]);
    const wrong = await owner.mutate("contacts.erase", { id: contactId, confirmName: "Outra pessoa" });
    expect(wrong.status).toBe(400);
    expect(await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId))).toHaveLength(1);

    const done = await owner.mutate<{ messages: number }>("contacts.erase", { id: contactId, confirmName: "olga apagada" });
    expect(done.ok).toBe(true);
    expect(done.data.messages).toBe(2);
    expect(await app.deps.db.select().from(contacts).where(eq(contacts.id, contactId))).toEqual([]);
    expect(await app.deps.db.select().from(contactVariables).where(eq(contactVariables.contactId, contactId))).toEqual([]);
    const [conv] = await app.deps.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect([conv?.clientName, conv?.clientPhone, conv?.clientEmail]).toEqual([null, null, null]);
    expect(conv?.contactKey).not.toContain("5511966665555");
    const msgs = await app.deps.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(msgs.filter((m) => m.senderType === "customer").map((m) => m.content)).toEqual([ERASED_MESSAGE, ERASED_MESSAGE]);
    const all = JSON.stringify(msgs);
    expect(all).not.toContain(name);
    expect(all).not.toContain("olga@apagar.com.br");
    const [deal] = await app.deps.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal?.title).toBe("Orçamento [removido]");
    expect(deal?.contactId).toBeNull();
    const audit = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.workspaceId, workspaceId), eq(userActivityLogs.action, "crm.contact.erase")));
    expect(audit.map((a) => [a.category, a.resourceId, a.userId])).toEqual([["crm", contactId, ownerId]]);
    expect(JSON.stringify(audit)).not.toContain(name);
  });

  test("a viewer can neither export nor erase", async () => {
    const { contactId } = await contactWithHistory("Vivi Vista", "vivi@vista.com.br", "+5511955554444");
    const viewer = (await joinAs(app, owner, "viewer")).client;
    expect((await viewer.query("contacts.exportData", { id: contactId })).status).toBe(403);
    expect((await viewer.mutate("contacts.erase", { id: contactId, confirmName: "Vivi Vista" })).status).toBe(403);
  });
});
