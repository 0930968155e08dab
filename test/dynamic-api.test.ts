/**
 * Dynamic API (issue 6): discovery from OpenAPI 3 / Swagger 2 (URL or upload, JSON or YAML), every
 * auth type as seen by a loopback shop API, selected endpoints as tools of the real chat turn (fake
 * OpenAI decides the calls), SSRF refusals, SPEC §4 state transitions, encrypted secrets, tenant
 * isolation and the SPEC §5 messages.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntegrations } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { METHOD_MESSAGE, dynamicApiInput, endpointDefinition } from "../src/schemas/dynamic-api";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { openApiDoc, startShopApi, swaggerDoc } from "./fakes/shop-api";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { createApi, discover, listApis, ordersEndpoint, runTest, saveSelection } from "./helpers/dynamic-api";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let shop: Awaited<ReturnType<typeof startShopApi>>;
/** A second loopback API that is NOT allow-listed: stands for a private address. */
let outside: Awaited<ReturnType<typeof startShopApi>>;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  shop = await startShopApi();
  outside = await startShopApi();
  setSafeFetchTestAllowlist([shop.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  fake.stop();
  shop.stop();
  outside.stop();
});

const owner = async () => {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  return o;
};
const toolMessages = (b: ChatBody | undefined) => (b?.messages ?? []).filter((m) => m.role === "tool").map((m) => String(m.content));
type OfferedTool = { function: { name: string; description: string; parameters: Record<string, unknown> } };
const offered = (b: ChatBody | undefined) => ((b?.tools ?? []) as OfferedTool[]).map((t) => t.function);

/** The model calls `name` once with `args`, then answers "Resultado: <tool message>". */
function modelCalls(name: string, args: Record<string, unknown>) {
  fake.settings.reply = (b) => {
    const results = toolMessages(b);
    if (results.length) return { content: `Resultado: ${results.join(" | ")}` };
    return offered(b).some((t) => t.name === name) ? { toolCalls: [{ name, arguments: JSON.stringify(args) }] } : { content: "sem ferramenta" };
  };
}
function turnRequests() {
  const from = fake.chatRequests().length;
  return () => fake.chatRequests().slice(from);
}

describe("[dynamic api] validation (SPEC §5)", () => {
  test("the contract's pt-BR messages, in the schema and through tRPC", async () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(issue(endpointDefinition.safeParse({ ...ordersEndpoint, method: "HEAD" }))).toBe(METHOD_MESSAGE);
    expect(endpointDefinition.parse({ ...ordersEndpoint, method: "post" }).method).toBe("POST");
    expect(issue(endpointDefinition.safeParse({ ...ordersEndpoint, path: " " }))).toBe("Caminho é obrigatório");
    expect(issue(endpointDefinition.safeParse({ ...ordersEndpoint, path: `/${"x".repeat(500)}` }))).toBe("Caminho deve ter no máximo 500 caracteres");
    expect(issue(endpointDefinition.safeParse({ ...ordersEndpoint, name: "pedido!" }))).toBe("Nome deve conter apenas letras, números, hífen, sublinhado e espaço");
    expect(issue(endpointDefinition.safeParse({ ...ordersEndpoint, baseUrl: "ftp://x" }))).toBe("URL base inválida");
    const api = { name: "Loja", baseUrl: shop.url };
    expect(issue(dynamicApiInput.safeParse({ ...api, name: "L" }))).toBe("Nome deve ter pelo menos 2 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, apiUrl: "não é url" }))).toBe("URL da documentação inválida");
    expect(issue(dynamicApiInput.safeParse({ ...api, description: "d".repeat(501) }))).toBe("Descrição deve ter no máximo 500 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, apiKey: "k".repeat(501) }))).toBe("Chave de API deve ter no máximo 500 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, username: "u".repeat(101) }))).toBe("Usuário deve ter no máximo 100 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, password: "p".repeat(101) }))).toBe("Senha deve ter no máximo 100 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, token: "t".repeat(1001) }))).toBe("Token deve ter no máximo 1000 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, customHeaders: "x".repeat(2001) }))).toBe("Cabeçalhos personalizados devem ter no máximo 2000 caracteres");
    expect(issue(dynamicApiInput.safeParse({ ...api, customHeaders: "[1]" }))).toContain("Cabeçalhos personalizados devem ser um JSON");

    const o = await owner();
    const bad = await o.client.trpc.dynamicApi.create.mutate({ agentId: o.agent.id, api: { name: "Loja", baseUrl: "loja" } });
    expect(bad.error?.message).toBe("URL base inválida");
    const noKey = await o.client.trpc.dynamicApi.create.mutate({ agentId: o.agent.id, api: { name: "Loja", baseUrl: shop.url, authType: "api-key" } });
    expect(noKey.error?.message).toBe("Informe a chave de API");
    const created = await createApi(o.client, o.agent.id, { baseUrl: shop.url });
    const manual = await o.client.trpc.dynamicApi.saveEndpoints.mutate({ id: created.id, selected: [], manual: [{ ...ordersEndpoint, method: "TRACE" }] });
    expect(manual.error?.message).toBe(METHOD_MESSAGE);
  });
});

