/**
 * Intent execution (issue 6): intents created through tRPC become tools of the real chat turn
 * (fake OpenAI decides the calls), webhooks hit a loopback receiver through safeFetch, and the
 * offline matcher answers without a model key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agents, conversations, mailOutbox, messages } from "../db/schema";
import { offlineIntentReply } from "../src/integrations/intents/offline";
import { parametersSchema, toolNameFor } from "../src/integrations/intents/shape";
import { settleBackgroundWebhooks } from "../src/integrations/intents/webhook";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import type { AgentRow as RuntimeAgent } from "../src/runtime/prompt";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { startWebhookReceiver } from "./fakes/webhook-receiver";
import { must } from "./helpers/client";
import type { Inputs } from "./helpers/trpc-proxy";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";

const ERROR_MESSAGE = "Tivemos um problema técnico, tente de novo em instantes.";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let outside: Awaited<ReturnType<typeof startWebhookReceiver>>;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  hooks = await startWebhookReceiver();
  // A second loopback server that is NOT allow-listed: stands for a private address.
  outside = await startWebhookReceiver();
  setSafeFetchTestAllowlist([hooks.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  await settleBackgroundWebhooks();
  setSafeFetchTestAllowlist(null);
  await app.stop();
  fake.stop();
  hooks.stop();
  outside.stop();
});

type IntentSpec = Inputs["agents"]["intents"]["create"]["intent"];
type WebhookConfig = Extract<IntentSpec["action"], { type: "webhook" }>["webhook"];
const intent = (name: string, action: IntentSpec["action"], extra: Partial<IntentSpec> = {}): IntentSpec => ({
  name,
  description: `Quando o cliente pede: ${name}`,
  examples: [`quero ${name}`],
  action,
  ...extra,
});
const webhook = (path: string, cfg: Partial<WebhookConfig> = {}): IntentSpec["action"] => ({ type: "webhook", webhook: { url: hooks.url(path), retries: 0, ...cfg } });

/** A fresh owner + agent (with credits and a custom error message) and its intents, created through tRPC. */
async function agentWith(intents: IntentSpec[]) {
  const o = await ownerWithAgent(app, { enableCustomErrorResponses: true, errorResponseMessage: ERROR_MESSAGE });
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  for (const spec of intents) {
    const res = await o.client.trpc.agents.intents.create.mutate({ agentId: o.agent.id, intent: spec });
    if (!res.ok) throw new Error(`intent create failed: ${JSON.stringify(res.error)}`);
  }
  return o;
}

const toolMessages = (b: ChatBody) => b.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
const toolNames = (b: ChatBody | undefined) => ((b?.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);

/** The model calls `name` once, then answers "Resultado: <tool message>". */
function modelCalls(name: string, args: Record<string, unknown> = {}) {
  fake.settings.reply = (b) => {
    const results = toolMessages(b);
    if (results.length) return { content: `Resultado: ${results.join(" | ")}` };
    return b.tools ? { toolCalls: [{ name, arguments: JSON.stringify(args) }] } : { content: "sem ferramentas" };
  };
}

/** The chat requests of the turn that starts now. */
function turnRequests() {
  const from = fake.chatRequests().length;
  return () => fake.chatRequests().slice(from);
}

async function storedReply(agentId: string) {
  const [conv] = await app.deps.db.select().from(conversations).where(eq(conversations.agentId, agentId));
  if (!conv) throw new Error("no conversation stored");
  const [msg] = await app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conv.id), eq(messages.senderType, "agent")));
  return { conversationId: conv.id, metadata: (msg?.metadata ?? {}) as { tools?: Record<string, unknown>[] } };
}

