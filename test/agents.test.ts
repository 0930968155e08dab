/** Agents over REST and tRPC: CRUD, SPEC §5 validation in pt-BR, configHash, plan limit, permission flags, cross-workspace refusal. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agentIntents, agents } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { Client, must } from "./helpers/client";
import { inviteMember as inviteWith } from "./helpers/training";
import { type PublicUser, registerUser } from "./helpers/factories";
import type { Inputs } from "./helpers/trpc-proxy";

type IntentInput = Inputs["agents"]["intents"]["create"]["intent"];

const NOT_FOUND = "Agente não encontrado";
const BAD_UUID = "nao-e-um-uuid";
const MISSING_UUID = "00000000-0000-4000-8000-000000000000";
const SPEC_DEFAULTS: Record<string, unknown> = {
  useEmojis: true,
  restrictTopics: true,
  splitLongMessages: true,
  allowReminders: true,
  webSearch: false,
  autoAddToFunnel: false,
  responseTime: 5,
  maxInteractionsPerService: "100 interações",
  actionOnLimit: "Bloquear por 1 hora",
  timezone: "America/Sao_Paulo",
  followUpSettings: [],
};

let app: TestApp;
let owner: { client: Client; user: PublicUser };
let agent: AgentRow;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
});
afterAll(() => app.stop());

const patch = (c: Client, id: string, body: unknown) => c.request<AgentRow>("PATCH", `/api/v1/agents/${id}`, { body });
const toggle = (c: Client, id: string, body: unknown) => c.request<AgentRow>("PATCH", `/api/v1/agents/${id}/toggle`, { body });
const del = (c: Client, id: string) => c.request("DELETE", `/api/v1/agents/${id}`);
const dbAgent = async (id: string) => (await app.deps.db.select().from(agents).where(eq(agents.id, id)))[0];

/** Joins a member to the owner's workspace with exactly the given flags. */
const inviteMember = (ownerClient: Client, flags: Record<string, boolean>) => inviteWith(app, ownerClient, flags);

