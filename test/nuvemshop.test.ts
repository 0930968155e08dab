/**
 * Nuvemshop (issue 6, protocols.md §10): the settings contract, the encrypted token, "Testar"
 * against a loopback Nuvemshop (wire format: path, Authentication header, User-Agent), every
 * refusal in pt-BR (401/404/429/5xx), buscar_produtos and consultar_pedido through the real chat
 * turn (fake OpenAI decides the calls) with the order privacy rule, and tenant/permission refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntegrations } from "../db/schema";
import { NUVEMSHOP_MESSAGES } from "../src/adapters/nuvemshop/client";
import { ASK_CONTACT, ASK_EMAIL_PROOF, ASK_NUMBER_OR_EMAIL, lookupOrder } from "../src/integrations/nuvemshop/provider";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { STORE_ID_INVALID, STORE_ID_REQUIRED, TOKEN_REQUIRED, nuvemshopInput } from "../src/schemas/nuvemshop";
import { FAKE_STORE_ID, FAKE_TOKEN, startFakeNuvemshop } from "./fakes/nuvemshop";
import { startFakeOpenAi } from "./fakes/openai";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, toolMessages, turnRequests } from "./helpers/tool-turns";
import { inviteMember } from "./helpers/training";

import type { Inputs } from "./helpers/trpc-proxy";
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let shop: Awaited<ReturnType<typeof startFakeNuvemshop>>;
let app: TestApp;
const previousBase = process.env.NUVEMSHOP_API_BASE;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  shop = await startFakeNuvemshop();
  process.env.NUVEMSHOP_API_BASE = shop.base;
  setSafeFetchTestAllowlist([shop.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  if (previousBase === undefined) delete process.env.NUVEMSHOP_API_BASE;
  else process.env.NUVEMSHOP_API_BASE = previousBase;
  await app.stop();
  fake.stop();
  shop.stop();
});

type Owner = Awaited<ReturnType<typeof fundedOwner>>;

const save = (o: Owner, config: Inputs["nuvemshop"]["save"]["config"]) => o.client.trpc.nuvemshop.save.mutate({ agentId: o.agent.id, config });
const connected = async () => {
  const o = await fundedOwner(app);
  const res = await save(o, { storeId: FAKE_STORE_ID, accessToken: FAKE_TOKEN });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return o;
};
const runTest = async (o: Owner, config?: Record<string, unknown>) => {
  const res = await o.client.trpc.nuvemshop.test.mutate({ agentId: o.agent.id, ...(config ? { config } : {}) });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.data;
};

let seq = 0;
/** One chat turn where the model calls `name(args)`; returns the tool's message and the reply. */
async function callTool(o: Owner, name: string, args: Record<string, unknown>) {
  modelCalls(fake, name, args);
  const requests = turnRequests(fake);
  const from = shop.requests.length;
  // A distinct question each time: a repeated one would be answered from the semantic cache.
  const res = await chat(app, o.agent.id, { message: `pergunta loja ${++seq} ${Date.now()}` });
  const sent = requests();
  return { tool: toolMessages(sent.at(-1))[0] ?? "", reply: res.body.response ?? "", offered: offered(sent[0]).map((t) => t.name), calls: shop.requests.slice(from) };
}