describe("[intents] shape", () => {
  test("tool names are sanitized, unique and at most 64 characters", () => {
    const taken = new Set<string>();
    expect(toolNameFor("Consultar Pedido (2ª via)", taken)).toBe("Consultar_Pedido_2a_via");
    expect(toolNameFor("Consultar Pedido 2ª via!", taken)).toBe("Consultar_Pedido_2a_via_2");
    expect(toolNameFor("Horário ção", taken)).toBe("Horario_cao");
    expect(toolNameFor("???", taken)).toBe("intencao");
    const long = toolNameFor("x".repeat(100), taken);
    expect(long).toHaveLength(64);
    expect(toolNameFor("x".repeat(100), taken)).toMatch(/^x{62}_2$/);
  });

  test("parameter types map to JSON Schema, required ones listed", () => {
    const schema = parametersSchema([
      { name: "nome", type: "text", required: true, examples: ["Ana"], description: "Nome do cliente" },
      { name: "email", type: "email", required: false, examples: [] },
      { name: "telefone", type: "phone", required: false, examples: [] },
      { name: "dia", type: "date", required: true, examples: [] },
      { name: "qtd", type: "number", required: false, examples: [] },
      { name: "urgente", type: "boolean", required: false, examples: [] },
      { name: "itens", type: "list", required: false, examples: [] },
    ]);
    expect(schema).toMatchObject({
      type: "object",
      required: ["nome", "dia"],
      properties: {
        nome: { type: "string", description: "Nome do cliente", examples: ["Ana"] },
        email: { type: "string", format: "email" },
        telefone: { type: "string" },
        dia: { type: "string", format: "date" },
        qtd: { type: "number" },
        urgente: { type: "boolean" },
        itens: { type: "array", items: { type: "string" } },
      },
    });
  });
});

