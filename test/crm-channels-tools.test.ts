/**
 * The agent works the built-in CRM through model tool calls (fake OpenAI): registrar_lead,
 * atualizar_contato (a person's value is kept), mover_negocio (the history says the agent),
 * criar_atividade; and the intents' internal tool `crm`. Offered only to agents that work the funnel.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { contactVariables, contacts, conversationContacts, dealActivities, variableExtractions } from "../db/schema";
import { withTransaction } from "../src/services/context";
import { recordManualContactFields } from "../src/services/crm/contact-values";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { contactOfCustomer, dealsOfContact, whatsAppCloudSay } from "./helpers/crm-channels";
import { offered, toolMessages } from "./helpers/tool-turns";
import { eventually } from "./helpers/training";

const WA = { appSecret: "segredo-crm-tools", phoneNumberId: "777000222" };
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
let cloudId = "";

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  owner = await ownerWithAgent(app);
  await setWallet(app, owner.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, owner.agent.id, { autoAddToFunnel: true });
  graph.addPhoneNumber(WA.phoneNumberId, { accessToken: "EAAG-crm-tools" });
  const wa = await owner.client.trpc.channels.connectWhatsApp.mutate({
    agentId: owner.agent.id,
    config: { accessToken: "EAAG-crm-tools", appSecret: WA.appSecret, phoneNumberId: WA.phoneNumberId, businessAccountId: "waba-tools", webhookVerifyToken: "tools-123" },
  });
  if (!wa.ok) throw new Error(JSON.stringify(wa.error));
  cloudId = String(wa.data.id);
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

type Call = { name: string; args: Record<string, unknown> };
/** The model makes these calls in order, one per request, then answers with every result. */
function script(calls: Call[]) {
  openai.settings.reply = (b: ChatBody) => {
    const results = toolMessages(b);
    const next = calls[results.length];
    return next ? { toolCalls: [{ name: next.name, arguments: JSON.stringify(next.args) }] } : { content: `Resultado: ${results.join(" | ")}` };
  };
}
const names = (b: ChatBody | undefined) => offered(b).map((t) => t.name);
/** The WhatsApp reply to `to` that carries the tool results. */
const replyTo = (to: string) => eventually(async () => graph.sends.map((s) => JSON.stringify(s.body)).find((s) => s.includes(to) && s.includes("Resultado:")));

describe("model tools", () => {
  test("registrar_lead from the public chat creates the contact, links the conversation and opens a deal in 'Novo lead'", async () => {
    script([{ name: "registrar_lead", args: { nome: "Iara Costa", email: "IARA@exemplo.com.br", telefone: "(31) 97777-1212", empresa: "Costa Ltda", observacao: "Quer o plano anual" } }]);
    const from = openai.chatRequests().length;
    const res = await chat(app, owner.agent.id, { message: "Quero o plano anual" });
    expect(names(openai.chatRequests()[from])).toEqual(expect.arrayContaining(["registrar_lead", "atualizar_contato", "mover_negocio", "criar_atividade"]));
    expect(res.body.response).toContain("Contato cadastrado no CRM.");
    expect(res.body.response).toContain("Negócio aberto no funil de vendas");
    const [c] = await app.deps.db.select().from(contacts).where(and(eq(contacts.workspaceId, owner.workspaceId), eq(contacts.email, "iara@exemplo.com.br")));
    expect(c).toMatchObject({ name: "Iara Costa", phone: "+5531977771212", companyName: "Costa Ltda", source: "web_chat" });
    const links = await app.deps.db.select().from(conversationContacts).where(eq(conversationContacts.contactId, String(c?.id)));
    expect(links).toHaveLength(1);
    const [deal, ...more] = await dealsOfContact(app, String(c?.id));
    expect(more).toEqual([]);
    expect(deal).toMatchObject({ stage: "Novo lead", title: "Iara Costa", notes: "Quer o plano anual", agentId: owner.agent.id, conversationId: links[0]?.conversationId });
    expect(deal?.history.map((h) => h.actorType)).toEqual(["agent"]);
  });

  test("atualizar_contato keeps a value a person typed; mover_negocio moves the deal and the history says the agent; criar_atividade schedules on the deal", async () => {
    const phone = "5531977003030";
    script([]);
    await whatsAppCloudSay(app, WA, phone, "Oi", { name: "Olga Prado" });
    const { contact } = await eventually(() => contactOfCustomer(app, cloudId, phone));
    await replyTo(phone);
    // A person on the team typed the company by hand.
    await withTransaction(app.deps.db, async (tx) => {
      await recordManualContactFields(tx, owner.workspaceId, contact.id, { companyName: "Prado & Filhos" });
      await tx.update(contacts).set({ companyName: "Prado & Filhos" }).where(eq(contacts.id, contact.id));
    });
    script([
      { name: "atualizar_contato", args: { empresa: "Outra Empresa", cidade: "Belo Horizonte", outras: { numero_pedido: "A-123" } } },
      { name: "mover_negocio", args: { etapa: "proposta", observacao: "Pediu a proposta por escrito" } },
      { name: "criar_atividade", args: { tipo: "ligação", assunto: "Ligar para apresentar a proposta", quando: "2030-01-10T14:00" } },
    ]);
    await whatsAppCloudSay(app, WA, phone, "Sou de BH, pedido A-123, manda a proposta", { name: "Olga Prado" });
    const reply = await eventually(async () => graph.sends.map((s) => JSON.stringify(s.body)).find((s) => s.includes(phone) && s.includes("criada")));
    expect(reply).toContain("mantidos");
    expect(reply).toContain("movido de Novo lead para Proposta");
    const [after] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect([after?.companyName, after?.city]).toEqual(["Prado & Filhos", "Belo Horizonte"]);
    const vars = await app.deps.db.select().from(contactVariables).where(eq(contactVariables.contactId, contact.id));
    expect(vars.find((v) => v.variableName === "numero_pedido")).toMatchObject({ value: "A-123", source: "extracted" });
    expect(vars.find((v) => v.variableName === "empresa")).toMatchObject({ value: "Prado & Filhos", source: "manual" });
    const ex = await app.deps.db.select().from(variableExtractions).where(and(eq(variableExtractions.contactId, contact.id), eq(variableExtractions.variableName, "empresa")));
    expect(ex.map((e) => [e.value, e.method, e.applied])).toEqual([["Outra Empresa", "llm", false]]);

    const [deal] = await dealsOfContact(app, contact.id);
    expect(deal?.stage).toBe("Proposta");
    expect(deal?.history.map((h) => [h.actorType, h.agentId, h.notes])).toEqual([
      ["agent", owner.agent.id, null],
      ["agent", owner.agent.id, "Pediu a proposta por escrito"],
    ]);
    const acts = await app.deps.db.select().from(dealActivities).where(eq(dealActivities.contactId, contact.id));
    expect(acts.map((a) => [a.type, a.subject, a.dealId, a.agentId, a.status, a.scheduledAt])).toEqual([
      ["call", "Ligar para apresentar a proposta", String(deal?.id), owner.agent.id, "pending", Date.UTC(2030, 0, 10, 17, 0)],
    ]);
  });

  test("a stage that does not exist is refused in pt-BR with the stage names, and nothing moves", async () => {
    const phone = "5531977004040";
    script([]);
    await whatsAppCloudSay(app, WA, phone, "Oi", { name: "Paulo Reis" });
    const { contact } = await eventually(() => contactOfCustomer(app, cloudId, phone));
    await replyTo(phone);
    script([{ name: "mover_negocio", args: { etapa: "Fechado" } }]);
    await whatsAppCloudSay(app, WA, phone, "Fechado!", { name: "Paulo Reis" });
    const reply = await eventually(async () => graph.sends.filter((s) => s.body.to === phone).map((s) => String((s.body.text as { body?: string } | undefined)?.body)).find((t) => t.includes("não existe")));
    expect(reply).toContain('A etapa \\"Fechado\\" não existe no funil \\"Funil de vendas\\". Etapas: Novo lead, Qualificado, Proposta, Negociação, Ganho, Perdido.');
    const [deal] = await dealsOfContact(app, contact.id);
    expect([deal?.stage, deal?.history.length]).toEqual(["Novo lead", 1]);
  });
});