describe("[agents] create, read, update, delete over REST", () => {
  test("POST trims and collapses whitespace, answers 201 with a 64-hex configHash and the §9 conversation defaults", async () => {
    const res = await owner.client.post<AgentRow>("/api/v1/agents", {
      name: "  Ana   Bot ",
      activity: "\tAtendimento   de\nvendas  ",
      description: "  Responde   dúvidas  ",
      avatarUrl: " https://cdn.exemplo.com.br/ana.png ",
    });
    expect(res.status).toBe(201);
    agent = res.data;
    expect(agent).toMatchObject({
      name: "Ana Bot",
      activity: "Atendimento de vendas",
      description: "Responde dúvidas",
      avatarUrl: "https://cdn.exemplo.com.br/ana.png",
      isActive: true,
      workspaceId: owner.user.currentWorkspaceId,
      aiProvider: "openai",
      personalityMode: "simplificado",
    });
    expect(agent.configHash).toMatch(/^[0-9a-f]{64}$/);
    expect(agent.conversationSettings).toEqual(SPEC_DEFAULTS);
    const stored = await dbAgent(agent.id);
    expect(stored?.configHash).toBe(agent.configHash);
    expect(stored?.conversationSettings as unknown).toEqual(SPEC_DEFAULTS);
  });

  test("GET list and GET by id return it; tRPC agents.list/get agree", async () => {
    const list = await owner.client.get<AgentRow[]>("/api/v1/agents");
    expect(list.status).toBe(200);
    expect(list.data.map((a) => a.id)).toEqual([agent.id]);
    const one = await owner.client.get<AgentRow>(`/api/v1/agents/${agent.id}`);
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ id: agent.id, name: "Ana Bot", configHash: agent.configHash });
    const viaTrpc = await owner.client.trpc.agents.get.query({ id: agent.id });
    expect(viaTrpc.data).toMatchObject({ id: agent.id, name: "Ana Bot" });
    expect((await owner.client.trpc.agents.list.query()).data.map((a) => a.id)).toEqual([agent.id]);
  });

  test("anonymous is 401 on every agent route", async () => {
    const anon = await new Client(app.base).warmUp();
    expect((await anon.get("/api/v1/agents")).status).toBe(401);
    expect((await anon.post("/api/v1/agents", { name: "Intruso", activity: "Nada" })).status).toBe(401);
    expect((await anon.get(`/api/v1/agents/${agent.id}`)).status).toBe(401);
    expect((await patch(anon, agent.id, { name: "Hacker" })).status).toBe(401);
    expect((await toggle(anon, agent.id, { isActive: false })).status).toBe(401);
    expect((await del(anon, agent.id)).status).toBe(401);
    expect((await anon.trpc.agents.list.query()).error?.code).toBe("UNAUTHORIZED");
    expect((await dbAgent(agent.id))?.name).toBe("Ana Bot");
  });

  test("configHash: unchanged when nothing changes, changes with behaviour, returns when reverted", async () => {
    const h0 = agent.configHash;
    const same = await patch(owner.client, agent.id, { name: "   Ana    Bot  " });
    expect(same.status).toBe(200);
    expect(same.data.configHash).toBe(h0);
    expect((await patch(owner.client, agent.id, {})).data.configHash).toBe(h0);

    const details = await patch(owner.client, agent.id, { companyDetails: "Abrimos de segunda a sexta, das 9h às 18h." });
    expect(details.data.configHash).toMatch(/^[0-9a-f]{64}$/);
    expect(details.data.configHash).not.toBe(h0);
    const h1 = details.data.configHash;

    const emojis = await patch(owner.client, agent.id, { conversationSettings: { ...SPEC_DEFAULTS, useEmojis: false } });
    expect(emojis.data.configHash).not.toBe(h1);
    expect(emojis.data.configHash).not.toBe(h0);

    const words = await patch(owner.client, agent.id, { avoidedWords: ["barato"] });
    expect(words.data.configHash).not.toBe(emojis.data.configHash);

    // back to the original behaviour: the same hash again ("" clears an optional field)
    const reverted = await patch(owner.client, agent.id, { companyDetails: "", conversationSettings: SPEC_DEFAULTS, avoidedWords: [] });
    expect(reverted.data.companyDetails).toBeNull();
    expect(reverted.data.configHash).toBe(h0);
    expect((await dbAgent(agent.id))?.configHash).toBe(h0);
  });

  test("PATCH saves every editor section, trimmed; tRPC agents.update does the same", async () => {
    const res = await patch(owner.client, agent.id, {
      voiceTone: "  Amigável  ",
      companyName: " Padaria   Pão Quente ",
      companyWebsite: "https://paoquente.com.br",
      companySegment: "Alimentação",
      personalityMode: "avancado",
      personalitySettings: { agentRole: "  Atendente   da padaria ", advancedPersonality: "Você é calorosa, objetiva e sempre educada." },
      conversationSettings: {
        ...SPEC_DEFAULTS,
        followUpSettings: [{ id: "f1", timeout: 30, action: "send_message", message: "  Ainda   está aí? ", order: 0 }],
      },
      unknownResponseMessage: "Não sei responder isso.",
      enableCustomErrorResponses: true,
      avoidedThemes: ["  política "],
      allowedDomains: ["PaoQuente.com.br"],
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      voiceTone: "Amigável",
      companyName: "Padaria Pão Quente",
      personalityMode: "avancado",
      personalitySettings: { agentRole: "Atendente da padaria" },
      avoidedThemes: ["política"],
      allowedDomains: ["paoquente.com.br"],
      enableCustomErrorResponses: true,
    });
    expect((res.data.conversationSettings as { followUpSettings: { message: string }[] }).followUpSettings[0]?.message).toBe("Ainda está aí?");

    const viaTrpc = await owner.client.trpc.agents.update.mutate({ id: agent.id, patch: { voiceTone: " Formal " } });
    expect(viaTrpc.data.voiceTone).toBe("Formal");
    expect((await dbAgent(agent.id))?.voiceTone).toBe("Formal");
  });
});