describe("[intents] tools in the chat turn", () => {
  test("simple_response: offered with description, examples and schema; its text (placeholders filled) is the reply", async () => {
    const o = await agentWith([
      intent("Horário especial", { type: "simple_response", simpleResponse: "Sim! No dia {dia} abrimos às 9h." }, {
        examples: ["Vocês abrem no feriado?", "Abre dia 25?"],
        parameters: [{ name: "dia", type: "date", required: true }],
      }),
    ]);
    const requests = turnRequests();
    modelCalls("Horario_especial", { dia: "2025-12-25" });
    const res = await chat(app, o.agent.id, { message: "Vocês abrem dia 25?" });
    expect(res.body.response).toBe("Sim! No dia 2025-12-25 abrimos às 9h.");
    // The reply ends the turn: the model is not asked again.
    expect(requests()).toHaveLength(1);
    const tool = ((requests()[0]?.tools ?? []) as { function: { name: string; description: string; parameters: unknown } }[])[0]?.function;
    expect(tool?.name).toBe("Horario_especial");
    expect(tool?.description).toContain("Vocês abrem no feriado?");
    expect(tool?.parameters).toMatchObject({ required: ["dia"], properties: { dia: { type: "string", format: "date" } } });
  });

  test("webhook: called with the arguments and user data; its answer reaches the model; the call is stored in the message metadata", async () => {
    hooks.on("/pedido", { json: { status: "enviado", previsao: "amanhã" } });
    const o = await agentWith([
      intent("Consultar pedido", webhook("/pedido", { headers: { "x-api-key": "segredo-123" }, sendUserData: true }), {
        parameters: [{ name: "numero", type: "text", required: true }],
      }),
    ]);
    const requests = turnRequests();
    modelCalls("Consultar_pedido", { numero: "123" });
    const res = await chat(app, o.agent.id, { message: "Cadê meu pedido 123?" });
    expect(res.body.response).toBe('Resultado: {"status":"enviado","previsao":"amanhã"}');
    expect(toolMessages(requests()[1] as ChatBody)).toEqual(['{"status":"enviado","previsao":"amanhã"}']);

    const [call] = hooks.hits("/pedido");
    const stored = await storedReply(o.agent.id);
    expect(call?.method).toBe("POST");
    expect(call?.headers["x-api-key"]).toBe("segredo-123");
    expect(call?.body).toEqual({ numero: "123", conversationId: stored.conversationId, channel: "web", customer: { name: null, phone: null, email: null } });
    expect(stored.metadata.tools).toHaveLength(1);
    expect(stored.metadata.tools?.[0]).toMatchObject({ name: "Consultar_pedido", arguments: { numero: "123" }, result: { status: "enviado" } });
    expect(typeof stored.metadata.tools?.[0]?.durationMs).toBe("number");
  });

  test("GET webhook: arguments go in the query; sendParameters false sends none; responseTemplate formats the reply from the JSON", async () => {
    hooks.on("/estoque", { json: { produto: { nome: "Bolo de cenoura" }, quantidade: 4 } });
    hooks.on("/ping", { text: "ok" });
    const o = await agentWith([
      intent("Estoque", webhook("/estoque", { method: "GET" }), {
        parameters: [{ name: "produto", type: "text", required: true }],
        responseTemplate: "Temos {quantidade} unidades de {produto.nome}.",
      }),
    ]);
    modelCalls("Estoque", { produto: "bolo" });
    const res = await chat(app, o.agent.id, { message: "Tem bolo?" });
    expect(res.body.response).toBe("Temos 4 unidades de Bolo de cenoura.");
    expect(hooks.hits("/estoque")[0]).toMatchObject({ method: "GET", query: { produto: "bolo" }, body: null });

    const p = await agentWith([intent("Ping", webhook("/ping", { sendParameters: false }), { parameters: [{ name: "x", type: "text" }] })]);
    modelCalls("Ping", { x: "não vai" });
    const pong = await chat(app, p.agent.id, { message: "ping" });
    expect(hooks.hits("/ping")[0]?.body).toEqual({});
    expect(pong.body.response).toBe('Resultado: "ok"');
  });

  test("5xx is retried with backoff until success", async () => {
    hooks.queue("/instavel", { status: 500 }, { status: 503 });
    hooks.on("/instavel", { json: { ok: "finalmente" } });
    const o = await agentWith([intent("Instável", webhook("/instavel", { retries: 3 }))]);
    modelCalls("Instavel");
    const res = await chat(app, o.agent.id, { message: "vai" });
    expect(res.body.response).toBe('Resultado: {"ok":"finalmente"}');
    const hits = hooks.hits("/instavel");
    expect(hits).toHaveLength(3);
    // backoff: the attempts are spaced, not hammered
    expect((hits[2]?.at ?? 0) - (hits[0]?.at ?? 0)).toBeGreaterThanOrEqual(500);
  });

  test("4xx is not retried; the model is told the status and the service's message", async () => {
    hooks.on("/nao-achou", { status: 404, json: { erro: "pedido não encontrado" } });
    const o = await agentWith([intent("Buscar", webhook("/nao-achou", { retries: 3 }))]);
    modelCalls("Buscar");
    const requests = turnRequests();
    const res = await chat(app, o.agent.id, { message: "pedido 999" });
    await Bun.sleep(300);
    expect(hooks.hits("/nao-achou")).toHaveLength(1);
    const told = toolMessages(requests()[1] as ChatBody)[0] ?? "";
    expect(told).toContain("404");
    expect(told).toContain("pedido não encontrado");
    expect(res.body.response).toContain("erro");
  });

  test("a webhook past its timeout ends the turn with the agent's error message, fast", async () => {
    hooks.on("/lento", { delayMs: 4000 });
    const o = await agentWith([intent("Lento", webhook("/lento", { timeout: 1, retries: 2 }))]);
    modelCalls("Lento");
    const started = Date.now();
    const res = await chat(app, o.agent.id, { message: "demora" });
    expect(res.body.response).toBe(ERROR_MESSAGE);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  test("after_response: the reply does not wait for the webhook, which still arrives (with its retries)", async () => {
    hooks.queue("/depois", { status: 500, delayMs: 800 });
    hooks.on("/depois", { delayMs: 800 });
    const o = await agentWith([
      intent("Registrar lead", webhook("/depois", { when: "after_response", retries: 1 }), { parameters: [{ name: "nome", type: "text" }] }),
    ]);
    modelCalls("Registrar_lead", { nome: "Ana" });
    const started = Date.now();
    const res = await chat(app, o.agent.id, { message: "sou a Ana" });
    expect(Date.now() - started).toBeLessThan(700);
    expect(res.body.response).toBe('Resultado: {"agendado":true}');
    const hits = await hooks.waitFor("/depois", 2, 5000);
    expect(hits[1]?.body).toEqual({ nome: "Ana" });
  });

  test("inactive intents are not offered; active ones come in priority order (desc)", async () => {
    const o = await agentWith([
      intent("Baixa", { type: "simple_response", simpleResponse: "b" }, { priority: 2 }),
      intent("Alta", { type: "simple_response", simpleResponse: "a" }, { priority: 9 }),
      intent("Desligada", { type: "simple_response", simpleResponse: "d" }, { priority: 10, isActive: false }),
      intent("Media", { type: "simple_response", simpleResponse: "m" }, { priority: 5 }),
    ]);
    fake.settings.reply = () => ({ content: "ok" });
    const requests = turnRequests();
    await chat(app, o.agent.id, { message: "oi" });
    expect(toolNames(requests()[0])).toEqual(["Alta", "Media", "Baixa"]);
  });

  test("a webhook on a private address (not allow-listed) is refused and never called", async () => {
    const o = await agentWith([intent("Interno", { type: "webhook", webhook: { url: outside.url("/admin"), retries: 2 } })]);
    modelCalls("Interno");
    const requests = turnRequests();
    await chat(app, o.agent.id, { message: "chama" });
    expect(outside.requests).toHaveLength(0);
    expect(toolMessages(requests()[1] as ChatBody)[0]).toContain("Endereço não permitido");
    const stored = await storedReply(o.agent.id);
    expect(String(stored.metadata.tools?.[0]?.error)).toContain("Endereço não permitido");
  });

  test("on_error webhooks are not tools: they are called when another intent's webhook fails", async () => {
    hooks.on("/quebrado", { status: 400, json: { erro: "campo faltando" } });
    const o = await agentWith([
      intent("Agendar", webhook("/quebrado"), { parameters: [{ name: "dia", type: "date" }] }),
      intent("Alerta de erro", webhook("/alerta", { when: "on_error", sendUserData: true })),
    ]);
    modelCalls("Agendar", { dia: "2025-01-02" });
    const requests = turnRequests();
    await chat(app, o.agent.id, { message: "agenda pra mim" });
    expect(toolNames(requests()[0])).toEqual(["Agendar"]);
    const [alert] = await hooks.waitFor("/alerta");
    expect(alert?.body).toMatchObject({ evento: "erro_intencao", intencao: "Agendar", dia: "2025-01-02", channel: "web" });
    expect(String((alert?.body as { erro?: string } | undefined)?.erro)).toContain("400");
  });

  test("internal tools: email reaches the owner; an unconfigured calendar says so", async () => {
    const o = await agentWith([
      intent("Falar com a loja", { type: "internal_tool", internalTool: "email" }, { parameters: [{ name: "recado", type: "text" }] }),
      intent("Marcar horário", { type: "internal_tool", internalTool: "calendar" }),
    ]);
    modelCalls("Falar_com_a_loja", { recado: "Quero orçamento de 50 pães" });
    const res = await chat(app, o.agent.id, { message: "avisa a loja" });
    expect(res.body.response).toBe('Resultado: {"enviado":true}');
    const mails = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, "intent-email"));
    const mine = mails.find((m) => m.toAddress === o.user.email);
    expect(mine?.subject).toContain("Falar com a loja");
    expect(app.deps.secrets.decrypt(mine?.text ?? "")).toContain("Quero orçamento de 50 pães");

    modelCalls("Marcar_horario");
    const cal = await chat(app, o.agent.id, { message: "marca" });
    expect(cal.body.response).toContain("integração ainda não configurada para este agente");
  });
});