describe("[dynamic api] discovery", () => {
  test("OpenAPI 3 by URL: endpoints, parameters (path-level merged), body schema with $refs inlined; status moves to discovery_completed", async () => {
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url, apiUrl: `${shop.url}/openapi.json` });
    expect(api.status).toBe("not_configured");
    const found = await discover(o.client, { id: api.id });
    expect(found.detectionMethod).toBe("openapi");
    expect(found.suggestedBaseUrl).toBe(shop.url);
    expect(found.endpoints.map((e) => e.key)).toEqual(["GET /orders/{id}", "POST /leads", "GET /products"]);
    const order = found.endpoints[0];
    expect(order?.operationId).toBe("consultarPedido");
    expect(order?.parameters).toEqual([
      { name: "id", in: "path", type: "string", required: true, description: "Número do pedido" },
      { name: "detalhes", in: "query", type: "boolean", required: false, description: "Inclui os itens" },
    ]);
    expect(found.endpoints[1]?.requestBody).toMatchObject({
      required: true,
      schema: { type: "object", required: ["nome", "email"], properties: { email: { format: "email" }, origem: { enum: ["site", "whatsapp"] } } },
    });
    expect((await listApis(o.client, o.agent.id))[0]).toMatchObject({ status: "discovery_completed", config: { detectionMethod: "openapi" } });
  });

  test("discovery_in_progress while the document is being fetched; a failed discovery restores the previous state", async () => {
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url });
    shop.settings.docDelayMs = 400;
    const pending = discover(o.client, { id: api.id, url: `${shop.url}/openapi.json` });
    await Bun.sleep(150);
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("discovery_in_progress");
    shop.settings.docDelayMs = 0;
    await pending;
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("discovery_completed");
    const missing = await o.client.trpc.dynamicApi.discover.mutate({ id: api.id, url: `${shop.url}/nao-existe.json` });
    expect(missing.error?.appCode).toBe("UNAVAILABLE");
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("discovery_completed");
  });

  test("Swagger 2 uploaded as JSON and OpenAPI 3 uploaded as YAML", async () => {
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url });
    const sw = await discover(o.client, { id: api.id, document: JSON.stringify(swaggerDoc(shop.host)) });
    expect(sw.detectionMethod).toBe("swagger");
    expect(sw.suggestedBaseUrl).toBe(`http://${shop.host}`);
    const get = sw.endpoints.find((e) => e.key === "GET /customers/{customerId}");
    expect(get?.parameters[0]).toMatchObject({ name: "customerId", in: "path", type: "integer", required: true });
    expect(sw.endpoints.find((e) => e.key === "POST /customers")?.requestBody).toMatchObject({ required: true, schema: { properties: { phone: { type: "string" } } } });

    const yaml = Bun.YAML.stringify(openApiDoc(shop.url), null, 2);
    expect(yaml.trimStart().startsWith("{")).toBe(false);
    const oa = await discover(o.client, { id: api.id, document: yaml });
    expect(oa.detectionMethod).toBe("openapi");
    expect(oa.endpoints).toHaveLength(3);

    const junk = await o.client.trpc.dynamicApi.discover.mutate({ id: api.id, document: '{"hello": "world"}' });
    expect(junk.error?.message).toBe("Documento não reconhecido: esperado OpenAPI 3 ou Swagger 2");
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("discovery_completed");
  });
});