describe("[agents] SPEC §5 validation with pt-BR messages", () => {
  const long = (n: number) => "a".repeat(n);
  const settingsWith = (step: Record<string, unknown>) => ({
    ...SPEC_DEFAULTS,
    followUpSettings: [{ id: "f1", timeout: 30, action: "send_message", message: "Oi", order: 0, ...step }],
  });
  const cases: [string, Record<string, unknown>, string][] = [
    ["name too short", { name: "A" }, "Nome deve ter pelo menos 2 caracteres"],
    ["name blank after trim", { name: "   A   " }, "Nome deve ter pelo menos 2 caracteres"],
    ["name too long", { name: long(101) }, "Nome deve ter no máximo 100 caracteres"],
    ["activity too short", { activity: "x" }, "Atividade deve ter pelo menos 2 caracteres"],
    ["activity too long", { activity: long(101) }, "Atividade deve ter no máximo 100 caracteres"],
    ["description too long", { description: long(501) }, "Descrição deve ter no máximo 500 caracteres"],
    ["voiceTone too long", { voiceTone: long(51) }, "Tom de voz deve ter no máximo 50 caracteres"],
    ["aiModel too long", { aiModel: long(51) }, "Modelo deve ter no máximo 50 caracteres"],
    ["personality too long", { personality: long(5001) }, "Personalidade deve ter no máximo 5000 caracteres"],
    ["avatarUrl not a URL", { avatarUrl: "minha foto" }, "URL inválida"],
    ["avatarUrl javascript:", { avatarUrl: "javascript:alert(1)" }, "URL inválida"],
    ["companyName too short", { companyName: "P" }, "Nome da empresa deve ter pelo menos 2 caracteres"],
    ["companyName too long", { companyName: long(201) }, "Nome da empresa deve ter no máximo 200 caracteres"],
    ["companyWebsite not a URL", { companyWebsite: "paoquente" }, "URL inválida"],
    ["companySegment too long", { companySegment: long(101) }, "Segmento deve ter no máximo 100 caracteres"],
    ["companyDetails too long", { companyDetails: long(2001) }, "Detalhes da empresa devem ter no máximo 2000 caracteres"],
    ["agentRole too short", { personalitySettings: { agentRole: "abcd" } }, "Papel do agente deve ter pelo menos 5 caracteres"],
    ["agentRole too long", { personalitySettings: { agentRole: long(501) } }, "Papel do agente deve ter no máximo 500 caracteres"],
    ["agentFunction too short", { personalitySettings: { agentFunction: "abc" } }, "Função do agente deve ter pelo menos 5 caracteres"],
    ["agentPurpose too long", { personalitySettings: { agentPurpose: long(501) } }, "Propósito do agente deve ter no máximo 500 caracteres"],
    ["responseStyle too long", { personalitySettings: { responseStyle: long(501) } }, "Estilo de resposta deve ter no máximo 500 caracteres"],
    ["restrictions too long", { personalitySettings: { restrictions: long(1001) } }, "Restrições devem ter no máximo 1000 caracteres"],
    ["customRules too long", { personalitySettings: { customRules: long(1001) } }, "Regras personalizadas devem ter no máximo 1000 caracteres"],
    ["advancedPersonality too short", { personalitySettings: { advancedPersonality: long(19) } }, "Personalidade avançada deve ter pelo menos 20 caracteres"],
    ["advancedPersonality too long", { personalitySettings: { advancedPersonality: long(5001) } }, "Personalidade avançada deve ter no máximo 5000 caracteres"],
    ["follow-up message too long", { conversationSettings: settingsWith({ message: long(513) }) }, "Mensagem deve ter no máximo 512 caracteres"],
    ["follow-up order negative", { conversationSettings: settingsWith({ order: -1 }) }, "Ordem deve ser 0 ou mais"],
  ];

  let own: { client: Client; agent: AgentRow; updatedAt: number | undefined };
  beforeAll(async () => {
    const o = await ownerWithAgent(app);
    own = { client: o.client, agent: o.agent, updatedAt: (await dbAgent(o.agent.id))?.updatedAt };
  });

  for (const [label, body, message] of cases) {
    test(`${label} → 400 '${message}' and nothing saved`, async () => {
      const res = await patch(own.client, own.agent.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message });
      const trpc = await own.client.trpc.agents.update.mutate({ id: own.agent.id, patch: body });
      expect(trpc.error).toMatchObject({ code: "BAD_REQUEST", message });
      const stored = await dbAgent(own.agent.id);
      expect(stored?.updatedAt).toBe(own.updatedAt);
      expect(stored?.configHash).toBe(own.agent.configHash);
    });
  }

  test("the same rules on create (REST 400, tRPC BAD_REQUEST) and nothing is created", async () => {
    const fresh = await registerUser(app);
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "A", activity: "Vendas" }, "Nome deve ter pelo menos 2 caracteres"],
      [{ name: long(101), activity: "Vendas" }, "Nome deve ter no máximo 100 caracteres"],
      [{ name: "Ana", activity: "V" }, "Atividade deve ter pelo menos 2 caracteres"],
      [{ name: "Ana", activity: "Vendas", description: long(501) }, "Descrição deve ter no máximo 500 caracteres"],
      [{ name: "Ana", activity: "Vendas", avatarUrl: "ftp://x.com/a.png" }, "URL inválida"],
    ];
    for (const [body, message] of bad) {
      const rest = await fresh.client.post("/api/v1/agents", body);
      expect(rest.status).toBe(400);
      expect(rest.body.error).toMatchObject({ code: "VALIDATION", message });
      const trpc = await fresh.client.mutate("agents.create", body);
      expect(trpc.error).toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect((await fresh.client.get<AgentRow[]>("/api/v1/agents")).data).toEqual([]);
    // whitespace collapses before the length check: a long run of spaces is fine
    const ok = await fresh.client.post<AgentRow>("/api/v1/agents", { name: `Ana${" ".repeat(150)}Bot`, activity: "Vendas" });
    expect(ok.status).toBe(201);
    expect(ok.data.name).toBe("Ana Bot");
  });

  test("wrong types, a non-object body and undecodable tRPC input get pt-BR messages, never zod's or the parser's English", async () => {
    const fresh = await registerUser(app);
    const wrongType = await fresh.client.post("/api/v1/agents", { name: 5, activity: "Vendas" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatchObject({ code: "VALIDATION", message: "Valor inválido", field: "name" });
    const array = await fresh.client.post("/api/v1/agents", [1, 2]);
    expect(array.body.error).toMatchObject({ code: "VALIDATION", message: "Valor inválido" });
    const trpcType = await fresh.client.mutate("agents.create", { name: 5, activity: "Vendas" });
    expect(trpcType.error).toMatchObject({ code: "BAD_REQUEST", message: "Valor inválido" });
    const broken = await fresh.client.post("/trpc/agents.create", undefined, { raw: "{quebrado" });
    expect(broken.status).toBe(400);
    expect(broken.body.error.json.message).toBe("Corpo da requisição inválido (JSON malformado)");
  });
});