describe("[intents] editor test call", () => {
  test("agents.intents.test calls a webhook intent once with sample arguments and shows status and answer", async () => {
    hooks.on("/teste-editor", { json: { recebido: true } });
    hooks.queue("/teste-editor-falha", { status: 500 });
    const o = await agentWith([
      intent("Teste editor", webhook("/teste-editor", { sendUserData: true }), {
        parameters: [{ name: "cidade", type: "text", examples: ["Curitiba"] }, { name: "qtd", type: "number" }],
      }),
      intent("Falha editor", webhook("/teste-editor-falha", { retries: 3 })),
      intent("Só texto", { type: "simple_response", simpleResponse: "oi" }),
    ]);
    const list = await o.client.trpc.agents.intents.list.query({ agentId: o.agent.id });
    const idOf = (name: string) => list.data.find((i) => i.name === name)?.id;

    const ok = await o.client.trpc.agents.intents.test.mutate({ agentId: o.agent.id, id: must(idOf("Teste editor")) });
    expect(ok.data).toMatchObject({ ok: true, status: 200, answer: { recebido: true } });
    expect(hooks.hits("/teste-editor")[0]?.body).toMatchObject({ cidade: "Curitiba", qtd: 1, channel: "teste" });

    const bad = await o.client.trpc.agents.intents.test.mutate({ agentId: o.agent.id, id: must(idOf("Falha editor")) });
    expect(bad.data).toMatchObject({ ok: false, status: 500 });
    // a test is one call: no retries
    expect(hooks.hits("/teste-editor-falha")).toHaveLength(1);

    const notHook = await o.client.trpc.agents.intents.test.mutate({ agentId: o.agent.id, id: must(idOf("Só texto")) });
    expect(notHook.error?.code).toBe("PRECONDITION_FAILED");
  });
});

