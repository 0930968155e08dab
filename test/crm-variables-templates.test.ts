/**
 * `{{variavel}}` templates (issue 14): the pure renderer (defaults, no code, spacing), the public
 * chat's greeting, the greeting in the model's prompt (the customer's data stays out of it) and a
 * WhatsApp follow-up rendered with the conversation's contact at send time.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { conversations } from "../db/schema";
import { dateTimeValues, renderTemplate, templateNames } from "../src/schemas/crm/template";
import { withTransaction } from "../src/services/context";
import { noteConversationContact } from "../src/services/crm/contact-match";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { type AgentRow, answerAtOnce, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { eventually } from "./helpers/training";

describe("renderTemplate (pure)", () => {
  test("values, spaces inside braces, defaults, then nothing; unknown text kept as written", () => {
    expect(renderTemplate("Olá {{nome}}, seu pedido {{ numero_pedido }} saiu.", { nome: "Ana", numero_pedido: "123" })).toBe("Olá Ana, seu pedido 123 saiu.");
    expect(renderTemplate("Plano {{plano}}", {}, { plano: "Básico" })).toBe("Plano Básico");
    expect(renderTemplate("Plano {{plano}}", { plano: "" }, { plano: "Básico" })).toBe("Plano Básico");
    expect(renderTemplate("Olá, {{nome}}! Tudo bem?", {}, {})).toBe("Olá! Tudo bem?");
    expect(renderTemplate("Preço: {{ preço }} e {single} {{}}", { nome: "x" })).toBe("Preço: {{ preço }} e {single} {{}}");
    expect(templateNames("{{nome}} {{ NOME }} {{cep}}")).toEqual(["nome", "cep"]);
  });

  test("no code runs and a value is never rendered again", () => {
    expect(renderTemplate("{{constructor}}{{__proto__}} {{toString}}", {})).toBe("");
    expect(renderTemplate("Oi {{nome}}", { nome: "{{agente}}" }, { agente: "X" })).toBe("Oi {\u200b{agente}}");
    const code = "$" + "{process.exit()}";
    expect(renderTemplate(`${code} {{nome}}`, { nome: "Ana" })).toBe(`${code} Ana`);
  });

  test("date, time, weekday and greeting in São Paulo time", () => {
    // 2024-03-04 14:05 UTC is 11:05 of a Monday in São Paulo (UTC−3).
    expect(dateTimeValues(new Date(Date.UTC(2024, 2, 4, 14, 5)))).toEqual({ data: "04/03/2024", hora: "11:05", dia_semana: "segunda-feira", saudacao: "Bom dia" });
    expect(dateTimeValues(new Date(Date.UTC(2024, 2, 4, 16, 0))).saudacao).toBe("Boa tarde");
    expect(dateTimeValues(new Date(Date.UTC(2024, 2, 5, 1, 30)))).toMatchObject({ data: "04/03/2024", hora: "22:30", saudacao: "Boa noite" });
  });
});

const APP_SECRET = "segredo-variaveis";
const PHONE_ID = "777000222";
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let agent: AgentRow;
let workspaceId: string;
let clock = Date.now();

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, JOBS_WORKER: "false", CHANNEL_BURST_WINDOW_MS: "0" });
  const o = await ownerWithAgent(app, { greetingMessage: "{{saudacao}}, {{nome}}! Eu sou {{agente}}." }, { name: "Léo Vendas", activity: "Vendas" });
  agent = o.agent;
  workspaceId = o.workspaceId;
  await setWallet(app, workspaceId, { regular: 100_000 });
  await answerAtOnce(app, agent.id, {
    followUpSettings: [{ id: "s1", timeout: 10, action: "send_message", message: "{{nome}}, ainda posso ajudar? Plano: {{plano}}", order: 0, transferWhatsappNumber: undefined }],
  });
  await o.client.trpc.variables.definitions.create.mutate({ name: "plano", displayName: "Plano", category: "custom", dataType: "string", defaultValue: "Essencial" });
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-var" });
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: agent.id,
    config: { accessToken: "EAAG-var", appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-var", webhookVerifyToken: "var-123" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  app.deps.now = () => clock;
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

describe("greetings", () => {
  test("the public chat shows the greeting with the agent's name and the default of a missing name", async () => {
    const res = await fetch(`${app.base}/api/v1/public/agents/${agent.id}`);
    const body = (await res.json()) as { data: { greetingMessage: string } };
    expect(body.data.greetingMessage).toMatch(/^(Bom dia|Boa tarde|Boa noite)! Eu sou Léo Vendas\.$/);
  });

  test("the model's prompt holds the greeting with a slot for the customer's name, never their data", async () => {
    const from = openai.chatRequests().length;
    openai.settings.reply = () => ({ content: "Olá!" });
    await chat(app, agent.id, { message: "Oi", sessionId: "tpl-1" });
    const system = String(openai.chatRequests()[from]?.messages[0]?.content);
    expect(system).toMatch(/use: "(Bom dia|Boa tarde|Boa noite), \[nome do cliente\]! Eu sou Léo Vendas\."/);
  });
});

describe("follow-ups", () => {
  test("a WhatsApp follow-up is rendered with the conversation's contact and the workspace default", async () => {
    const customer = "5521977900001";
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-var",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "552100000000", phone_number_id: PHONE_ID },
                contacts: [{ profile: { name: "Bruno" }, wa_id: customer }],
                messages: [{ from: customer, id: "wamid.VAR1", timestamp: String(Math.floor(clock / 1000)), type: "text", text: { body: "Quanto custa?" } }],
              },
            },
          ],
        },
      ],
    });
    openai.settings.reply = () => ({ content: "Custa R$ 10." });
    const signature = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
    expect((await fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body })).status).toBe(200);
    app.jobs.wake();
    const received = () => graph.sends.filter((s) => s.body.to === customer).map((s) => s.body.text?.body);
    await eventually(async () => received().length === 1);
    const conv = await eventually(async () => {
      const [row] = await app.deps.db.select().from(conversations).where(eq(conversations.contactKey, customer));
      return row?.waitingForUser ? row : null;
    });
    // Linked like the inbound path does (idempotent: the same contact if it is already there).
    await withTransaction(app.deps.db, (tx) =>
      noteConversationContact(tx, { workspaceId, conversationId: conv.id, agentId: agent.id, name: "Bruno Lima", phone: customer, channel: "whatsapp_cloud", externalId: customer, source: "whatsapp_cloud", autoAddToFunnel: false }),
    );
    clock += 10 * 60_000 + 1000;
    app.jobs.wake();
    await eventually(async () => received().length === 2);
    expect(received()[1]).toMatch(/^Bruno( Lima)?, ainda posso ajudar\? Plano: Essencial$/);
  });
});