describe("[agents] toggle and delete", () => {
  test("toggle validates its body and flips isActive; the public page follows", async () => {
    const { client, agent: a } = await ownerWithAgent(app);
    for (const body of [{ isActive: "sim" }, {}, { isActive: null }]) {
      const res = await toggle(client, a.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message: "isActive deve ser verdadeiro ou falso" });
    }
    const malformed = await client.request("PATCH", `/api/v1/agents/${a.id}/toggle`, { raw: "{isActive:" });
    expect(malformed.status).toBe(400);
    expect((await dbAgent(a.id))?.isActive).toBe(true);

    const off = await toggle(client, a.id, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.data.isActive).toBe(false);
    expect((await new Client(app.base).get(`/api/v1/public/agents/${a.id}`)).status).toBe(404);
    const on = await client.trpc.agents.toggle.mutate({ id: a.id, isActive: true });
    expect(on.data.isActive).toBe(true);
    expect((await new Client(app.base).get(`/api/v1/public/agents/${a.id}`)).status).toBe(200);
  });

  test("bad or unknown ids are 404 'Agente não encontrado', never 500", async () => {
    const { client } = await ownerWithAgent(app);
    for (const id of [BAD_UUID, MISSING_UUID, "' OR 1=1 --"]) {
      const path = `/api/v1/agents/${encodeURIComponent(id)}`;
      for (const res of [await client.get(path), await patch(client, encodeURIComponent(id), { name: "Novo" }), await toggle(client, encodeURIComponent(id), { isActive: false }), await client.request("DELETE", path)]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({ code: "NOT_FOUND", message: NOT_FOUND });
      }
    }
    expect((await client.trpc.agents.get.query({ id: MISSING_UUID })).error).toMatchObject({ code: "NOT_FOUND", message: NOT_FOUND });
    expect((await client.trpc.agents.get.query({ id: BAD_UUID })).error?.code).toBe("BAD_REQUEST");
  });

  test("DELETE removes the agent and its intents; a second DELETE is 404", async () => {
    const { client, agent: a } = await ownerWithAgent(app);
    const intent = await client.trpc.agents.intents.create.mutate({
      agentId: a.id,
      intent: { name: "Horário", description: "Pergunta sobre horário de funcionamento", examples: ["Que horas abre?"], action: { type: "simple_response", simpleResponse: "Das 9h às 18h." } },
    });
    expect(intent.ok).toBe(true);
    const res = await del(client, a.id);
    expect(res.status).toBe(200);
    expect(await dbAgent(a.id)).toBeUndefined();
    expect(await app.deps.db.select().from(agentIntents).where(eq(agentIntents.agentId, a.id))).toEqual([]);
    expect((await del(client, a.id)).status).toBe(404);
    expect((await client.get<AgentRow[]>("/api/v1/agents")).data).toEqual([]);
    // the freed slot can be used again
    expect((await client.post("/api/v1/agents", { name: "Outra", activity: "Vendas" })).status).toBe(201);
    expect((await client.trpc.agents.delete.mutate({ id: MISSING_UUID })).error?.code).toBe("NOT_FOUND");
  });
});