describe("[intents] offline (no model key)", () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await startTestApp();
  });
  afterAll(() => offline.stop());

  async function offlineAgent(intents: IntentSpec[]) {
    const o = await ownerWithAgent(offline);
    for (const spec of intents) await o.client.trpc.agents.intents.create.mutate({ agentId: o.agent.id, intent: spec });
    const [row] = await offline.deps.db.select().from(agents).where(eq(agents.id, o.agent.id));
    return { ...o, row: row as RuntimeAgent };
  }

  test("a text close to an example answers the simple_response; priority breaks ties; unrelated text gives null", async () => {
    const o = await offlineAgent([
      intent("Horário", { type: "simple_response", simpleResponse: "Abrimos das 8h às 18h." }, { examples: ["Que horas vocês abrem?", "Qual o horário de funcionamento?"], priority: 3 }),
      intent("Horário VIP", { type: "simple_response", simpleResponse: "Horário VIP: 7h." }, { examples: ["Qual o horário de funcionamento?"], priority: 8 }),
      intent("Entrega", { type: "simple_response", simpleResponse: "Entregamos no Centro." }, { examples: ["Vocês fazem entrega?"] }),
    ]);
    expect(await offlineIntentReply(offline.deps, o.row, "que horas voces abrem hoje")).toBe("Abrimos das 8h às 18h.");
    expect(await offlineIntentReply(offline.deps, o.row, "qual é o HORÁRIO de funcionamento")).toBe("Horário VIP: 7h.");
    expect(await offlineIntentReply(offline.deps, o.row, "fazem entregas?")).toBe("Entregamos no Centro.");
    expect(await offlineIntentReply(offline.deps, o.row, "aceitam cartão de crédito?")).toBeNull();
  });

  test("a matched webhook intent is called (no arguments) and answers with its template", async () => {
    hooks.on("/offline-status", { json: { situacao: "aberta" } });
    const o = await offlineAgent([
      intent("Status da loja", webhook("/offline-status", { sendUserData: true }), { examples: ["A loja está aberta agora?"], responseTemplate: "A loja está {situacao}." }),
    ]);
    expect(await offlineIntentReply(offline.deps, o.row, "a loja esta aberta agora?", { toolContext: { channel: "telegram" } })).toBe("A loja está aberta.");
    expect(hooks.hits("/offline-status")[0]?.body).toMatchObject({ channel: "telegram" });
  });

  test("the public chat answers a matching simple_response without a model key", async () => {
    const o = await offlineAgent([intent("Horário", { type: "simple_response", simpleResponse: "Abrimos das 8h às 18h." }, { examples: ["Que horas vocês abrem?"] })]);
    const res = await chat(offline, o.agent.id, { message: "Que horas vocês abrem?" });
    expect(res.body.response).toBe("Abrimos das 8h às 18h.");
    expect(res.body.data?.outcome).toBe("offline");
  });
});
