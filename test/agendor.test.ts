/**
 * Agendor CRM (issue 6): settings card contract through tRPC (token encrypted, never returned),
 * "Testar" and the pickers against a loopback Agendor, lead sync without duplicates (crm_links +
 * search by e-mail/phone), the funnel deal opened once, 429 retries honouring Retry-After with an
 * injected wait, 401 → "Token do Agendor inválido", the tools in a real chat turn (fake OpenAI),
 * tenant isolation and the canEditAgents permission.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agentIntegrations, crmLinks } from "../db/schema";
import { RATE_LIMITED_MESSAGE, agendorBackoff } from "../src/adapters/agendor/client";
import { RETYPE_SECRET } from "../src/integrations/store";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { INVALID_TOKEN, agendorInput, leadArgs, taskArgs, toAgendorDueDate } from "../src/schemas/agendor";
import { agendorAutoAddHook, syncLeadToAgendor } from "../src/services/agendor-sync";
import { FAKE_FUNNELS, startFakeAgendor } from "./fakes/agendor";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { inviteMember } from "./helpers/training";

const TOKEN = "tok-agendor";
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let agendor: Awaited<ReturnType<typeof startFakeAgendor>>;
let app: TestApp;
const waits: number[] = [];
const realBackoff = { ...agendorBackoff };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  agendor = await startFakeAgendor({ token: TOKEN });
  process.env.AGENDOR_API_BASE = agendor.url;
  setSafeFetchTestAllowlist([agendor.host]);
  agendorBackoff.sleep = async (ms) => {
    waits.push(ms);
  };
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  Object.assign(agendorBackoff, realBackoff);
  delete process.env.AGENDOR_API_BASE;
  setSafeFetchTestAllowlist(null);
  await app.stop();
  fake.stop();
  agendor.stop();
});
beforeEach(() => {
  agendor.reset();
  waits.length = 0;
});
afterEach(() => {
  agendor.settings.token = TOKEN;
});

const SETTINGS = { apiToken: TOKEN, defaultFunnelId: 111, defaultStage: 2, defaultOriginId: 9, defaultUserId: 39970, autoAddToFunnel: true };

const owner = async () => {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  return o;
};
async function save(client: Client, agentId: string, settings: Record<string, unknown> = SETTINGS) {
  const res = await client.trpc.agendor.save.mutate({ agentId, settings });
  if (!res.ok) throw new Error(`save failed: ${JSON.stringify(res.error)}`);
  return res.data;
}
const agentRef = (o: Awaited<ReturnType<typeof owner>>) => ({ id: o.agent.id, workspaceId: o.workspaceId });
const calls = (method: string, path: string | RegExp) =>
  agendor.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));

const toolMessages = (b: ChatBody | undefined) => (b?.messages ?? []).filter((m) => m.role === "tool").map((m) => String(m.content));
type OfferedTool = { function: { name: string } };
const offered = (b: ChatBody | undefined) => ((b?.tools ?? []) as OfferedTool[]).map((t) => t.function.name);

describe("[agendor] settings (SPEC §3 CRM integration)", () => {
  test("the stored token is never sent to another base URL, neither by Testar nor by saving", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, baseUrl: agendor.url });
    // A reachable server of someone else's, standing for the collector a member would point it at.
    const collector = await startFakeAgendor({ token: "qualquer" });
    setSafeFetchTestAllowlist([agendor.host, collector.host]);
    try {
      const probe = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id, baseUrl: collector.url });
      expect(probe.error?.message).toBe(RETYPE_SECRET);
      const pickers = await o.client.trpc.agendor.options.mutate({ agentId: o.agent.id, baseUrl: collector.url });
      expect(pickers.error?.message).toBe(RETYPE_SECRET);
      const moved = await o.client.trpc.agendor.save.mutate({ agentId: o.agent.id, settings: { ...SETTINGS, apiToken: "", baseUrl: collector.url } });
      expect(moved.error?.message).toBe(RETYPE_SECRET);
      expect(collector.requests).toHaveLength(0);
      // With the token typed again, the new address is fine.
      expect((await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id, apiToken: "qualquer", baseUrl: collector.url })).data.ok).toBe(true);
      expect(collector.requests.at(-1)?.headers.authorization).toBe("Token qualquer");
    } finally {
      setSafeFetchTestAllowlist([agendor.host]);
      collector.stop();
    }
    // Same address: the stored token still works without retyping.
    expect((await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id })).data.ok).toBe(true);
  });

  test("the contract's pt-BR messages; the token is required, encrypted at rest and never returned", async () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(issue(agendorInput.safeParse({ baseUrl: "api.agendor" }))).toBe("URL base inválida");
    expect(issue(agendorInput.safeParse({ defaultFunnelId: -1 }))).toBe("Funil inválido");
    expect(issue(agendorInput.safeParse({ apiToken: "x".repeat(201) }))).toBe("Token deve ter no máximo 200 caracteres");
    expect(agendorInput.parse({ defaultFunnelId: "111", baseUrl: "" })).toMatchObject({ defaultFunnelId: 111, baseUrl: null, syncPeople: true });
    expect(issue(leadArgs.safeParse({ email: "não-é-email" }))).toBe("E-mail inválido");
    expect(issue(taskArgs.safeParse({ texto: "Ligar", prazo: "amanhã" }))).toContain("Prazo inválido");
    expect(toAgendorDueDate("2025-01-10")).toBe("2025-01-10T09:00:00-03:00");
    expect(toAgendorDueDate("2025-01-10T14:30")).toBe("2025-01-10T14:30:00-03:00");

    const o = await owner();
    const noToken = await o.client.trpc.agendor.save.mutate({ agentId: o.agent.id, settings: { baseUrl: "" } });
    expect(noToken.error?.message).toBe("Informe o token de API do Agendor");
    const badUrl = await o.client.trpc.agendor.save.mutate({ agentId: o.agent.id, settings: { apiToken: TOKEN, baseUrl: "ftp://x" } });
    expect(badUrl.error?.message).toBe("URL base inválida");
    const stageOnly = await o.client.trpc.agendor.save.mutate({ agentId: o.agent.id, settings: { apiToken: TOKEN, defaultStage: 2 } });
    expect(stageOnly.error?.message).toBe("Escolha o funil da etapa padrão");

    const saved = await save(o.client, o.agent.id);
    expect(saved.config).toMatchObject({ hasApiToken: true, defaultFunnelId: 111, defaultStage: 2 });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.id, saved.id));
    expect(typeof row?.config.apiToken).toBe("string");
    expect(row?.config.apiToken).not.toBe(TOKEN);
    // A blank token keeps the stored one.
    const again = await save(o.client, o.agent.id, { ...SETTINGS, apiToken: "", syncTasks: false });
    expect(again.config).toMatchObject({ hasApiToken: true, syncTasks: false });
    const got = await o.client.trpc.agendor.get.query({ agentId: o.agent.id });
    expect(got.data?.config.syncTasks).toBe(false);
    expect(JSON.stringify(got.data)).not.toContain(TOKEN);
    expect((await o.client.trpc.agendor.remove.mutate({ agentId: o.agent.id })).ok).toBe(true);
    expect((await o.client.trpc.agendor.get.query({ agentId: o.agent.id })).data).toBeNull();
  });

  test("Testar calls GET /v3/users/me with `Authorization: Token …`; a refused token says so and is stored", async () => {
    const o = await owner();
    const unsaved = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id, apiToken: TOKEN, baseUrl: "" });
    expect(unsaved.data).toMatchObject({ ok: true, message: "Conexão funcionando: Ana Vendedora · Loja Exemplo." });
    const [req] = calls("GET", "/v3/users/me");
    expect(req?.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(req?.headers.accept).toBe("application/json");

    await save(o.client, o.agent.id);
    agendor.settings.token = "outro";
    const bad = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id });
    expect(bad.data).toMatchObject({ ok: false, message: INVALID_TOKEN });
    const got = await o.client.trpc.agendor.get.query({ agentId: o.agent.id });
    expect(got.data).toMatchObject({ testStatus: "failed", testMessage: INVALID_TOKEN });

    agendor.settings.token = TOKEN;
    agendor.failNext({ status: 403 });
    const forbidden = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id });
    expect(forbidden.data.message).toContain("erro 403");
    agendor.failNext({ status: 503 });
    const down = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id });
    expect(down.data.message).toBe("O Agendor está indisponível no momento (erro 503). Tente novamente mais tarde.");
    // A user-given base URL on a private address is refused by safe-fetch.
    const priv = await o.client.trpc.agendor.test.mutate({ agentId: o.agent.id, apiToken: TOKEN, baseUrl: "http://127.0.0.1:9/v3" });
    expect(priv.data).toMatchObject({ ok: false, message: "URL base não permitida: o endereço aponta para uma rede privada." });
  });

  test("the pickers load funnels (with stages), origins and users from Agendor", async () => {
    const o = await owner();
    const res = await o.client.trpc.agendor.options.mutate(
      { agentId: o.agent.id, apiToken: TOKEN },
    );
    expect(res.data.funnels).toHaveLength(FAKE_FUNNELS.length);
    expect(res.data.funnels[0]).toEqual({ id: 111, name: "Vendas", stages: [{ sequence: 1, name: "Contato" }, { sequence: 2, name: "Proposta" }, { sequence: 3, name: "Fechamento" }] });
    expect(res.data.origins).toEqual([{ id: 9, name: "Site" }, { id: 10, name: "WhatsApp" }]);
    expect(res.data.users).toEqual([{ id: 39970, name: "Ana Vendedora" }, { id: 39971, name: "Bruno Closer" }]);
    expect(calls("GET", "/v3/users")[0]?.query).toEqual({ page: "1", per_page: "100" });
    agendor.settings.token = "outro";
    const bad = await o.client.trpc.agendor.options.mutate({ agentId: o.agent.id, apiToken: TOKEN });
    expect(bad.error?.message).toBe(INVALID_TOKEN);
  });
});

describe("[agendor] lead sync without duplicates", () => {
  test("twice for the same customer → one person, one deal in the default funnel and stage; crm_links and lastSyncAt", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    const customer = { name: "Bia Souza", phone: "+55 (11) 99999-0000", email: "Bia@Exemplo.com.br" };
    const first = await syncLeadToAgendor(app.deps, agentRef(o), customer, "conv-1");
    expect(first.created).toEqual({ person: true, organization: false, deal: true });
    const second = await syncLeadToAgendor(app.deps, agentRef(o), { ...customer, name: "Bia Souza Lima" }, "conv-2");
    expect(second).toMatchObject({ personId: first.personId, dealId: first.dealId, created: { person: false, deal: false } });
    expect(agendor.people).toHaveLength(1);
    expect(agendor.deals).toHaveLength(1);
    expect(agendor.people[0]?.name).toBe("Bia Souza Lima");

    const [create] = calls("POST", "/v3/people");
    expect(create?.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(create?.headers["content-type"]).toBe("application/json");
    expect(create?.body).toEqual({
      name: "Bia Souza",
      contact: { email: "bia@exemplo.com.br", mobile: "11999990000", whatsapp: "5511999990000" },
      leadOrigin: 9,
      ownerUser: 39970,
    });
    // Unknown to Atenda: searched by e-mail, then by mobile phone, before creating.
    expect(calls("GET", "/v3/people").map((r) => r.query)).toEqual([{ email: "bia@exemplo.com.br" }, { mobile_phone: "11999990000" }]);
    const [deal] = calls("POST", `/v3/people/${first.personId}/deals`);
    expect(deal?.body).toMatchObject({ title: "Lead: Bia Souza", dealStatusText: "ongoing", funnel: 111, dealStage: 2, ownerUser: 39970 });
    expect(agendor.deals[0]?.dealStage).toMatchObject({ sequence: 2, name: "Proposta" });
    // The second sync updated the person it already knew, without searching Agendor again.
    expect(calls("PUT", `/v3/people/${first.personId}`)).toHaveLength(1);
    expect(calls("GET", "/v3/people")).toHaveLength(2);

    const links = await app.deps.db.select().from(crmLinks).where(and(eq(crmLinks.agentId, o.agent.id), eq(crmLinks.provider, "agendor")));
    expect(links.map((l) => l.customerKey).sort()).toEqual(["11999990000", "bia@exemplo.com.br", "conversa:conv-1", "conversa:conv-2"]);
    expect(new Set(links.map((l) => l.personId))).toEqual(new Set([first.personId]));
    expect(links.every((l) => l.dealId === first.dealId && typeof l.lastSyncAt === "number")).toBe(true);
    const got = await o.client.trpc.agendor.get.query({ agentId: o.agent.id });
    expect(typeof got.data?.lastSyncAt).toBe("number");
  });

  test("a person already in Agendor (found by phone) is updated, not duplicated; a company becomes an organization once", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: false });
    agendor.people.push({ id: 77, name: "Carlos", contact: { mobile: "21988887777" } });
    const r = await syncLeadToAgendor(app.deps, agentRef(o), { name: "Carlos Lima", phone: "5521988887777", email: null, company: "Padaria Pão Bom" }, null);
    expect(r).toMatchObject({ personId: "77", dealId: null, created: { person: false, organization: true, deal: false } });
    expect(agendor.people).toHaveLength(1);
    expect(calls("GET", "/v3/people")[0]?.query).toEqual({ mobile_phone: "21988887777" });
    expect(calls("POST", "/v3/people")).toHaveLength(0);
    const orgId = Number(r.organizationId);
    expect(calls("PUT", "/v3/people/77")[0]?.body).toEqual({
      name: "Carlos Lima",
      contact: { mobile: "21988887777", whatsapp: "5521988887777" },
      organization: orgId,
    });
    expect(calls("POST", "/v3/organizations")[0]?.body).toEqual({ name: "Padaria Pão Bom", leadOrigin: 9, ownerUser: 39970 });
    // autoAddToFunnel off: no deal was opened.
    expect(agendor.deals).toHaveLength(0);
    await syncLeadToAgendor(app.deps, agentRef(o), { name: "Carlos Lima", phone: "21 98888-7777", company: "Padaria Pão Bom" }, null);
    expect(agendor.organizations).toHaveLength(1);
  });

  test("the team's data is never overwritten: a typed e-mail of someone else neither renames them nor replaces their phone", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: false });
    agendor.people.push({ id: 88, name: "Maria Silva", description: "Cliente VIP", contact: { email: "maria@exemplo.com.br", mobile: "11911112222" } });
    await syncLeadToAgendor(app.deps, agentRef(o), { name: "João", email: "maria@exemplo.com.br", phone: "11933334444", note: "Quer desconto" }, null);
    expect(agendor.people).toHaveLength(1);
    expect(agendor.people[0]).toMatchObject({ name: "Maria Silva", description: "Cliente VIP", contact: { email: "maria@exemplo.com.br", mobile: "11911112222" } });
    // Only the empty field was filled, and the contact went whole.
    expect(calls("PUT", "/v3/people/88")[0]?.body).toEqual({ contact: { email: "maria@exemplo.com.br", mobile: "11911112222", whatsapp: "5511933334444" } });

    // Nothing new: no PUT at all. A longer form of the same name is taken.
    agendor.reset();
    agendor.people.push({ id: 89, name: "Bia", contact: { email: "bia2@exemplo.com.br" } });
    await syncLeadToAgendor(app.deps, agentRef(o), { name: "Bia", email: "bia2@exemplo.com.br" }, null);
    expect(calls("PUT", "/v3/people/89")).toHaveLength(0);
    await syncLeadToAgendor(app.deps, agentRef(o), { name: "Bia Nogueira", email: "bia2@exemplo.com.br" }, null);
    expect(agendor.people[0]?.name).toBe("Bia Nogueira");
  });

  test("a linked person deleted in Agendor since is created again instead of failing every time", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: false });
    const first = await syncLeadToAgendor(app.deps, agentRef(o), { name: "Rui", email: "rui@exemplo.com.br" }, null);
    agendor.people.length = 0;
    const again = await syncLeadToAgendor(app.deps, agentRef(o), { name: "Rui", email: "rui@exemplo.com.br" }, null);
    expect(again.personId).not.toBe(first.personId);
    expect(again.created.person).toBe(true);
    expect(agendor.people).toHaveLength(1);
  });

  test("a deal created on the wrong stage is moved to the default stage (PUT /deals/{id}/stage)", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    agendor.settings.ignoreDealStage = true;
    const r = await syncLeadToAgendor(app.deps, agentRef(o), { name: "Dani", email: "dani@exemplo.com.br" }, null);
    expect(calls("PUT", `/v3/deals/${r.dealId}/stage`)[0]?.body).toEqual({ dealStage: 2, funnel: 111 });
    expect(agendor.deals[0]?.dealStage).toMatchObject({ sequence: 2 });
  });

  test("429: retried honouring Retry-After (no real sleep), then success; after 3 retries a clear pt-BR error", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    agendor.failNext({ status: 429, retryAfter: "2" }, { status: 429 });
    const r = await syncLeadToAgendor(app.deps, agentRef(o), { name: "Eva", email: "eva@exemplo.com.br" }, null);
    expect(r.created.person).toBe(true);
    // Retry-After when given, else the 5 s / 10 s backoff of protocols.md.
    expect(waits).toEqual([2000, 10000]);
    expect(agendor.people).toHaveLength(1);

    agendor.reset();
    waits.length = 0;
    agendor.failNext({ status: 429, retryAfter: "1" }, { status: 429, retryAfter: "1" }, { status: 429, retryAfter: "1" }, { status: 429, retryAfter: "1" });
    await expect(syncLeadToAgendor(app.deps, agentRef(o), { name: "Fabi", email: "fabi@exemplo.com.br" }, null)).rejects.toThrow(RATE_LIMITED_MESSAGE);
    expect(agendor.requests).toHaveLength(4);
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  test("401 → 'Token do Agendor inválido'; inactive or disabled → refused; 422 details are shown", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    agendor.settings.token = "trocado";
    await expect(syncLeadToAgendor(app.deps, agentRef(o), { name: "Gil", email: "gil@exemplo.com.br" }, null)).rejects.toThrow(INVALID_TOKEN);
    agendor.settings.token = TOKEN;
    agendor.failNext({ status: 422, body: { errors: ["name não pode ficar em branco"] } });
    await expect(syncLeadToAgendor(app.deps, agentRef(o), { name: "Gil", email: "gil@exemplo.com.br" }, null)).rejects.toThrow(
      "O Agendor recusou os dados enviados (erro 422): name não pode ficar em branco",
    );
    await expect(syncLeadToAgendor(app.deps, agentRef(o), { name: "Gil" }, null)).rejects.toThrow("peça ao cliente um e-mail ou telefone");
    await save(o.client, o.agent.id, { ...SETTINGS, enabled: false });
    await expect(syncLeadToAgendor(app.deps, agentRef(o), { name: "Gil", email: "gil@exemplo.com.br" }, null)).rejects.toThrow("não está ativa");
    // Another workspace's id pair never reaches this agent's settings.
    await expect(syncLeadToAgendor(app.deps, { id: o.agent.id, workspaceId: crypto.randomUUID() }, { name: "Gil", email: "gil@exemplo.com.br" }, null)).rejects.toThrow("não está ativa");
  });

  test("agendorAutoAddHook: only with autoAddToFunnel on; never throws", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: false });
    const lead = { customer: { name: "Hugo", phone: "11977776666" }, conversationId: "conv-h" };
    expect(await agendorAutoAddHook(app.deps, agentRef(o), lead)).toBeNull();
    expect(agendor.requests).toHaveLength(0);
    await save(o.client, o.agent.id);
    const r = await agendorAutoAddHook(app.deps, agentRef(o), lead);
    expect(r?.created).toMatchObject({ person: true, deal: true });
    expect(await agendorAutoAddHook(app.deps, agentRef(o), lead)).toMatchObject({ dealId: r?.dealId, created: { person: false, deal: false } });
    expect(agendor.deals).toHaveLength(1);
    agendor.settings.token = "outro";
    expect(await agendorAutoAddHook(app.deps, agentRef(o), { customer: { phone: "11900000000" }, conversationId: null })).toBeNull();
  });
});

describe("[agendor] one auto-add switch", () => {
  test("the card's switch is the agent's conversation setting 'Adicionar ao funil automaticamente', both ways", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: true });
    const agent = await o.client.trpc.agents.get.query({ id: o.agent.id });
    expect(agent.data.conversationSettings.autoAddToFunnel).toBe(true);
    const [row] = await app.deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, o.agent.id));
    expect(row?.config).not.toHaveProperty("autoAddToFunnel");

    // Turned off in the Conversa section: the card shows it off and new customers no longer go to the funnel.
    const off = await o.client.trpc.agents.update.mutate({ id: o.agent.id, patch: { conversationSettings: { ...agent.data.conversationSettings, autoAddToFunnel: false } } });
    expect(off.ok).toBe(true);
    const card = await o.client.trpc.agendor.get.query({ agentId: o.agent.id });
    expect(card.data?.config.autoAddToFunnel).toBe(false);
    expect(await agendorAutoAddHook(app.deps, agentRef(o), { customer: { name: "Lia", email: "lia@exemplo.com.br" }, conversationId: null })).toBeNull();
    expect(agendor.people).toHaveLength(0);

    // Saving the card without touching the switch leaves the agent's setting as the Conversa section left it.
    const on = await o.client.trpc.agents.update.mutate({ id: o.agent.id, patch: { conversationSettings: { ...agent.data.conversationSettings, autoAddToFunnel: true } } });
    expect(on.ok).toBe(true);
    const { autoAddToFunnel: _untouched, ...withoutSwitch } = SETTINGS;
    await save(o.client, o.agent.id, { ...withoutSwitch, apiToken: "" });
    const after = await o.client.trpc.agents.get.query({ id: o.agent.id });
    expect(after.data.conversationSettings.autoAddToFunnel).toBe(true);
  });
});

describe("[agendor] tools in the chat turn (fake OpenAI)", () => {
  test("registrar_lead then criar_tarefa in one turn: the fake Agendor gets the calls, the answer carries the results", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    const from = fake.chatRequests().length;
    fake.settings.reply = (b) => {
      const results = toolMessages(b);
      if (results.length === 0) {
        return { toolCalls: [{ name: "registrar_lead", arguments: JSON.stringify({ nome: "Iara Costa", email: "iara@exemplo.com.br", empresa: "Costa Ltda", observacao: "Quer o plano anual" }) }] };
      }
      if (results.length === 1) return { toolCalls: [{ name: "criar_tarefa", arguments: JSON.stringify({ texto: "Ligar para a Iara", prazo: "2030-01-10T14:00" }) }] };
      return { content: `Resultado: ${results.join(" | ")}` };
    };
    const res = await chat(app, o.agent.id, { message: "Quero o plano anual, meu e-mail é iara@exemplo.com.br" });
    expect(offered(fake.chatRequests()[from])).toEqual(expect.arrayContaining(["registrar_lead", "criar_negocio", "criar_tarefa"]));
    expect(res.body.response).toContain("Lead cadastrado no Agendor.");
    expect(res.body.response).toContain("Negócio aberto no funil de vendas.");
    expect(res.body.response).toContain("Tarefa criada no Agendor (no negócio do cliente).");
    expect(agendor.people).toHaveLength(1);
    expect(agendor.people[0]).toMatchObject({ name: "Iara Costa", description: "Quer o plano anual", contact: { email: "iara@exemplo.com.br" } });
    expect(agendor.organizations).toHaveLength(1);
    const dealId = agendor.deals[0]?.id;
    expect(calls("POST", `/v3/deals/${dealId}/tasks`)[0]?.body).toEqual({ text: "Ligar para a Iara", dueDate: "2030-01-10T14:00:00-03:00", assignedUsers: [39970] });
  });

  test("criar_negocio with value; a tool error (401) goes back to the model as a pt-BR sentence; disabled → no tools", async () => {
    const o = await owner();
    await save(o.client, o.agent.id, { ...SETTINGS, autoAddToFunnel: false, syncTasks: false });
    const script = (calls_: { name: string; args: Record<string, unknown> }[]) => {
      fake.settings.reply = (b) => {
        const results = toolMessages(b);
        const next = calls_[results.length];
        return next ? { toolCalls: [{ name: next.name, arguments: JSON.stringify(next.args) }] } : { content: `Resultado: ${results.join(" | ")}` };
      };
    };
    script([
      { name: "registrar_lead", args: { nome: "João", telefone: "(31) 97777-1111" } },
      { name: "criar_negocio", args: { titulo: "Consultoria", valor: "1.500,50", descricao: "Pacote de 10 horas" } },
    ]);
    const from = fake.chatRequests().length;
    const res = await chat(app, o.agent.id, { message: "Quero contratar consultoria" });
    const names = offered(fake.chatRequests()[from]);
    expect(names).toContain("criar_negocio");
    expect(names).not.toContain("criar_tarefa");
    expect(res.body.response).toContain("Negócio criado no Agendor.");
    expect(agendor.deals).toHaveLength(1);
    expect(calls("POST", /^\/v3\/people\/\d+\/deals$/)[0]?.body).toEqual({
      title: "Consultoria",
      dealStatusText: "ongoing",
      funnel: 111,
      dealStage: 2,
      ownerUser: 39970,
      value: 1500.5,
      description: "Pacote de 10 horas",
    });

    agendor.settings.token = "outro";
    script([{ name: "registrar_lead", args: { nome: "Kátia", email: "katia@exemplo.com.br" } }]);
    const refused = await chat(app, o.agent.id, { message: "me cadastra" });
    expect(refused.body.response).toContain(INVALID_TOKEN);

    await save(o.client, o.agent.id, { ...SETTINGS, enabled: false });
    const before = fake.chatRequests().length;
    fake.settings.reply = () => ({ content: "ok" });
    await chat(app, o.agent.id, { message: "oi" });
    // Agendor's own tools are gone; registrar_lead stays as the built-in CRM's (auto-add to the funnel is on, issue 14).
    expect(offered(fake.chatRequests()[before]).filter((n) => ["criar_negocio", "criar_tarefa"].includes(n))).toEqual([]);
    const calls0 = agendor.requests.length;
    script([{ name: "registrar_lead", args: { nome: "Lia", email: "lia@exemplo.com.br" } }]);
    const builtIn = await chat(app, o.agent.id, { message: "me cadastra" });
    expect(builtIn.body.response).toContain("Contato cadastrado no CRM.");
    expect(agendor.requests.length).toBe(calls0);
  });
});

describe("[agendor] tenant isolation and permissions", () => {
  test("another workspace gets 404 on every procedure; its tools never see this agent's settings", async () => {
    const a = await owner();
    const b = await owner();
    await save(a.client, a.agent.id);
    const results = await Promise.all([
      b.client.trpc.agendor.get.query({ agentId: a.agent.id }),
      b.client.trpc.agendor.save.mutate({ agentId: a.agent.id, settings: SETTINGS }),
      b.client.trpc.agendor.test.mutate({ agentId: a.agent.id }),
      b.client.trpc.agendor.options.mutate({ agentId: a.agent.id }),
      b.client.trpc.agendor.remove.mutate({ agentId: a.agent.id }),
    ]);
    for (const res of results) expect(res.error?.httpStatus).toBe(404);
    expect(agendor.requests).toHaveLength(0);
    expect((await a.client.trpc.agendor.get.query({ agentId: a.agent.id })).data?.config.hasApiToken).toBe(true);
  });

  test("a member without canEditAgents may read but not save, test, load pickers nor remove", async () => {
    const o = await owner();
    await save(o.client, o.agent.id);
    const member = await inviteMember(app, o.client, { canEditAgents: false });
    const read = await member.client.trpc.agendor.get.query({ agentId: o.agent.id });
    expect(read.data?.config.hasApiToken).toBe(true);
    for (const res of await Promise.all([
      member.client.trpc.agendor.save.mutate({ agentId: o.agent.id, settings: { ...SETTINGS, enabled: false } }),
      member.client.trpc.agendor.test.mutate({ agentId: o.agent.id }),
      member.client.trpc.agendor.options.mutate({ agentId: o.agent.id }),
      member.client.trpc.agendor.remove.mutate({ agentId: o.agent.id }),
    ])) {
      expect(res.error?.httpStatus).toBe(403);
      expect(res.error?.message).toBe("Você não tem permissão para editar agentes neste workspace");
    }
    expect((await o.client.trpc.agendor.get.query({ agentId: o.agent.id })).data?.enabled).toBe(true);
  });
});
