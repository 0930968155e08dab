import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactIdentities, contactVariables, contacts, dealStageHistory, deals, variableExtractions } from "../db/schema";
import { withTransaction } from "../src/services/context";
import { applyContactValues, recordManualContactFields } from "../src/services/crm/contact-values";
import { matchOrCreateContact, noteConversationContact } from "../src/services/crm/contact-match";
import { ensureDefaultPipeline, moveDealToStage, openDeal } from "../src/services/crm/pipeline-core";
import { FUNNEL_ERRORS } from "../src/schemas/crm/funnel";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { arrangeConversation } from "./helpers/inbox";

/** The CRM's shared core: matching people, provenance of values, the default pipeline and deal moves. */
let app: TestApp;
let workspaceId: string;
let userId: string;
let agentId: string;
const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1]) => withTransaction(app.deps.db, fn);

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  workspaceId = o.workspaceId;
  userId = o.user.id;
  agentId = o.agent.id;
});
afterAll(() => app.stop());

describe("matching a person to one contact", () => {
  test("a phone written three ways, then the same person on Telegram with that phone, is one contact", async () => {
    const first = await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "5511987650001", name: "Bia Ramos", channel: "whatsapp_cloud", externalId: "5511987650001", source: "whatsapp_cloud" }));
    const again = await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "(11) 98765-0001", source: "whatsapp_uaz", channel: "whatsapp_uaz", externalId: "5511987650001" }));
    const telegram = await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "+55 11 98765-0001", channel: "telegram", externalId: "4242", source: "telegram" }));
    const byTelegramId = await tx((t) => matchOrCreateContact(t, { workspaceId, channel: "telegram", externalId: "4242", source: "telegram" }));
    expect(first.created).toBe(true);
    for (const r of [again, telegram, byTelegramId]) expect(r).toEqual({ contactId: first.contactId, created: false });
    const rows = await app.deps.db.select().from(contacts).where(eq(contacts.phone, "+5511987650001"));
    expect(rows.map((r) => [r.name, r.isValidWhatsApp, r.source])).toEqual([["Bia Ramos", true, "whatsapp_cloud"]]);
    const ids = await app.deps.db.select({ channel: contactIdentities.channel }).from(contactIdentities).where(eq(contactIdentities.contactId, first.contactId));
    expect(ids.map((i) => i.channel).sort()).toEqual(["telegram", "whatsapp_cloud", "whatsapp_uaz"]);
  });

  test("an unnamed channel contact gets a readable name that the real one replaces", async () => {
    const { contactId } = await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "11987650002", source: "whatsapp_cloud" }));
    const [before] = await app.deps.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, contactId));
    expect(before?.name).toBe("Contato +55 (11) 98765-0002");
    await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "11987650002", name: "Caio Lima", email: "CAIO@Exemplo.com.br", source: "whatsapp_cloud" }));
    const [after] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect([after?.name, after?.email]).toEqual(["Caio Lima", "caio@exemplo.com.br"]);
  });
});

describe("provenance of values", () => {
  test("an extracted value never replaces what a person typed, and the history says so", async () => {
    const { contactId } = await tx((t) => matchOrCreateContact(t, { workspaceId, email: "dora@exemplo.com.br", name: "Dora", source: "manual" }));
    await tx((t) => recordManualContactFields(t, workspaceId, contactId, { name: "Dora Alves", companyName: "Alves & Cia" }));
    await app.deps.db.update(contacts).set({ name: "Dora Alves", companyName: "Alves & Cia" }).where(eq(contacts.id, contactId));
    const out = await tx((t) =>
      applyContactValues(t, { workspaceId, contactId, values: { nome: "Dorinha", empresa: "Outra", cidade: "Recife", cep: "50000-000" }, source: "extracted", confidence: 0.9, method: "llm" }),
    );
    expect(out.applied.sort()).toEqual(["cep", "cidade"]);
    expect(out.kept.sort()).toEqual(["empresa", "nome"]);
    const [c] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect([c?.name, c?.companyName, c?.city, c?.zipCode]).toEqual(["Dora Alves", "Alves & Cia", "Recife", "50000-000"]);
    const history = await app.deps.db.select().from(variableExtractions).where(eq(variableExtractions.contactId, contactId));
    expect(history.filter((h) => !h.applied).map((h) => h.variableName).sort()).toEqual(["empresa", "nome"]);
  });

  test("a phone owned by another contact is not taken by extraction", async () => {
    const owner = await tx((t) => matchOrCreateContact(t, { workspaceId, phone: "11987650003", name: "Edu", source: "manual" }));
    const other = await tx((t) => matchOrCreateContact(t, { workspaceId, email: "fabi@exemplo.com.br", name: "Fabi", source: "manual" }));
    const out = await tx((t) => applyContactValues(t, { workspaceId, contactId: other.contactId, values: { telefone: "(11) 98765-0003" }, source: "extracted", confidence: 0.9 }));
    expect(out).toEqual({ applied: [], kept: ["telefone"] });
    const mine = await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.phone, "+5511987650003"));
    expect(mine.map((r) => r.id)).toEqual([owner.contactId]);
    const vars = await app.deps.db.select().from(contactVariables).where(and(eq(contactVariables.contactId, other.contactId), eq(contactVariables.variableName, "telefone")));
    expect(vars).toEqual([]);
  });
});