describe("when the tools are offered", () => {
  test("auto-add off and no crm intent: none; a crm intent: offered, and the intent registers the lead on the built-in CRM", async () => {
    const o = await ownerWithAgent(app);
    await setWallet(app, o.workspaceId, { regular: 100_000 });
    openai.settings.reply = () => ({ content: "ok" });
    const from = openai.chatRequests().length;
    await chat(app, o.agent.id, { message: "oi" });
    expect(names(openai.chatRequests()[from]).filter((n) => ["registrar_lead", "atualizar_contato", "mover_negocio", "criar_atividade"].includes(n))).toEqual([]);

    const created = await o.client.trpc.agents.intents.create.mutate({
      agentId: o.agent.id,
      intent: {
        name: "Quero ser contatado",
        description: "O cliente pede que a equipe entre em contato",
        examples: ["me liguem"],
        parameters: [
          { name: "Nome", type: "text", required: true, description: "Nome do cliente" },
          { name: "email_contato", type: "email", required: true, description: "E-mail" },
          { name: "cidade", type: "text", required: false, description: "Cidade" },
        ],
        action: { type: "internal_tool", internalTool: "crm" },
      },
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const req = openai.chatRequests().length;
    openai.settings.reply = (b: ChatBody) => {
      const results = toolMessages(b);
      const intentTool = names(b).find((n) => !["registrar_lead", "atualizar_contato", "mover_negocio", "criar_atividade"].includes(n)) ?? "";
      return results.length ? { content: `Resultado: ${results.join(" | ")}` } : { toolCalls: [{ name: intentTool, arguments: JSON.stringify({ Nome: "Quênia Dias", email_contato: "quenia@exemplo.com.br", cidade: "Natal" }) }] };
    };
    const res = await chat(app, o.agent.id, { message: "me liguem, sou a Quênia" });
    expect(names(openai.chatRequests()[req])).toEqual(expect.arrayContaining(["registrar_lead", "atualizar_contato"]));
    expect(res.body.response).toContain("Contato cadastrado no CRM.");
    const [c] = await app.deps.db.select().from(contacts).where(and(eq(contacts.workspaceId, o.workspaceId), eq(contacts.email, "quenia@exemplo.com.br")));
    expect([c?.name, c?.city]).toEqual(["Quênia Dias", "Natal"]);
    expect((await dealsOfContact(app, String(c?.id))).map((d) => d.stage)).toEqual(["Novo lead"]);
  });
});
