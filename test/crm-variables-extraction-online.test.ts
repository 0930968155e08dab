/**
 * Extraction with a model (issue 14): the fake OpenAI server calls salvar_dados_cliente in a real
 * public-chat turn; the values land on the conversation's contact (a web visitor becomes one, with
 * a deal under autoAddToFunnel), a manual value is never overwritten (history applied=false) and
 * the model is told which were kept. Messages with nothing to tell get no tool (they stream).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactIdentities, contacts, conversationContacts, conversations, deals, variableExtractions } from "../db/schema";
import { SAVE_CUSTOMER_DATA_TOOL } from "../src/integrations/crm-variables/provider";
import { startFakeOpenAi } from "./fakes/openai";
import { answerAtOnce, chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, toolMessages, turnRequests } from "./helpers/tool-turns";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let o: Awaited<ReturnType<typeof fundedOwner>>;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  o = await fundedOwner(app);
  await answerAtOnce(app, o.agent.id, { autoAddToFunnel: true });
}, 30_000);
afterAll(async () => {
  await app.stop();
  fake.stop();
});

/** The properties of salvar_dados_cliente as offered in a request ({} when it was not offered). */
const toolProps = (b: Parameters<typeof offered>[0]) =>
  ((offered(b).find((t) => t.name === SAVE_CUSTOMER_DATA_TOOL)?.parameters ?? {}) as { properties?: Record<string, unknown> }).properties ?? {};

async function contactOfSession(sessionId: string) {
  const [conv] = await app.deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactKey, sessionId));
  const [link] = await app.deps.db.select().from(conversationContacts).where(eq(conversationContacts.conversationId, conv?.id ?? ""));
  const [contact] = link ? await app.deps.db.select().from(contacts).where(eq(contacts.id, link.contactId)) : [];
  return { conversationId: conv?.id ?? "", contact };
}

describe("[online] salvar_dados_cliente", () => {
  test("a web visitor who tells name, e-mail and company becomes a contact with a deal; values are extracted by the model", async () => {
    const requests = turnRequests(fake);
    modelCalls(fake, SAVE_CUSTOMER_DATA_TOOL, { nome: "Rui Costa", email: "RUI@exemplo.com.br", empresa: "Costa & Filhos" });
    const res = await chat(app, o.agent.id, { message: "Oi! Meu nome é Rui Costa, rui@exemplo.com.br, trabalho na Costa & Filhos", sessionId: "web-rui" });
    expect(res.status).toBe(200);
    expect(Object.keys(toolProps(requests()[0]))).toEqual(expect.arrayContaining(["nome", "email", "telefone", "empresa", "cep"]));
    expect(JSON.parse(toolMessages(requests()[1])[0] ?? "{}")).toEqual({ salvo: expect.arrayContaining(["nome", "email", "empresa"]) });

    const { contact, conversationId } = await contactOfSession("web-rui");
    expect(contact).toMatchObject({ name: "Rui Costa", email: "rui@exemplo.com.br", companyName: "Costa & Filhos", source: "web_chat" });
    const identity = await app.deps.db.select().from(contactIdentities).where(eq(contactIdentities.contactId, contact?.id ?? ""));
    expect(identity.map((i) => [i.channel, i.externalId])).toEqual([["web_chat", "web-rui"]]);
    const open = await app.deps.db.select().from(deals).where(eq(deals.contactId, contact?.id ?? ""));
    expect(open).toHaveLength(1);
    const history = await app.deps.db.select().from(variableExtractions).where(eq(variableExtractions.conversationId, conversationId));
    expect(history.map((h) => [h.variableName, h.method, h.confidenceScore, h.applied]).sort()).toEqual([
      ["email", "llm", 0.9, true],
      ["empresa", "llm", 0.9, true],
      ["nome", "llm", 0.9, true],
    ]);
  });

  test("a value a person typed is kept: the model hears it was kept and the history says applied=false", async () => {
    const { contact, conversationId } = await contactOfSession("web-rui");
    const contactId = contact?.id ?? "";
    expect((await o.client.trpc.variables.contact.set.mutate({ contactId, variableName: "nome", value: "Rui Costa Filho" })).ok).toBe(true);
    const requests = turnRequests(fake);
    modelCalls(fake, SAVE_CUSTOMER_DATA_TOOL, { nome: "Ruizinho", cidade: "Recife", confianca: 0.8 });
    await chat(app, o.agent.id, { message: "Pode me chamar de Ruizinho, moro em Recife", sessionId: "web-rui" });
    const result = JSON.parse(toolMessages(requests()[1])[0] ?? "{}") as { salvo: string[]; mantidos?: string[] };
    expect(result.salvo).toEqual(["cidade"]);
    expect(result.mantidos).toEqual(["nome"]);
    const [after] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contactId));
    expect([after?.name, after?.city]).toEqual(["Rui Costa Filho", "Recife"]);
    const kept = await app.deps.db
      .select()
      .from(variableExtractions)
      .where(and(eq(variableExtractions.conversationId, conversationId), eq(variableExtractions.variableName, "nome"), eq(variableExtractions.value, "Ruizinho")));
    expect(kept.map((k) => [k.applied, k.confidenceScore])).toEqual([[false, 0.8]]);
    const list = await o.client.trpc.variables.contact.list.query({ contactId });
    expect(list.data.find((v) => v.variableName === "nome")).toMatchObject({ value: "Rui Costa Filho", source: "manual" });
    expect(list.data.find((v) => v.variableName === "cidade")).toMatchObject({ value: "Recife", source: "extracted", confidenceScore: 0.8 });
  });

  test("the workspace's extractable custom variables are offered; a non-extractable one is not", async () => {
    await o.client.trpc.variables.definitions.create.mutate({ name: "numero_pedido", displayName: "Número do pedido", category: "custom", dataType: "string" });
    await o.client.trpc.variables.definitions.create.mutate({ name: "nota_interna", displayName: "Nota interna", category: "custom", dataType: "string", extractable: false });
    const requests = turnRequests(fake);
    modelCalls(fake, SAVE_CUSTOMER_DATA_TOOL, { numero_pedido: "98765", nota_interna: "vip" });
    await chat(app, o.agent.id, { message: "Sobre o pedido 98765, já saiu?", sessionId: "web-rui" });
    const props = toolProps(requests()[0]);
    expect(Object.keys(props)).toContain("numero_pedido");
    expect(Object.keys(props)).not.toContain("nota_interna");
    const { contact } = await contactOfSession("web-rui");
    const list = await o.client.trpc.variables.contact.list.query({ contactId: contact?.id ?? "" });
    expect(list.data.find((v) => v.variableName === "numero_pedido")).toMatchObject({ value: "98765", source: "extracted" });
    expect(list.data.some((v) => v.variableName === "nota_interna")).toBe(false);
  });

  test("a message with nothing to tell is not offered the tool, and creates no contact", async () => {
    const requests = turnRequests(fake);
    fake.settings.reply = () => ({ content: "Abrimos às 9h." });
    await chat(app, o.agent.id, { message: "Qual o horário de vocês?", sessionId: "web-nada" });
    expect(offered(requests()[0]).some((t) => t.name === SAVE_CUSTOMER_DATA_TOOL)).toBe(false);
    expect((await contactOfSession("web-nada")).contact).toBeUndefined();
  });
});
