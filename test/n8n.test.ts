/**
 * n8n workflows (issue 6): the admin's global switch, the agent's server/token/workflows, each
 * workflow as the tool `n8n_<tag>` of the real chat turn (fake OpenAI decides the call, a loopback
 * n8n receives it), "Testar" with the clear pt-BR reasons (404, 403, 5xx, timeout, private address),
 * encrypted token, tenant isolation and permission refusals.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntegrations } from "../db/schema";
import { RETYPE_SECRET } from "../src/integrations/store";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { n8nConfigInput, webhookUrl } from "../src/schemas/n8n";
import { startFakeN8n } from "./fakes/n8n";
import { startFakeOpenAi } from "./fakes/openai";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, toolMessages, turnRequests } from "./helpers/tool-turns";
import { loginAdmin } from "./helpers/factories";
import { joinAs } from "./helpers/inbox";


// Several users, workspaces and chat turns per test: room for a loaded machine.
setDefaultTimeout(30_000);
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let n8n: Awaited<ReturnType<typeof startFakeN8n>>;
/** Not allow-listed: stands for a private address. */
let outside: Awaited<ReturnType<typeof startFakeN8n>>;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  n8n = await startFakeN8n();
  outside = await startFakeN8n();
  setSafeFetchTestAllowlist([n8n.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  n8n.workflow("lead-novo", (body) => Response.json({ ok: true, protocolo: "PRT-42", recebido: (body as { arguments?: unknown }).arguments }));
  n8n.workflow("texto", () => new Response("Pedido registrado no ERP", { headers: { "content-type": "text/plain" } }));
  n8n.workflow("imediato", () => Response.json({ message: "Workflow was started" }));
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  delete process.env.N8N_WEBHOOK_TIMEOUT_MS;
  await app.stop();
  fake.stop();
  n8n.stop();
  outside.stop();
});


const workflows = [
  { tag: "lead", name: "Cadastrar lead", webhookPath: "lead-novo", description: "Cadastra o cliente como lead no CRM quando ele pede contato" },
  { tag: "pedido", name: "Registrar pedido", webhookPath: "/webhook/texto", description: "Registra um pedido confirmado pelo cliente no ERP" },
];
const config = (extra: Record<string, unknown> = {}) => ({ serverUrl: `${n8n.url}/`, authToken: "segredo-n8n", workflows, ...extra });

async function setGlobal(enabled: boolean) {
  const { client: admin } = await loginAdmin(app);
  const res = await admin.trpc.n8n.global.save.mutate({ enabled });
  expect(res.ok).toBe(true);
}

describe("[n8n] contract", () => {
  test("pt-BR messages; duplicate tags; webhook URLs", () => {
    const issue = (v: unknown) => n8nConfigInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ serverUrl: "n8n.local", workflows })).toBe("URL do servidor n8n inválida");
    expect(issue({ serverUrl: n8n.url, workflows: [{ ...workflows[0], tag: "Lead Novo" }] })).toBe("Tag deve conter apenas letras minúsculas, números e sublinhado");
    expect(issue({ serverUrl: n8n.url, workflows: [{ ...workflows[0], description: "curta" }] })).toBe("Descreva quando o agente deve usar este workflow (pelo menos 10 caracteres)");
    expect(issue({ serverUrl: n8n.url, workflows: [{ ...workflows[0], webhookPath: "a b" }] })).toContain("Caminho do webhook inválido");
    expect(issue({ serverUrl: n8n.url, workflows: [workflows[0], { ...workflows[1], tag: "lead" }] })).toBe("Já existe um workflow com esta tag");
    expect(issue({ serverUrl: n8n.url, authHeader: "X Bad", workflows })).toBe("Nome do cabeçalho inválido");
    expect(webhookUrl("https://n8n.loja.com/", "abc")).toBe("https://n8n.loja.com/webhook/abc");
    expect(webhookUrl("https://n8n.loja.com", "/webhook-test/abc")).toBe("https://n8n.loja.com/webhook-test/abc");
  });
});