describe("[dynamic api] auth types", () => {
  /** Creates an API with `auth`, selects GET /orders/{id} by hand, runs the test console; returns the call the shop saw. */
  async function callWith(auth: Record<string, unknown>, expected: typeof shop.settings.auth) {
    const o = await owner();
    shop.settings.auth = expected;
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url, ...auth });
    await saveSelection(o.client, api.id, [], [ordersEndpoint]);
    const from = shop.calls().length;
    const run = await runTest(o.client, api.id, "GET /orders/{id}", { id: "77" });
    return { o, api, run, seen: shop.calls().slice(from) };
  }

  test("api-key (default and custom header), basic, bearer, jwt and custom headers each send the right header", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ authType: "api-key", apiKey: "chave-1" }, "x-api-key", "chave-1"],
      [{ authType: "api-key", apiKey: "chave-2", apiKeyHeader: "X-Loja-Chave" }, "x-loja-chave", "chave-2"],
      [{ authType: "basic", username: "ana", password: "s3nh@" }, "authorization", `Basic ${btoa("ana:s3nh@")}`],
      [{ authType: "bearer", token: "tok-abc" }, "authorization", "Bearer tok-abc"],
      [{ authType: "jwt", token: "eyJhbGciOiJIUzI1NiJ9.e30.sig" }, "authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig"],
      [{ authType: "custom", customHeaders: JSON.stringify({ "X-Tenant": "loja-9", "X-Outro": 1 }) }, "x-tenant", "loja-9"],
    ];
    for (const [auth, header, value] of cases) {
      const { run, seen } = await callWith(auth, { header, value });
      expect({ auth: auth.authType, status: run.status }).toEqual({ auth: auth.authType, status: 200 });
      expect(seen).toHaveLength(1);
      expect(seen[0]?.headers[header]).toBe(value);
      if (auth.authType === "custom") expect(seen[0]?.headers["x-outro"]).toBe("1");
    }
    // The shop really checks: a wrong key is a 401 and the API is marked execution_failed.
    const wrong = await callWith({ authType: "api-key", apiKey: "errada" }, { header: "x-api-key", value: "certa" });
    expect(wrong.run).toMatchObject({ ok: false, status: 401 });
    expect((await listApis(wrong.o.client, wrong.o.agent.id))[0]).toMatchObject({ status: "execution_failed", testStatus: "failed", testMessage: expect.stringContaining("HTTP 401") });
  });

  test("oauth2 client credentials: the token is fetched once and reused until it expires", async () => {
    const oauth = { clientId: "cli-1", clientSecret: "segredo-oauth" };
    shop.settings.tokenTtlS = 3600;
    const auth = { authType: "oauth2", tokenUrl: `${shop.url}/oauth/token`, clientId: oauth.clientId, clientSecret: oauth.clientSecret, scope: "pedidos" };
    const tokensBefore = shop.tokenRequests().length;
    const { o, api, run, seen } = await callWith(auth, { oauth });
    expect(run.status).toBe(200);
    expect(seen[0]?.headers.authorization).toMatch(/^Bearer tok-\d+$/);
    const again = await runTest(o.client, api.id, "GET /orders/{id}", { id: "78" });
    expect(again.status).toBe(200);
    const tokenCalls = shop.tokenRequests().slice(tokensBefore);
    expect(tokenCalls).toHaveLength(1);
    expect(String(tokenCalls[0]?.body)).toContain("grant_type=client_credentials");
    expect(String(tokenCalls[0]?.body)).toContain("scope=pedidos");

    // A token that expires within the safety margin is not reused.
    shop.settings.tokenTtlS = 30;
    const short = await callWith({ ...auth, clientId: oauth.clientId }, { oauth });
    await runTest(short.o.client, short.api.id, "GET /orders/{id}", { id: "79" });
    expect(shop.tokenRequests().length - tokensBefore).toBe(3);
    shop.settings.tokenTtlS = 3600;
  });
});