describe("funnel core", () => {
  test("the default pipeline is created once with the six stages", async () => {
    const [a, b] = await Promise.all([tx((t) => ensureDefaultPipeline(t, workspaceId)), tx((t) => ensureDefaultPipeline(t, workspaceId))]);
    expect(a.pipelineId).toBe(b.pipelineId);
    expect(a.stages.map((s) => s.name)).toEqual(["Novo lead", "Qualificado", "Proposta", "Negociação", "Ganho", "Perdido"]);
    expect(a.stages.every((s) => s.color.startsWith("#"))).toBe(true);
  });

  test("autoAddToFunnel opens one deal for a new contact, even when the message is delivered twice", async () => {
    const conv = await arrangeConversation(app, workspaceId, { at: Date.now(), texts: ["Oi"] });
    const note = () => tx((t) => noteConversationContact(t, { workspaceId, conversationId: conv.id, agentId, phone: "11987650004", name: "Gil", source: "telegram", channel: "telegram", externalId: "777", autoAddToFunnel: true }));
    const first = await note();
    const second = await note();
    expect(second).toEqual({ contactId: first.contactId, created: false, dealId: first.dealId });
    const rows = await app.deps.db.select().from(deals).where(eq(deals.contactId, first.contactId));
    expect(rows.length).toBe(1);
    const history = await app.deps.db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, rows[0]?.id ?? ""));
    expect(history.map((h) => [h.actorType, h.agentId, h.fromStageId])).toEqual([["agent", agentId, null]]);
  });

  test("a move writes history, follows won/lost flags, refuses another pipeline's stage and a stale version", async () => {
    const { stages } = await tx((t) => ensureDefaultPipeline(t, workspaceId));
    const [novo, , proposta, , ganho] = stages;
    if (!novo || !proposta || !ganho) throw new Error("stages missing");
    const deal = await tx((t) => openDeal(t, { workspaceId, title: "Loja Centro", valueCents: 990_00, actor: { type: "user", userId } }));
    expect([deal.stageId, deal.status, deal.version]).toEqual([novo.id, "open", 1]);
    const moved = await tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: proposta.id, notes: "Enviou orçamento", expectedVersion: 1 }, { type: "user", userId }));
    expect([moved.stageId, moved.version]).toEqual([proposta.id, 2]);
    const stale = tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: ganho.id, expectedVersion: 1 }, { type: "user", userId }));
    await expect(stale).rejects.toThrow(FUNNEL_ERRORS.concurrentMove);
    const other = await ownerWithAgent(app);
    const foreign = await tx((t) => ensureDefaultPipeline(t, other.workspaceId));
    const foreignStage = foreign.stages[0]?.id ?? "";
    await expect(tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: foreignStage }, { type: "user", userId }))).rejects.toThrow(FUNNEL_ERRORS.stageNotFound);
    const won = await tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: ganho.id }, { type: "user", userId }));
    expect([won.status, typeof won.closedAt]).toEqual(["won", "number"]);
    const history = await app.deps.db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, deal.id));
    expect(history.map((h) => [h.fromStageId, h.toStageId, h.notes])).toEqual([
      [null, novo.id, null],
      [novo.id, proposta.id, "Enviou orçamento"],
      [proposta.id, ganho.id, null],
    ]);
  });

  test("a card dropped before another lands between it and the one above", async () => {
    const { stages } = await tx((t) => ensureDefaultPipeline(t, workspaceId));
    const stage = stages[1];
    if (!stage) throw new Error("stage missing");
    const open = (title: string) => tx((t) => openDeal(t, { workspaceId, title, stageId: stage.id, actor: { type: "system" } }));
    const a = await open("A");
    const b = await open("B");
    const c = await open("C");
    await tx((t) => moveDealToStage(t, workspaceId, { dealId: c.id, targetStageId: stage.id, beforeDealId: b.id }, { type: "system" }));
    const column = await app.deps.db.select({ title: deals.title, position: deals.position }).from(deals).where(eq(deals.stageId, stage.id)).orderBy(deals.position);
    expect(column.map((d) => d.title).filter((t) => ["A", "B", "C"].includes(t))).toEqual(["A", "C", "B"]);
    expect(a.id).not.toBe(c.id);
  });
});