describe("[n8n] tools in the chat turn", () => {
  test("each workflow is a tool n8n_<tag>; the call posts the conversation data with the token header; the JSON answer reaches the reply", async () => {
    n8n.settings.auth = { header: "X-N8N-Key", value: "segredo-n8n" };
    const o = await fundedOwner(app);
    const saved = await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config() });
    expect(saved.ok).toBe(true);
    expect(saved.data.config).toMatchObject({ hasAuthToken: true, serverUrl: `${n8n.url}/`, connectionType: "webhook" });
    expect(JSON.stringify(saved.data)).not.toContain("segredo-n8n");

    const requests = turnRequests(fake);
    modelCalls(fake, "n8n_lead", { resumo: "Cliente quer contato", dados: { email: "bia@exemplo.com.br" } });
    const from = n8n.requests.length;
    const res = await chat(app, o.agent.id, { message: "Quero que me liguem, sou a Bia" });
    const tools = offered(requests()[0]);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["n8n_lead", "n8n_pedido"]));
    expect(tools.find((t) => t.name === "n8n_lead")?.description).toContain("Cadastra o cliente como lead");
    const [call] = n8n.requests.slice(from);
    expect(call?.method).toBe("POST");
    expect(call?.path).toBe("/webhook/lead-novo");
    expect(call?.headers["x-n8n-key"]).toBe("segredo-n8n");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(call?.body).toMatchObject({
      workflow: { tag: "lead", name: "Cadastrar lead" },
      agent: { id: o.agent.id, name: "Ana Atendente" },
      channel: "web",
      lastMessage: "Quero que me liguem, sou a Bia",
      arguments: { resumo: "Cliente quer contato", dados: { email: "bia@exemplo.com.br" } },
    });
    expect(call?.body).toHaveProperty("conversationId");
    expect(call?.body).toHaveProperty("customer");
    expect(res.body.response).toContain("PRT-42");

    // A text answer is handed back as text.
    modelCalls(fake, "n8n_pedido", { resumo: "Pedido 7" });
    const txt = await chat(app, o.agent.id, { message: "Confirmo o pedido 7" });
    expect(n8n.requests.at(-1)?.path).toBe("/webhook/texto");
    expect(txt.body.response).toContain("Pedido registrado no ERP");
    n8n.settings.auth = null;
  });

  test("a wrong token reaches the model as 'Token do n8n recusado'; a custom auth header name is used", async () => {
    n8n.settings.auth = { header: "Authorization", value: "Bearer certo" };
    const o = await fundedOwner(app);
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ authHeader: "Authorization", authToken: "Bearer errado" }) });
    modelCalls(fake, "n8n_lead", { resumo: "x" });
    const requests = turnRequests(fake);
    await chat(app, o.agent.id, { message: "me liguem por favor" });
    expect(toolMessages(requests()[1])[0]).toContain("Token do n8n recusado");
    expect(n8n.requests.at(-1)?.headers.authorization).toBe("Bearer errado");
    n8n.settings.auth = null;
  });

  test("the admin's global switch off: no n8n tools, the card says so, Testar refuses; on again brings them back", async () => {
    const o = await fundedOwner(app);
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config() });
    const toolsNow = async () => {
      fake.settings.reply = () => ({ content: "ok" });
      const requests = turnRequests(fake);
      await chat(app, o.agent.id, { message: `pergunta ${Date.now()} ${Math.random()}` });
      return offered(requests()[0]).map((t) => t.name);
    };
    expect(await toolsNow()).toContain("n8n_lead");
    await setGlobal(false);
    try {
      expect(await toolsNow()).not.toContain("n8n_lead");
      const card = await o.client.trpc.n8n.get.query({ agentId: o.agent.id });
      expect(card.data.globalEnabled).toBe(false);
      const t = await o.client.trpc.n8n.test.mutate({ agentId: o.agent.id, tag: "lead" });
      expect(t.error?.message).toBe("A integração com o n8n está desativada pelo administrador da plataforma");
    } finally {
      await setGlobal(true);
    }
    expect(await toolsNow()).toContain("n8n_lead");
    // A disabled integration offers nothing either.
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ enabled: false }) });
    expect(await toolsNow()).not.toContain("n8n_lead");
  });
});


describe("[n8n] Testar", () => {
  test("success (JSON, text, started at once) and every refusal in pt-BR; the last result is kept", async () => {
    const o = await fundedOwner(app);
    const wfs = [...workflows, { tag: "inativo", name: "Inativo", webhookPath: "nao-existe", description: "Um workflow que não está ativo no n8n" }, { tag: "ja", name: "Já", webhookPath: "imediato", description: "Responde imediatamente ao ser chamado" }];
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ workflows: wfs }) });
    const run = async (tag: string) => (await o.client.trpc.n8n.test.mutate({ agentId: o.agent.id, tag })).data;

    const ok = await run("lead");
    expect(ok).toMatchObject({ ok: true, status: 200, body: { protocolo: "PRT-42" }, error: null });
    expect(n8n.requests.at(-1)?.body).toMatchObject({ test: true, channel: "teste", arguments: { resumo: "Teste da integração com o n8n" } });
    expect(await run("ja")).toMatchObject({ ok: true, body: { message: "Workflow was started" } });
    expect(await run("pedido")).toMatchObject({ ok: true, body: "Pedido registrado no ERP" });
    expect(await run("inativo")).toMatchObject({ ok: false, status: 404, error: "Workflow não encontrado ou não está ativo no n8n" });

    n8n.settings.auth = { header: "X-N8N-Key", value: "outro" };
    expect(await run("lead")).toMatchObject({ ok: false, status: 403, error: "Token do n8n recusado" });
    n8n.settings.auth = null;
    n8n.settings.failNext = 500;
    expect((await run("lead")).error).toContain("O workflow falhou no n8n (HTTP 500)");

    process.env.N8N_WEBHOOK_TIMEOUT_MS = "300";
    n8n.settings.delayMs = 800;
    try {
      expect((await run("lead")).error).toBe("O n8n não respondeu em 300 ms. Verifique se o workflow termina rápido ou responde de imediato.");
    } finally {
      n8n.settings.delayMs = 0;
      delete process.env.N8N_WEBHOOK_TIMEOUT_MS;
    }
    const card = await o.client.trpc.n8n.get.query({ agentId: o.agent.id });
    expect(card.data.integration).toMatchObject({ testStatus: "failed", testMessage: expect.stringContaining("Cadastrar lead: O n8n não respondeu") });
    const unknown = await o.client.trpc.n8n.test.mutate({ agentId: o.agent.id, tag: "nada" });
    expect(unknown.error?.message).toBe("Workflow não encontrado nesta integração");
  });

  test("a private/loopback server not allow-listed is refused and never called", async () => {
    const o = await fundedOwner(app);
    outside.workflow("lead-novo", () => Response.json({ ok: true }));
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: { serverUrl: outside.url, workflows } });
    const res = await o.client.trpc.n8n.test.mutate({ agentId: o.agent.id, tag: "lead" });
    expect(res.data.error).toContain("Endereço não permitido");
    expect(outside.requests).toHaveLength(0);
  });
});

