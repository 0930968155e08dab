/**
 * Extraction without a model (issue 14, offline mode): pt-BR patterns on the customer's message,
 * applied with method "pattern" and a lower confidence, never over a manual value; a web visitor
 * who leaves a name or e-mail becomes a contact (with a deal under autoAddToFunnel); the greeting's
 * {{variavel}} is rendered with the contact.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contacts, conversationContacts, conversations, deals, variableExtractions } from "../db/schema";
import { PATTERN_CONFIDENCE, extractByPatterns, mightHoldData } from "../src/services/crm/variable-patterns";
import { type AgentRow, answerAtOnce, chat, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";

describe("patterns (pure)", () => {
  test("name, e-mail, phone, CEP, company, city", () => {
    expect(extractByPatterns("Oi, meu nome é ana souza e meu email é Ana.Souza@Exemplo.com.br")).toEqual({ nome: "Ana Souza", email: "ana.souza@exemplo.com.br" });
    expect(extractByPatterns("Me chamo João da Silva, meu telefone é (11) 98765-4321")).toEqual({ nome: "João da Silva", telefone: "(11) 98765-4321" });
    expect(extractByPatterns("Aqui é a Carla. CEP 01310-100")).toEqual({ nome: "Carla", cep: "01310-100" });
    expect(extractByPatterns("Sou o Pedro, trabalho na Acme Ltda, moro em Belo Horizonte")).toEqual({ nome: "Pedro", empresa: "Acme Ltda", cidade: "Belo Horizonte" });
    expect(extractByPatterns("sou da empresa Padaria Central")).toEqual({ empresa: "Padaria Central" });
  });

  test("order number only when the workspace defines numero_pedido; custom variables as 'Rótulo: valor' checked by type", () => {
    const defs = [
      { name: "numero_pedido", displayName: "Número do pedido", dataType: "string" as const },
      { name: "plano", displayName: "Plano", dataType: "string" as const },
      { name: "filhos", displayName: "Filhos", dataType: "number" as const },
    ];
    expect(extractByPatterns("Meu pedido nº 12345 não chegou")).toEqual({});
    expect(extractByPatterns("Meu pedido nº 12345 não chegou", defs)).toEqual({ numero_pedido: "12345" });
    expect(extractByPatterns("Plano: Ouro\nFilhos: dois", defs)).toEqual({ plano: "Ouro" });
    expect(extractByPatterns("Filhos: 2", defs)).toEqual({ filhos: "2" });
  });

  test("the pre-check lets plain questions through without work, and no false names", () => {
    for (const q of ["Oi", "Qual o horário de vocês?", "Vocês entregam no sábado?", "Quanto custa?"]) expect(mightHoldData(q)).toBe(false);
    expect(mightHoldData("meu email é a@b.com")).toBe(true);
    expect(extractByPatterns("sou a favor de entregar amanhã")).toEqual({});
    expect(extractByPatterns("trabalho em casa")).toEqual({});
  });
});

let app: TestApp;
let owner: Client;
let agent: AgentRow;

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app, { greetingMessage: "{{saudacao}}, {{nome}}! Sou {{agente}}. Seu plano: {{plano}}." }, { name: "Bia", activity: "Atendimento" });
  owner = o.client;
  agent = o.agent;
  await answerAtOnce(app, agent.id, { autoAddToFunnel: true });
  await owner.trpc.variables.definitions.create.mutate({ name: "numero_pedido", displayName: "Número do pedido", category: "custom", dataType: "string" });
  await owner.trpc.variables.definitions.create.mutate({ name: "plano", displayName: "Plano", category: "custom", dataType: "string", defaultValue: "Básico" });
}, 30_000);
afterAll(() => app.stop());

async function contactOfSession(sessionId: string) {
  const [conv] = await app.deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactKey, sessionId));
  const [link] = await app.deps.db.select().from(conversationContacts).where(eq(conversationContacts.conversationId, conv?.id ?? ""));
  const [contact] = link ? await app.deps.db.select().from(contacts).where(eq(contacts.id, link.contactId)) : [];
  return { conversationId: conv?.id ?? "", contact };
}

describe("[offline] a web visitor", () => {
  test("who says nothing about themselves is no contact; the greeting falls back to defaults", async () => {
    const hi = await chat(app, agent.id, { message: "Oi", sessionId: "off-anon" });
    expect(hi.body.response).toMatch(/^(Bom dia|Boa tarde|Boa noite)! Sou Bia\. Seu plano: Básico\.$/);
    await chat(app, agent.id, { message: "Qual o horário?", sessionId: "off-anon" });
    expect((await contactOfSession("off-anon")).contact).toBeUndefined();
  });

  test("who leaves name and e-mail becomes a web_chat contact with a deal; values are pattern extractions", async () => {
    const res = await chat(app, agent.id, { message: "Boa tarde! Meu nome é Ana Souza, meu e-mail é ana@exemplo.com.br. Pedido nº 4321", sessionId: "off-ana" });
    expect(res.status).toBe(200);
    const { contact, conversationId } = await contactOfSession("off-ana");
    expect(contact).toMatchObject({ name: "Ana Souza", email: "ana@exemplo.com.br", source: "web_chat" });
    expect(await app.deps.db.select({ id: deals.id }).from(deals).where(eq(deals.contactId, contact?.id ?? ""))).toHaveLength(1);
    const history = await app.deps.db.select().from(variableExtractions).where(eq(variableExtractions.conversationId, conversationId));
    expect(history.map((h) => [h.variableName, h.method, h.confidenceScore, h.applied]).sort()).toEqual([
      ["email", "pattern", PATTERN_CONFIDENCE, true],
      ["nome", "pattern", PATTERN_CONFIDENCE, true],
      ["numero_pedido", "pattern", PATTERN_CONFIDENCE, true],
    ]);
    const [conv] = await app.deps.db.select({ clientName: conversations.clientName }).from(conversations).where(eq(conversations.id, conversationId));
    expect(conv?.clientName).toBe("Ana Souza");
    // The greeting now knows her.
    const hi = await chat(app, agent.id, { message: "Oi", sessionId: "off-ana" });
    expect(hi.body.response).toMatch(/^(Bom dia|Boa tarde|Boa noite), Ana Souza! Sou Bia\. Seu plano: Básico\.$/);
  });

  test("a manual value is kept; the history records applied=false; a second message does not duplicate the contact or deal", async () => {
    const { contact, conversationId } = await contactOfSession("off-ana");
    const contactId = contact?.id ?? "";
    expect((await owner.trpc.variables.contact.set.mutate({ contactId, variableName: "nome", value: "Ana Souza Lima" })).ok).toBe(true);
    await chat(app, agent.id, { message: "me chamo Aninha, CEP 01310-100", sessionId: "off-ana" });
    const [after] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect([after?.name, after?.zipCode]).toEqual(["Ana Souza Lima", "01310-100"]);
    const kept = await app.deps.db
      .select()
      .from(variableExtractions)
      .where(and(eq(variableExtractions.conversationId, conversationId), eq(variableExtractions.value, "Aninha")));
    expect(kept.map((k) => [k.variableName, k.applied])).toEqual([["nome", false]]);
    const all = await app.deps.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, "ana@exemplo.com.br"));
    expect(all).toHaveLength(1);
    expect(await app.deps.db.select({ id: deals.id }).from(deals).where(eq(deals.contactId, contactId))).toHaveLength(1);
  });

  test("the same person from a second browser session is matched by e-mail, not duplicated", async () => {
    await chat(app, agent.id, { message: "Oi, sou a Ana, ana@exemplo.com.br", sessionId: "off-ana-2" });
    const { contact } = await contactOfSession("off-ana-2");
    const first = await contactOfSession("off-ana");
    expect(contact?.id).toBe(first.contact?.id ?? "");
  });
});