describe("[nuvemshop] settings", () => {
  test("the contract's pt-BR messages", () => {
    const issue = (v: unknown) => nuvemshopInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ storeId: " " })).toBe(STORE_ID_REQUIRED);
    expect(issue({ storeId: "loja-1" })).toBe(STORE_ID_INVALID);
    expect(issue({ storeId: "1", accessToken: "a b" })).toBe("Token de acesso não pode conter espaços");
    expect(issue({ storeId: "1", accessToken: "x".repeat(501) })).toBe("Token de acesso deve ter no máximo 500 caracteres");
    expect(nuvemshopInput.parse({ storeId: " 123 " })).toEqual({ storeId: "123", enabled: true });
  });

  test("the token is required on the first save, encrypted at rest, never returned, and kept when left blank", async () => {
    const o = await fundedOwner(app);
    expect((await o.client.trpc.nuvemshop.get.query({ agentId: o.agent.id })).data).toBeNull();
    const missing = await save(o, { storeId: FAKE_STORE_ID });
    expect(missing.error?.message).toBe(TOKEN_REQUIRED);
    const bad = await save(o, { storeId: "abc", accessToken: FAKE_TOKEN });
    expect(bad.error?.message).toBe(STORE_ID_INVALID);

    const saved = await save(o, { storeId: FAKE_STORE_ID, accessToken: FAKE_TOKEN });
    expect(saved.data).toMatchObject({ enabled: true, config: { storeId: FAKE_STORE_ID, hasAccessToken: true } });
    expect(JSON.stringify(saved.data)).not.toContain(FAKE_TOKEN);
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, o.agent.id));
    expect(row?.kind).toBe("nuvemshop");
    expect(JSON.stringify(row?.config)).not.toContain(FAKE_TOKEN);
    expect(app.deps.secrets.decrypt(String(row?.config.accessToken))).toBe(FAKE_TOKEN);

    const kept = await save(o, { storeId: FAKE_STORE_ID, accessToken: "", enabled: false });
    expect(kept.data).toMatchObject({ enabled: false, config: { hasAccessToken: true } });
    expect((await runTest(o)).ok).toBe(true);
    const got = await o.client.trpc.nuvemshop.get.query({ agentId: o.agent.id });
    expect(got.data).toMatchObject({ enabled: false, testStatus: "ok", testMessage: 'Conectado à loja "Loja Exemplo".' });
    expect(JSON.stringify(got.data)).not.toContain(FAKE_TOKEN);

    expect((await o.client.trpc.nuvemshop.remove.mutate({ agentId: o.agent.id })).ok).toBe(true);
    expect((await o.client.trpc.nuvemshop.get.query({ agentId: o.agent.id })).data).toBeNull();
  });
});

describe("[nuvemshop] Testar", () => {
  test("GET /v1/{store_id}/store with Authentication: bearer <token> and the User-Agent", async () => {
    const o = await connected();
    const from = shop.requests.length;
    const res = await runTest(o);
    expect(res).toMatchObject({ ok: true, storeName: "Loja Exemplo", message: 'Conectado à loja "Loja Exemplo".' });
    const [req] = shop.requests.slice(from);
    expect(req?.method).toBe("GET");
    expect(req?.path).toBe(`/v1/${FAKE_STORE_ID}/store`);
    expect(req?.headers.authentication).toBe(`bearer ${FAKE_TOKEN}`);
    expect(req?.headers.authorization).toBeUndefined();
    expect(req?.headers["user-agent"]).toMatch(/^Atenda \(.+@.+\)$/);
  });

  test("an unsaved form is tested with its own values (blank token = the stored one)", async () => {
    const o = await connected();
    const wrong = await runTest(o, { storeId: FAKE_STORE_ID, accessToken: "outro-token" });
    expect(wrong).toMatchObject({ ok: false, message: NUVEMSHOP_MESSAGES.unauthorized });
    // A draft with other credentials does not overwrite the saved integration's test result.
    const row = (await o.client.trpc.nuvemshop.get.query({ agentId: o.agent.id })).data;
    expect(row?.testStatus).toBeNull();
    expect(await runTest(o, { storeId: "999" })).toMatchObject({ ok: false, message: NUVEMSHOP_MESSAGES.storeNotFound });
    expect(await runTest(o, { storeId: FAKE_STORE_ID, accessToken: "" })).toMatchObject({ ok: true });
  });

  test("401, 403, 404, 429, 5xx and 422 become clear pt-BR reasons; a short 429 is retried once", async () => {
    const o = await connected();
    const cases: [{ status: number; headers?: Record<string, string>; body?: unknown }, string][] = [
      [{ status: 401 }, NUVEMSHOP_MESSAGES.unauthorized],
      [{ status: 403 }, NUVEMSHOP_MESSAGES.forbidden],
      [{ status: 404 }, NUVEMSHOP_MESSAGES.storeNotFound],
      [{ status: 429, headers: { "x-rate-limit-reset": "30000" } }, NUVEMSHOP_MESSAGES.rateLimited],
      [{ status: 503 }, "A Nuvemshop está indisponível no momento (erro 503). Tente de novo mais tarde."],
      [{ status: 422, body: { q: ["is too long"] } }, "A Nuvemshop recusou a consulta (erro 422): q: is too long."],
    ];
    for (const [failure, message] of cases) {
      shop.failNext(failure);
      expect(await runTest(o)).toMatchObject({ ok: false, message });
    }
    const row = (await o.client.trpc.nuvemshop.get.query({ agentId: o.agent.id })).data;
    expect(row).toMatchObject({ testStatus: "failed", testMessage: expect.stringContaining("422") });

    const from = shop.requests.length;
    shop.failNext({ status: 429, headers: { "x-rate-limit-reset": "50" } });
    expect(await runTest(o)).toMatchObject({ ok: true });
    expect(shop.requests.length - from).toBe(2);
    shop.failNext({ status: 429, headers: { "x-rate-limit-reset": "50" } }, { status: 429, headers: { "x-rate-limit-reset": "50" } });
    expect(await runTest(o)).toMatchObject({ ok: false, message: NUVEMSHOP_MESSAGES.rateLimited });
  });
});