describe("[agents] plan limit (free plan maxAgents = 1)", () => {
  test("the second agent is 403 with a clear pt-BR message, on REST and tRPC", async () => {
    const { client } = await ownerWithAgent(app);
    const message = "Seu plano Gratuito permite até 1 agente. Atualize seu plano para criar mais.";
    const rest = await client.post("/api/v1/agents", { name: "Segundo", activity: "Vendas" });
    expect(rest.status).toBe(403);
    expect(rest.body.error).toMatchObject({ code: "LIMIT_EXCEEDED", message });
    const trpc = await client.trpc.agents.create.mutate({ name: "Terceiro", activity: "Vendas" });
    expect(trpc.status).toBe(403);
    expect(trpc.error).toMatchObject({ code: "FORBIDDEN", message });
    expect((await client.get<AgentRow[]>("/api/v1/agents")).data).toHaveLength(1);
  });

  test("ten simultaneous creates in an empty workspace make exactly one agent", async () => {
    const { client, user } = await registerUser(app);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => client.post("/api/v1/agents", { name: `Agente ${i}`, activity: "Vendas" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(9);
    const rows = await app.deps.db.select().from(agents).where(eq(agents.workspaceId, String(user.currentWorkspaceId)));
    expect(rows).toHaveLength(1);
  });
});

describe("[agents] member permission flags are enforced by the server", () => {
  test("a member without agent flags can read but not create, update, toggle or delete", async () => {
    const o = await ownerWithAgent(app);
    // free plan has one agent slot: delete-and-recreate checks below need the slot free
    const member = await inviteMember(o.client, {});
    const seen = await member.client.get<AgentRow[]>("/api/v1/agents");
    expect(seen.data.map((a) => a.id)).toEqual([o.agent.id]);

    await del(o.client, o.agent.id);
    const create = await member.client.post("/api/v1/agents", { name: "Do Membro", activity: "Vendas" });
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: "FORBIDDEN", message: "Você não tem permissão para criar agentes neste workspace" });
    expect((await member.client.trpc.agents.create.mutate({ name: "Do Membro", activity: "Vendas" })).error?.code).toBe("FORBIDDEN");
    expect((await o.client.get<AgentRow[]>("/api/v1/agents")).data).toEqual([]);

    const again = await o.client.post<AgentRow>("/api/v1/agents", { name: "Ana Atendente", activity: "Atendimento" });
    const id = again.data.id;
    const before = await dbAgent(id);

    const upd = await patch(member.client, id, { name: "Mudado" });
    expect(upd.status).toBe(403);
    expect(upd.body.error.message).toBe("Você não tem permissão para editar agentes neste workspace");
    expect((await member.client.trpc.agents.update.mutate({ id, patch: { name: "Mudado" } })).error?.code).toBe("FORBIDDEN");
    expect((await toggle(member.client, id, { isActive: false })).status).toBe(403);
    expect((await member.client.trpc.agents.toggle.mutate({ id, isActive: false })).error?.code).toBe("FORBIDDEN");
    const rm = await del(member.client, id);
    expect(rm.status).toBe(403);
    expect(rm.body.error.message).toBe("Você não tem permissão para excluir agentes neste workspace");
    expect((await member.client.trpc.agents.delete.mutate({ id })).error?.code).toBe("FORBIDDEN");
    const intent = await member.client.trpc.agents.intents.create.mutate({
      agentId: id,
      intent: { name: "Horário", description: "Pergunta sobre horário", examples: ["Que horas abre?"], action: { type: "simple_response", simpleResponse: "9h" } },
    });
    expect(intent.error?.code).toBe("FORBIDDEN");

    expect(await dbAgent(id)).toEqual(before);
    expect(await app.deps.db.select().from(agentIntents).where(eq(agentIntents.agentId, id))).toEqual([]);
  });

  test("canEditAgents alone allows editing and toggling, not creating or deleting", async () => {
    const o = await ownerWithAgent(app);
    const editor = await inviteMember(o.client, { canEditAgents: true });
    const upd = await patch(editor.client, o.agent.id, { name: "Editado pelo membro" });
    expect(upd.status).toBe(200);
    expect((await toggle(editor.client, o.agent.id, { isActive: false })).status).toBe(200);
    expect((await del(editor.client, o.agent.id)).status).toBe(403);
    expect(await dbAgent(o.agent.id)).toMatchObject({ name: "Editado pelo membro", isActive: false });
    const deleter = await inviteMember(o.client, { canDeleteAgents: true });
    expect((await patch(deleter.client, o.agent.id, { name: "Outro" })).status).toBe(403);
    expect((await del(deleter.client, o.agent.id)).status).toBe(200);
    expect(await dbAgent(o.agent.id)).toBeUndefined();
  });
});