describe("[dynamic api] tools in the chat turn", () => {
  test("selected endpoints are offered to the model; a call hits the shop with the right URL, query and body; the answer reaches the reply", async () => {
    shop.settings.auth = { header: "x-api-key", value: "k-chat" };
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url, authType: "api-key", apiKey: "k-chat" });
    await discover(o.client, { id: api.id, url: `${shop.url}/openapi.json` });
    const saved = await saveSelection(o.client, api.id, ["GET /orders/{id}", "POST /leads"]);
    expect(saved.status).toBe("configuration_saved");

    const requests = turnRequests();
    modelCalls("consultarPedido", { id: "A 12/3", detalhes: true });
    const from = shop.calls().length;
    const res = await chat(app, o.agent.id, { message: "Cadê meu pedido A 12/3?" });
    const tools = offered(requests()[0]);
    expect(tools.map((t) => t.name)).toEqual(["consultarPedido", "criarLead"]);
    expect(tools[0]?.description).toContain("Consulta um pedido");
    expect(tools[0]?.parameters).toMatchObject({ required: ["id"], properties: { id: { type: "string" }, detalhes: { type: "boolean" } } });
    expect(tools[1]?.parameters).toMatchObject({ required: ["body"], properties: { body: { properties: { nome: { type: "string" } } } } });
    const [call] = shop.calls().slice(from);
    expect(call?.method).toBe("GET");
    expect(call?.path).toBe("/orders/A%2012%2F3");
    expect(call?.query).toEqual({ detalhes: ["true"] });
    expect(res.body.response).toContain("Resultado: ");
    expect(res.body.response).toContain('"status":200');
    expect(res.body.response).toContain('"id":"A 12/3"');
    expect(res.body.response).toContain("CAM-01");

    modelCalls("criarLead", { body: { nome: "Bia", email: "bia@exemplo.com.br" } });
    const lead = await chat(app, o.agent.id, { message: "Quero ser contatada" });
    const post = shop.calls().at(-1);
    expect(post).toMatchObject({ method: "POST", path: "/leads", body: { nome: "Bia", email: "bia@exemplo.com.br" } });
    expect(post?.headers["content-type"]).toBe("application/json");
    expect(lead.body.response).toContain('"status":201');
  });

  test("state transitions: a failed test (500) takes the API's tools away; a passing one brings them back as ready_for_execution", async () => {
    shop.settings.auth = null;
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url });
    const states: string[] = [api.status];
    states.push((await saveSelection(o.client, api.id, [], [ordersEndpoint])).status);
    let n = 0;
    const toolsNow = async () => {
      fake.settings.reply = () => ({ content: "ok" });
      const requests = turnRequests();
      // A distinct question each time: a repeated one would be answered from the semantic cache.
      await chat(app, o.agent.id, { message: `pergunta${++n}x${Date.now()}` });
      return offered(requests()[0]).map((t) => t.name);
    };
    expect(await toolsNow()).toEqual(["consultar_pedido"]);
    shop.failNext(500);
    const failed = await runTest(o.client, api.id, "GET /orders/{id}", { id: "1" });
    expect(failed).toMatchObject({ ok: false, status: 500, body: { erro: "falha simulada" } });
    states.push((await listApis(o.client, o.agent.id))[0]?.status ?? "");
    expect(await toolsNow()).toEqual([]);
    const ok = await runTest(o.client, api.id, "GET /orders/{id}", { id: "1" });
    expect(ok).toMatchObject({ ok: true, status: 200, headers: { "content-type": expect.stringContaining("application/json") } });
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
    states.push((await listApis(o.client, o.agent.id))[0]?.status ?? "");
    expect(states).toEqual(["not_configured", "configuration_saved", "execution_failed", "ready_for_execution"]);
    expect(await toolsNow()).toEqual(["consultar_pedido"]);
    // Disabled APIs offer nothing.
    await o.client.trpc.dynamicApi.update.mutate({ id: api.id, api: { name: "Loja", baseUrl: shop.url, enabled: false } });
    expect(await toolsNow()).toEqual([]);
  });
});