describe("[nuvemshop] tools in the chat turn", () => {
  test("buscar_produtos: GET /products?q=… and the answer carries name, prices, stock and link", async () => {
    const o = await connected();
    const r = await callTool(o, "buscar_produtos", { q: "camiseta" });
    expect(r.offered).toEqual(expect.arrayContaining(["buscar_produtos", "consultar_pedido"]));
    expect(r.calls).toHaveLength(1);
    expect(r.calls[0]?.path).toBe(`/v1/${FAKE_STORE_ID}/products`);
    expect(r.calls[0]?.query).toMatchObject({ q: "camiseta", published: "true" });
    expect(r.calls[0]?.headers.authentication).toBe(`bearer ${FAKE_TOKEN}`);
    const data = JSON.parse(r.tool) as { produtos: Record<string, unknown>[] };
    expect(data.produtos).toHaveLength(1);
    expect(data.produtos[0]).toMatchObject({
      nome: "Camiseta Básica",
      preco: "R$ 79,90",
      preco_promocional: "R$ 69,90",
      estoque: 4,
      disponivel: true,
      url: "https://loja-exemplo.lojavirtualnuvem.com.br/produtos/camiseta-basica/",
    });
    expect(r.reply).toContain("Camiseta Básica");

    const mug = JSON.parse((await callTool(o, "buscar_produtos", { q: "caneca" })).tool);
    expect(mug.produtos[0]).toMatchObject({ nome: "Caneca Azul", preco: "R$ 35,00", preco_promocional: null, estoque: "ilimitado" });
    // The real API answers an empty search with 404 "Last page is 0".
    const none = JSON.parse((await callTool(o, "buscar_produtos", { q: "bicicleta" })).tool);
    expect(none).toEqual({ produtos: [], mensagem: 'Nenhum produto encontrado para "bicicleta".' });
  });

  test("consultar_pedido by number needs the buyer's e-mail or phone; the answer never carries personal data", async () => {
    const o = await connected();
    const asked = await callTool(o, "consultar_pedido", { numero: "1234" });
    expect(JSON.parse(asked.tool)).toEqual({ erro: ASK_CONTACT });
    expect(asked.calls).toHaveLength(0);

    const ok = await callTool(o, "consultar_pedido", { numero: "#1234", email: "ANA@exemplo.com.br" });
    expect(ok.calls[0]?.path).toBe(`/v1/${FAKE_STORE_ID}/orders`);
    expect(ok.calls[0]?.query).toMatchObject({ q: "1234", status: "any" });
    expect(JSON.parse(ok.tool)).toEqual({
      pedido: {
        numero: "1234",
        data: "01/06/2025",
        status: "aberto",
        pagamento: "pago",
        envio: "enviado",
        codigo_rastreio: "BR123456789BR",
        url_rastreio: "https://rastreamento.correios.com.br/?objeto=BR123456789BR",
        itens: [{ nome: "Camiseta Básica (P)", quantidade: 1, preco: "R$ 69,90" }],
        total: "R$ 89,90",
      },
    });
    for (const secret of ["Ana Souza", "Rua das Flores", "123.456.789-00", "ana@exemplo", "98765", "01000-000"]) expect(ok.tool).not.toContain(secret);
    expect(ok.reply).toContain("BR123456789BR");

    const byPhone = await callTool(o, "consultar_pedido", { numero: "1234", telefone: "(11) 98765-4321" });
    expect(JSON.parse(byPhone.tool).pedido.numero).toBe("1234");

    // Another customer's e-mail on Ana's order reads exactly like a missing order.
    const other = await callTool(o, "consultar_pedido", { numero: "1234", email: "bruno@exemplo.com.br" });
    const missing = await callTool(o, "consultar_pedido", { numero: "7777", email: "bruno@exemplo.com.br" });
    expect(JSON.parse(other.tool).erro).toBe("Não encontrei o pedido nº 1234 com esse e-mail ou telefone. Confirme os dados com o cliente.");
    expect(JSON.parse(missing.tool).erro).toBe("Não encontrei o pedido nº 7777 com esse e-mail ou telefone. Confirme os dados com o cliente.");
    expect(other.tool).not.toContain("BR123456789BR");
  });

  test("the channel's known phone or e-mail identifies the customer; a phone alone is not enough to list orders", async () => {
    const creds = { storeId: FAKE_STORE_ID, accessToken: FAKE_TOKEN };
    const whatsapp = { name: null, phone: "5511987654321", email: null };
    expect(await lookupOrder(creds, { numero: "1234" }, whatsapp)).toMatchObject({ pedido: { numero: "1234", envio: "enviado" } });
    await expect(lookupOrder(creds, { numero: "1400" }, whatsapp)).rejects.toThrow("Não encontrei o pedido nº 1400");
    const widget = { name: null, phone: null, email: "ana@exemplo.com.br" };
    expect(((await lookupOrder(creds, {}, widget)) as { pedidos: unknown[] }).pedidos).toHaveLength(2);
    await expect(lookupOrder(creds, { telefone: "11987654321" }, { name: null, phone: null, email: null })).rejects.toThrow(ASK_NUMBER_OR_EMAIL);
    await expect(lookupOrder(creds, { email: "não-é-email" }, { name: null, phone: null, email: null })).rejects.toThrow("O e-mail informado não parece válido");
  });

  test("consultar_pedido by a typed e-mail alone asks for the purchase phone before searching anything", async () => {
    const o = await connected();
    for (const email of ["ana@exemplo.com.br", "ninguem@exemplo.com.br"]) {
      const r = await callTool(o, "consultar_pedido", { email });
      expect(JSON.parse(r.tool)).toEqual({ erro: ASK_EMAIL_PROOF });
      expect(r.calls).toHaveLength(0);
    }
    const wrongPhone = await callTool(o, "consultar_pedido", { email: "ana@exemplo.com.br", telefone: "(21) 90000-0000" });
    expect(JSON.parse(wrongPhone.tool)).toEqual({ pedidos: [], mensagem: "Não encontrei pedidos com esse e-mail e telefone." });
  });

  test("consultar_pedido by e-mail and purchase phone lists that customer's latest orders, newest first", async () => {
    const o = await connected();
    const r = await callTool(o, "consultar_pedido", { email: "ana@exemplo.com.br", telefone: "(11) 98765-4321" });
    expect(r.calls[0]?.query).toMatchObject({ q: "ana@exemplo.com.br", status: "any" });
    const data = JSON.parse(r.tool) as { pedidos: { numero: string; pagamento: string }[]; total_encontrado: number };
    expect(data.pedidos.map((p) => p.numero)).toEqual(["1300", "1234"]);
    expect(data.pedidos[0]?.pagamento).toBe("aguardando pagamento");
    expect(r.tool).not.toContain("1400");
    expect(r.tool).not.toContain("Rua das Flores");
    const none = await callTool(o, "consultar_pedido", { email: "ninguem@exemplo.com.br", telefone: "(11) 98765-4321" });
    expect(JSON.parse(none.tool)).toEqual({ pedidos: [], mensagem: "Não encontrei pedidos com esse e-mail e telefone." });
  });

  test("a revoked token, a rate limit and an outage reach the model as clear sentences", async () => {
    const o = await connected();
    shop.failNext({ status: 401 });
    expect(JSON.parse((await callTool(o, "buscar_produtos", { q: "camiseta" })).tool)).toEqual({ erro: NUVEMSHOP_MESSAGES.unauthorized });
    shop.failNext({ status: 429 });
    expect(JSON.parse((await callTool(o, "buscar_produtos", { q: "caneca" })).tool)).toEqual({ erro: NUVEMSHOP_MESSAGES.rateLimited });
    shop.failNext({ status: 500 });
    expect(JSON.parse((await callTool(o, "consultar_pedido", { email: "ana@exemplo.com.br", telefone: "11987654321" })).tool).erro).toContain("indisponível");
  });

  test("tools are offered only while the integration is enabled", async () => {
    const o = await connected();
    await save(o, { storeId: FAKE_STORE_ID, enabled: false });
    const r = await callTool(o, "buscar_produtos", { q: "camiseta" });
    expect(r.offered).not.toContain("buscar_produtos");
    expect(r.calls).toHaveLength(0);
  });
});