describe("[agents] another workspace's agent does not exist for you", () => {
  test("B gets 404 for A's agent on get, patch, toggle, delete and intents, and never lists it", async () => {
    const a = await ownerWithAgent(app);
    const intent = await a.client.trpc.agents.intents.create.mutate({
      agentId: a.agent.id,
      intent: { name: "Horário", description: "Pergunta sobre horário", examples: ["Que horas abre?"], action: { type: "simple_response", simpleResponse: "9h" } },
    });
    const b = await ownerWithAgent(app);
    const id = a.agent.id;
    const before = await dbAgent(id);

    for (const res of [await b.client.get(`/api/v1/agents/${id}`), await patch(b.client, id, { name: "Roubado" }), await toggle(b.client, id, { isActive: false }), await del(b.client, id)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: "NOT_FOUND", message: NOT_FOUND });
    }
    expect((await b.client.trpc.agents.get.query({ id })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.update.mutate({ id, patch: { name: "Roubado" } })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.toggle.mutate({ id, isActive: false })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.delete.mutate({ id })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.intents.list.query({ agentId: id })).error?.code).toBe("NOT_FOUND");
    const newIntent: IntentInput = { name: "Invasão", description: "Tentativa de outro workspace", examples: ["oi"], action: { type: "simple_response", simpleResponse: "x" } };
    expect((await b.client.trpc.agents.intents.create.mutate({ agentId: id, intent: newIntent })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.intents.update.mutate({ agentId: id, id: must(intent.data).id, intent: newIntent })).error?.code).toBe("NOT_FOUND");
    // even through B's own agent id, A's intent is out of reach
    expect((await b.client.trpc.agents.intents.update.mutate({ agentId: b.agent.id, id: must(intent.data).id, intent: newIntent })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.intents.delete.mutate({ agentId: id, id: must(intent.data).id })).error?.code).toBe("NOT_FOUND");
    expect((await b.client.trpc.agents.preview.mutate({ id, chat: { message: "oi" } })).error?.code).toBe("NOT_FOUND");

    const listB = await b.client.get<AgentRow[]>("/api/v1/agents");
    expect(listB.data.map((x) => x.id)).toEqual([b.agent.id]);
    expect((await b.client.trpc.agents.list.query()).data.map((x) => x.id)).toEqual([b.agent.id]);
    expect(await dbAgent(id)).toEqual(before);
    const intents = await a.client.trpc.agents.intents.list.query({ agentId: id });
    expect(intents.data.map((i) => i.name)).toEqual(["Horário"]);
  });
});