describe("[dynamic api] safety and isolation", () => {
  test("SSRF: a loopback/private base URL not allow-listed is refused for discovery, the test console and the chat tool", async () => {
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: outside.url });
    const disc = await o.client.trpc.dynamicApi.discover.mutate({ id: api.id, url: `${outside.url}/openapi.json` });
    expect(disc.error?.message).toContain("Endereço não permitido");
    for (const url of ["http://10.0.0.5/openapi.json", "http://169.254.169.254/latest/meta-data"]) {
      const res = await o.client.trpc.dynamicApi.discover.mutate({ id: api.id, url });
      expect(res.error?.message).toContain("Endereço não permitido");
    }
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("not_configured");

    await saveSelection(o.client, api.id, [], [ordersEndpoint]);
    modelCalls("consultar_pedido", { id: "5" });
    const requests = turnRequests();
    await chat(app, o.agent.id, { message: "pedido 5" });
    expect(toolMessages(requests()[1])[0]).toContain("Endereço não permitido");

    const run = await runTest(o.client, api.id, "GET /orders/{id}", { id: "5" });
    expect(run).toMatchObject({ ok: false, status: 0, error: expect.stringContaining("Endereço não permitido") });
    expect((await listApis(o.client, o.agent.id))[0]?.status).toBe("execution_failed");
    expect(outside.requests).toHaveLength(0);
  });

  test("secrets are encrypted at rest, never returned, and kept when an update omits them", async () => {
    const o = await owner();
    const api = await createApi(o.client, o.agent.id, { baseUrl: shop.url, authType: "basic", username: "ana", password: "senha-super-secreta", customHeaders: '{"X-Seg": "cabecalho-secreto"}' });
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.id, api.id));
    const stored = JSON.stringify(row?.config);
    expect(stored).not.toContain("senha-super-secreta");
    expect(stored).not.toContain("cabecalho-secreto");
    expect(app.deps.secrets.decrypt(String(row?.config.password))).toBe("senha-super-secreta");
    const listed = await listApis(o.client, o.agent.id);
    expect(JSON.stringify(listed)).not.toContain("senha-super-secreta");
    expect(listed[0]?.config).toMatchObject({ hasPassword: true, hasCustomHeaders: true, hasApiKey: false, username: "ana" });
    expect(listed[0]?.config.password).toBeUndefined();

    const updated = await o.client.trpc.dynamicApi.update.mutate({ id: api.id, api: { name: "Loja nova", baseUrl: shop.url, authType: "basic", username: "ana", password: "" } });
    expect(updated.ok).toBe(true);
    shop.settings.auth = { header: "authorization", value: `Basic ${btoa("ana:senha-super-secreta")}` };
    await saveSelection(o.client, api.id, [], [ordersEndpoint]);
    expect((await runTest(o.client, api.id, "GET /orders/{id}", { id: "9" })).status).toBe(200);
    shop.settings.auth = null;
  });

  test("another workspace gets 404 on every procedure; a duplicate name is refused", async () => {
    const a = await owner();
    const b = await owner();
    const api = await createApi(a.client, a.agent.id, { baseUrl: shop.url });
    const dup = await a.client.trpc.dynamicApi.create.mutate({ agentId: a.agent.id, api: { name: "loja", baseUrl: shop.url } });
    expect(dup.error?.message).toBe("Já existe uma API com este nome neste agente");
    const calls = [
      b.client.trpc.dynamicApi.list.query({ agentId: a.agent.id }),
      b.client.trpc.dynamicApi.create.mutate({ agentId: a.agent.id, api: { name: "Intrusa", baseUrl: shop.url } }),
      b.client.trpc.dynamicApi.update.mutate({ id: api.id, api: { name: "Intrusa", baseUrl: shop.url } }),
      b.client.trpc.dynamicApi.discover.mutate({ id: api.id, url: `${shop.url}/openapi.json` }),
      b.client.trpc.dynamicApi.saveEndpoints.mutate({ id: api.id, selected: [], manual: [ordersEndpoint] }),
      b.client.trpc.dynamicApi.test.mutate({ id: api.id, endpointKey: "GET /orders/{id}", args: { id: "1" } }),
      b.client.trpc.dynamicApi.delete.mutate({ id: api.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.error?.httpStatus).toBe(404);
    expect(await listApis(a.client, a.agent.id)).toHaveLength(1);
    expect((await a.client.trpc.dynamicApi.delete.mutate({ id: api.id })).ok).toBe(true);
    expect(await listApis(a.client, a.agent.id)).toHaveLength(0);
  });
});