describe("[nuvemshop] isolation and permissions", () => {
  test("another workspace gets 404 on every procedure; its token is never used", async () => {
    const a = await connected();
    const b = await fundedOwner(app);
    const from = shop.requests.length;
    const calls = [
      b.client.trpc.nuvemshop.get.query({ agentId: a.agent.id }),
      b.client.trpc.nuvemshop.save.mutate({ agentId: a.agent.id, config: { storeId: "1", accessToken: "x" } }),
      b.client.trpc.nuvemshop.test.mutate({ agentId: a.agent.id }),
      b.client.trpc.nuvemshop.remove.mutate({ agentId: a.agent.id }),
    ];
    for (const res of await Promise.all(calls)) expect(res.error?.httpStatus).toBe(404);
    expect(shop.requests.length).toBe(from);
    expect((await a.client.trpc.nuvemshop.get.query({ agentId: a.agent.id })).data?.config.storeId).toBe(FAKE_STORE_ID);
  });

  test("a member without canEditAgents may read but not save, test or remove", async () => {
    const o = await connected();
    const member = await inviteMember(app, o.client, { canEditAgents: false });
    const read = await member.client.trpc.nuvemshop.get.query({ agentId: o.agent.id });
    expect(read.data?.config).toEqual({ storeId: FAKE_STORE_ID, hasAccessToken: true });
    const calls = [
      member.client.trpc.nuvemshop.save.mutate({ agentId: o.agent.id, config: { storeId: "1", accessToken: "x" } }),
      member.client.trpc.nuvemshop.test.mutate({ agentId: o.agent.id }),
      member.client.trpc.nuvemshop.remove.mutate({ agentId: o.agent.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.error?.httpStatus).toBe(403);
      expect(res.error?.message).toBe("Você não tem permissão para editar agentes neste workspace");
    }
    const editor = await inviteMember(app, o.client, { canEditAgents: true });
    expect((await editor.client.trpc.nuvemshop.save.mutate({ agentId: o.agent.id, config: { storeId: FAKE_STORE_ID } })).ok).toBe(true);
  });
});