describe("[agents] intents (SPEC §5 Intent and Webhook)", () => {
  let c: Client;
  let agentId: string;
  const base: IntentInput = {
    name: "Consultar pedido",
    description: "O cliente quer saber o status do pedido",
    examples: ["Cadê meu pedido?", "Qual o status da minha compra?"],
    action: { type: "simple_response", simpleResponse: "Vou verificar para você." },
  };
  const create = (intent: IntentInput) => c.trpc.agents.intents.create.mutate({ agentId, intent });

  beforeAll(async () => {
    const o = await ownerWithAgent(app);
    c = o.client;
    agentId = o.agent.id;
  });

  test("create with defaults: priority 5, active, no parameters; webhook timeout 5, retries 3, POST, before_response", async () => {
    const simple = await create({ ...base, name: "  Consultar   pedido " });
    expect(simple.ok).toBe(true);
    expect(simple.data).toMatchObject({ name: "Consultar pedido", priority: 5, isActive: true, parameters: [], agentId });
    const hook = await create({ ...base, name: "Rastrear", action: { type: "webhook", webhook: { url: "https://api.loja.com.br/rastreio" } } });
    expect(hook.ok).toBe(true);
    expect(hook.data?.action).toEqual({
      type: "webhook",
      // Headers are listed as names with hasValue, never their values (issue 11, defect 8).
      webhook: { url: "https://api.loja.com.br/rastreio", method: "POST", headers: [], timeout: 5, retries: 3, when: "before_response", sendParameters: true, sendUserData: false },
    });
    const tool = await create({
      ...base,
      name: "Agendar",
      priority: 9,
      action: { type: "internal_tool", internalTool: "calendar" },
      parameters: [{ name: "data_desejada", type: "date", required: true, examples: ["amanhã"] }],
    });
    expect(tool.data).toMatchObject({ priority: 9, parameters: [{ name: "data_desejada", type: "date", required: true, examples: ["amanhã"] }] });
    const list = await c.trpc.agents.intents.list.query({ agentId });
    expect(list.data.map((i) => [i.name, i.priority])).toEqual([
      ["Agendar", 9],
      ["Consultar pedido", 5],
      ["Rastrear", 5],
    ]);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["name too short", { name: "A" }, "Nome deve ter pelo menos 2 caracteres"],
    ["name too long", { name: "n".repeat(101) }, "Nome deve ter no máximo 100 caracteres"],
    ["description too short", { description: "curta" }, "Descrição deve ter pelo menos 10 caracteres"],
    ["description too long", { description: "d".repeat(501) }, "Descrição deve ter no máximo 500 caracteres"],
    ["no examples", { examples: [] }, "Adicione pelo menos 1 exemplo"],
    ["11 examples", { examples: Array.from({ length: 11 }, (_, i) => `exemplo ${i}`) }, "No máximo 10 exemplos"],
    ["priority 0", { priority: 0 }, "Prioridade mínima 1"],
    ["priority 11", { priority: 11 }, "Prioridade máxima 10"],
    ["simple response too long", { action: { type: "simple_response", simpleResponse: "r".repeat(1001) } }, "Resposta deve ter no máximo 1000 caracteres"],
    ["responseTemplate too long", { responseTemplate: "t".repeat(1001) }, "Modelo de resposta deve ter no máximo 1000 caracteres"],
    ["unknown internal tool", { action: { type: "internal_tool", internalTool: "slack" } }, "Ferramenta interna inválida"],
    ["parameter name with a space", { parameters: [{ name: "nome cliente", type: "text" }] }, "Nome do parâmetro deve ser um identificador (letras, números e _)"],
    ["parameter name starting with a digit", { parameters: [{ name: "1nome", type: "text" }] }, "Nome do parâmetro deve ser um identificador (letras, números e _)"],
    ["parameter name too long", { parameters: [{ name: "p".repeat(51), type: "text" }] }, "Nome do parâmetro deve ter no máximo 50 caracteres"],
    ["parameter type", { parameters: [{ name: "valor", type: "money" }] }, "Tipo de parâmetro inválido"],
    ["6 parameter examples", { parameters: [{ name: "cor", type: "text", examples: ["a", "b", "c", "d", "e", "f"] }] }, "No máximo 5 exemplos por parâmetro"],
    ["parameter description too long", { parameters: [{ name: "cor", type: "text", description: "x".repeat(201) }] }, "Descrição do parâmetro deve ter no máximo 200 caracteres"],
    ["webhook timeout 0", { action: { type: "webhook", webhook: { url: "https://x.com.br", timeout: 0 } } }, "Timeout mínimo de 1 segundo"],
    ["webhook timeout 31", { action: { type: "webhook", webhook: { url: "https://x.com.br", timeout: 31 } } }, "Timeout máximo de 30 segundos"],
    ["webhook retries -1", { action: { type: "webhook", webhook: { url: "https://x.com.br", retries: -1 } } }, "Tentativas mínimas: 0"],
    ["webhook retries 6", { action: { type: "webhook", webhook: { url: "https://x.com.br", retries: 6 } } }, "Tentativas máximas: 5"],
    ["webhook method", { action: { type: "webhook", webhook: { url: "https://x.com.br", method: "FETCH" } } }, "Método HTTP deve ser GET, POST, PUT, DELETE ou PATCH"],
    ["webhook when", { action: { type: "webhook", webhook: { url: "https://x.com.br", when: "sometimes" } } }, "Momento do webhook inválido"],
    ["webhook url", { action: { type: "webhook", webhook: { url: "not a url" } } }, "URL inválida"],
  ];
  for (const [label, override, message] of bad) {
    test(`${label} → BAD_REQUEST '${message}'`, async () => {
      const before = (await c.trpc.agents.intents.list.query({ agentId })).data.length;
      const res = await create({ ...base, ...override });
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ code: "BAD_REQUEST", message });
      expect((await c.trpc.agents.intents.list.query({ agentId })).data).toHaveLength(before);
    });
  }

  test("webhook bounds are inclusive (timeout 1 and 30, retries 0 and 5, every method)", async () => {
    for (const [timeout, retries, method] of [
      [1, 0, "GET"],
      [30, 5, "PATCH"],
    ] as const) {
      const res = await create({ ...base, name: `Hook ${method}`, action: { type: "webhook", webhook: { url: "https://x.com.br", timeout, retries, method, when: "on_error" } } });
      expect(res.ok).toBe(true);
      expect(res.data?.action).toMatchObject({ webhook: { timeout, retries, method, when: "on_error" } });
    }
  });

  test("update replaces and validates; delete removes; unknown ids are NOT_FOUND", async () => {
    const created = await create({ ...base, name: "Temporária" });
    const id = must(created.data).id;
    const upd = await c.trpc.agents.intents.update.mutate({ agentId, id, intent: { ...base, name: "Renomeada", priority: 2 } });
    expect(upd.data).toMatchObject({ name: "Renomeada", priority: 2 });
    const invalid = await c.trpc.agents.intents.update.mutate({ agentId, id, intent: { ...base, priority: 42 } });
    expect(invalid.error).toMatchObject({ code: "BAD_REQUEST", message: "Prioridade máxima 10" });
    const [row] = await app.deps.db.select().from(agentIntents).where(eq(agentIntents.id, id));
    expect(row?.priority).toBe(2);
    expect((await c.trpc.agents.intents.update.mutate({ agentId, id: MISSING_UUID, intent: base })).error?.code).toBe("NOT_FOUND");
    expect((await c.trpc.agents.intents.delete.mutate({ agentId, id })).ok).toBe(true);
    expect((await c.trpc.agents.intents.delete.mutate({ agentId, id })).error).toMatchObject({ code: "NOT_FOUND", message: "Intenção não encontrada" });
  });
});
