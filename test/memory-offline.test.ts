/**
 * Contact memory and summaries with no provider configured (issue 18 "offline mode for each"):
 * facts from the pt-BR patterns, an extractive summary on resolve, and the recall on the same
 * contact's WhatsApp conversation; nothing charged.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agents, conversations, creditTransactions, memoryExtractions } from "../db/schema";
import { recallForTurn } from "../src/services/memory/recall";
import { type MemoryWorld, startMemoryWorld } from "./helpers/memory";
import { eventually } from "./helpers/training";

let w: MemoryWorld;
beforeAll(async () => {
  w = await startMemoryWorld({ online: false });
}, 30_000);
afterAll(() => w.stop());

describe("[offline] memory and summaries", () => {
  test("patterns extract, the resolve writes an extractive summary, and the WhatsApp conversation recalls both", async () => {
    const c = w.telegram("Rosa");
    await c.say("Oi! Tenho dois cachorros e prefiro entrega à tarde. Vocês entregam em Campinas?");
    const conv = await eventually(c.conversation);
    const contactId = await w.contactOf(conv.id);
    const mems = await eventually(async () => ((await w.memoriesOf(contactId)).length >= 2 ? w.memoriesOf(contactId) : null));
    expect(mems.map((m) => m.fact).sort()).toEqual(["prefere entrega à tarde", "tem dois cachorros"]);
    const [extraction] = await w.app.deps.db.select().from(memoryExtractions).where(eq(memoryExtractions.conversationId, conv.id));
    expect(extraction).toMatchObject({ source: "offline", factsFound: 2 });

    expect((await w.owner.client.trpc.conversations.resolve.mutate({ id: conv.id })).ok).toBe(true);
    const [summary] = await eventually(async () => ((await w.summariesOf(conv.id)).length ? w.summariesOf(conv.id) : null));
    expect(summary).toMatchObject({ reason: "resolved", source: "offline", contactId });
    expect(summary?.summary).toContain("Vocês entregam em Campinas?");
    expect(summary?.summary).toMatch(/Pendente|Nada pendente/);

    expect((await w.owner.client.trpc.contacts.update.mutate({ id: contactId, patch: { phone: "+55 31 97700-4321" } })).ok).toBe(true);
    await w.uazSay("5531977004321", "Bom dia, queria fazer um pedido", "Rosa");
    const conv2 = await w.uazConversation("5531977004321");
    expect(await w.contactOf(conv2.id)).toBe(contactId);
    const [agent] = await w.app.deps.db.select().from(agents).where(eq(agents.id, w.owner.agent.id));
    const [row] = await w.app.deps.db.select().from(conversations).where(eq(conversations.id, conv2.id));
    if (!agent || !row) throw new Error("rows gone");
    const place = { workspaceId: w.owner.workspaceId, conversationId: row.id, channel: row.channel, connectionId: row.connectionId, contactKey: row.contactKey, customer: { name: null, phone: null, email: null } };
    const text = await recallForTurn(w.app.deps, { agent, place });
    expect(text).toContain("O que já sabemos deste cliente: ");
    expect(text).toContain("tem dois cachorros");
    expect(text).toContain("Resumo do último atendimento (Telegram, ");
    // The first conversation's own summary is not "another" conversation's.
    const own = await recallForTurn(w.app.deps, { agent, place: { ...place, conversationId: conv.id } });
    expect(own).not.toContain("Resumo do último atendimento");
    expect(await w.app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.workspaceId, w.owner.workspaceId))).toEqual([]);
  });

  test("a brand-new contact recalls nothing", async () => {
    const c = w.telegram("Novo");
    await c.say("Quero um orçamento");
    const conv = await eventually(c.conversation);
    await w.contactOf(conv.id);
    const [agent] = await w.app.deps.db.select().from(agents).where(eq(agents.id, w.owner.agent.id));
    if (!agent) throw new Error("agent gone");
    const place = { workspaceId: w.owner.workspaceId, conversationId: conv.id, channel: conv.channel, connectionId: conv.connectionId, contactKey: conv.contactKey, customer: { name: null, phone: null, email: null } };
    expect(await recallForTurn(w.app.deps, { agent, place })).toBeNull();
  });
});