describe("[n8n] storage, isolation and permissions", () => {
  test("the stored token is never sent to a new server: changing the URL needs the token again", async () => {
    const o = await fundedOwner(app);
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config() });
    const moved = await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ serverUrl: outside.url, authToken: "" }) });
    expect(moved.error?.message).toBe(RETYPE_SECRET);
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, o.agent.id));
    expect(String(row?.config.serverUrl)).toBe(`${n8n.url}/`);
    // The same URL written differently (trailing slash) is not a move.
    expect((await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ serverUrl: n8n.url, authToken: "" }) })).ok).toBe(true);
    expect((await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ serverUrl: outside.url, authToken: "outro-token" }) })).ok).toBe(true);
  });

  test("the token is encrypted at rest and kept when the form leaves it blank", async () => {
    const o = await fundedOwner(app);
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config() });
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, o.agent.id));
    expect(JSON.stringify(row?.config)).not.toContain("segredo-n8n");
    expect(app.deps.secrets.decrypt(String(row?.config.authToken))).toBe("segredo-n8n");
    await o.client.trpc.n8n.save.mutate({ agentId: o.agent.id, config: config({ authToken: "" }) });
    n8n.settings.auth = { header: "X-N8N-Key", value: "segredo-n8n" };
    expect((await o.client.trpc.n8n.test.mutate({ agentId: o.agent.id, tag: "lead" })).data.ok).toBe(true);
    n8n.settings.auth = null;
    expect((await o.client.trpc.n8n.remove.mutate({ agentId: o.agent.id })).ok).toBe(true);
    expect((await o.client.trpc.n8n.get.query({ agentId: o.agent.id })).data.integration).toBeNull();
  });

  test("another workspace gets 404; a member without canEditAgents cannot save or test; only admins touch the global switch", async () => {
    const a = await fundedOwner(app);
    const b = await fundedOwner(app);
    await a.client.trpc.n8n.save.mutate({ agentId: a.agent.id, config: config() });
    const calls = [
      b.client.trpc.n8n.get.query({ agentId: a.agent.id }),
      b.client.trpc.n8n.save.mutate({ agentId: a.agent.id, config: config() }),
      b.client.trpc.n8n.test.mutate({ agentId: a.agent.id, tag: "lead" }),
      b.client.trpc.n8n.remove.mutate({ agentId: a.agent.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.error?.httpStatus).toBe(404);

    const member = await joinAs(app, a.client, "member");
    const readable = await member.client.trpc.n8n.get.query({ agentId: a.agent.id });
    expect(readable.ok).toBe(true);
    for (const res of [
      await member.client.trpc.n8n.save.mutate({ agentId: a.agent.id, config: config() }),
      await member.client.trpc.n8n.test.mutate({ agentId: a.agent.id, tag: "lead" }),
      await member.client.trpc.n8n.remove.mutate({ agentId: a.agent.id }),
    ]) {
      expect(res.error?.httpStatus).toBe(403);
      expect(res.error?.message).toBe("Você não tem permissão para editar agentes neste workspace");
    }
    expect((await a.client.trpc.n8n.global.save.mutate({ enabled: false })).error?.message).toBe("Acesso restrito a administradores");
    expect((await a.client.trpc.n8n.global.get.query()).error?.httpStatus).toBe(403);
    const { client: admin } = await loginAdmin(app);
    expect((await admin.trpc.n8n.global.get.query()).data.enabled).toBe(true);
  });
});
