/**
 * Orchestration CRUD (issue 18, SPEC §3/§5): members and the entry point, rules (members only, no
 * self-loop, priority 1–10), routers per channel (threshold 0–1, defaults), workspace scoping and
 * permissions, one active orchestration per entry agent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { userActivityLogs } from "../db/schema";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { must } from "./helpers/client";
import { insertAgent } from "./helpers/factories";
import { viewerOf } from "./helpers/guard-fixtures";

let app: TestApp;
let A: Awaited<ReturnType<typeof ownerWithAgent>>;
let B: Awaited<ReturnType<typeof ownerWithAgent>>;
let sales: string;
let support: string;
let reception: string;

const keyword = (...keywords: string[]) => [{ type: "keyword" as const, keywords, match: "any" as const }];

beforeAll(async () => {
  app = await startTestApp();
  [A, B] = await Promise.all([ownerWithAgent(app, {}, { name: "Recepção" }), ownerWithAgent(app, {}, { name: "Outro" })]);
  reception = A.agent.id;
  sales = (await insertAgent(app, A.workspaceId, A.user.id, "Vendas")).id;
  support = (await insertAgent(app, A.workspaceId, A.user.id, "Suporte")).id;
}, 120_000);
afterAll(() => app.stop());

async function created(name: string, agentIds: string[]) {
  const res = await A.client.trpc.orchestrations.create.mutate({ name, agentIds });
  expect(res.error).toBeNull();
  return must(res.data).id;
}

describe("orchestrations CRUD", () => {
  test("create makes the first agent the entry; get fills the 4 routers with defaults; list counts agents", async () => {
    const id = await created("Atendimento completo", [reception, sales, support]);
    const got = must((await A.client.trpc.orchestrations.get.query({ id })).data);
    expect(got.agents.map((a) => [a.name, a.isEntryPoint])).toEqual([["Recepção", true], ["Vendas", false], ["Suporte", false]]);
    expect(got.routers.map((r) => [r.channel, r.aiConfidenceThreshold, r.lowConfidenceAction, r.saved])).toEqual([
      ["whatsapp", 0.8, "default_agent", false],
      ["telegram", 0.8, "default_agent", false],
      ["instagram", 0.8, "default_agent", false],
      ["widget", 0.8, "default_agent", false],
    ]);
    const list = must((await A.client.trpc.orchestrations.list.query({ search: "completo" })).data);
    expect(list.items.map((i) => [i.name, i.agentCount, i.entryAgentName, i.isActive])).toEqual([["Atendimento completo", 3, "Recepção", true]]);
    expect((await A.client.trpc.orchestrations.list.query({ search: "nada disso" })).data?.total).toBe(0);

    const upd = await A.client.trpc.orchestrations.update.mutate({ id, patch: { name: "Atendimento", description: "Recepção e dois times", isActive: false } });
    expect(upd.data?.isActive).toBe(false);
    const logs = await app.deps.db.select().from(userActivityLogs).where(and(eq(userActivityLogs.workspaceId, A.workspaceId), eq(userActivityLogs.resourceId, id)));
    expect(logs.map((l) => l.action).sort()).toEqual(["orchestration.create", "orchestration.deactivate"]);

    expect((await A.client.trpc.orchestrations.delete.mutate({ id })).error).toBeNull();
    expect((await A.client.trpc.orchestrations.get.query({ id })).error?.code).toBe("NOT_FOUND");
  });

  test("name and description bounds", async () => {
    expect((await A.client.trpc.orchestrations.create.mutate({ name: "" })).error?.httpStatus).toBe(400);
    expect((await A.client.trpc.orchestrations.create.mutate({ name: "x".repeat(201) })).error?.httpStatus).toBe(400);
    expect((await A.client.trpc.orchestrations.create.mutate({ name: "ok", description: "d".repeat(1001) })).error?.httpStatus).toBe(400);
    expect((await A.client.trpc.orchestrations.create.mutate({ name: "x".repeat(200), description: "d".repeat(1000) })).error).toBeNull();
  });

  test("agents: add, remove takes its rules, the entry needs a replacement, positions saved", async () => {
    const id = await created("Membros", [reception]);
    await A.client.trpc.orchestrations.update.mutate({ id, patch: { isActive: false } });
    expect((await A.client.trpc.orchestrations.addAgent.mutate({ id, agentId: sales })).error).toBeNull();
    expect((await A.client.trpc.orchestrations.addAgent.mutate({ id, agentId: sales })).error?.code).toBe("CONFLICT");
    expect((await A.client.trpc.orchestrations.addAgent.mutate({ id, agentId: support })).error).toBeNull();
    const rule = await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { fromAgentId: reception, toAgentId: sales, conditions: keyword("comprar") } });
    expect(rule.data?.priority).toBe(5);
    await A.client.trpc.orchestrations.removeAgent.mutate({ id, agentId: sales });
    let got = must((await A.client.trpc.orchestrations.get.query({ id })).data);
    expect(got.rules).toHaveLength(0);
    expect(got.agents.map((a) => a.name)).toEqual(["Recepção", "Suporte"]);

    const refused = await A.client.trpc.orchestrations.removeAgent.mutate({ id, agentId: reception });
    expect(refused.error?.httpStatus).toBe(400);
    expect(refused.error?.message).toContain("entrada");
    expect((await A.client.trpc.orchestrations.removeAgent.mutate({ id, agentId: reception, newEntryAgentId: support })).error).toBeNull();
    await A.client.trpc.orchestrations.savePositions.mutate({ id, positions: [{ agentId: support, x: 120.4, y: -30 }] });
    got = must((await A.client.trpc.orchestrations.get.query({ id })).data);
    expect(got.agents.map((a) => [a.name, a.isEntryPoint, a.position])).toEqual([["Suporte", true, { x: 120, y: -30 }]]);
  });

  test("rules: members only, no self-loop, priority 1–10, every condition type", async () => {
    const id = await created("Regras", [reception, sales]);
    await A.client.trpc.orchestrations.update.mutate({ id, patch: { isActive: false } });
    const base = { fromAgentId: reception, toAgentId: sales, conditions: keyword("preço") };
    const self = await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { ...base, toAgentId: reception } });
    expect(self.error?.message).toBe("A regra precisa levar a outro agente");
    expect((await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { ...base, priority: 0 } })).error?.httpStatus).toBe(400);
    expect((await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { ...base, priority: 11 } })).error?.httpStatus).toBe(400);
    const notMember = await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { ...base, toAgentId: support } });
    expect(notMember.error?.message).toBe("Este agente não faz parte da orquestração");
    const all = await A.client.trpc.orchestrations.rules.create.mutate({
      id,
      rule: {
        ...base,
        priority: 10,
        conditionMode: "any",
        conditions: [
          { type: "intent", topic: "dúvidas de preço", keywords: ["preço"] },
          { type: "keyword", keywords: ["comprar", "preço"], match: "all" },
          { type: "customer_data", field: "cidade", operator: "equals", value: "Recife" },
          { type: "time_of_day", from: "08:00", to: "18:00", days: [1, 2, 3, 4, 5] },
          { type: "sentiment", sentiment: "negative", minIntensity: 0.6 },
        ],
      },
    });
    expect(all.error).toBeNull();
    const ruleId = must(all.data).id;
    const bad = await A.client.trpc.orchestrations.rules.update.mutate({ id, ruleId, rule: { ...base, conditions: [{ type: "time_of_day", from: "25:00", to: "18:00", days: [] }] } });
    expect(bad.error?.message).toBe("Use o formato HH:MM");
    expect((await A.client.trpc.orchestrations.rules.update.mutate({ id, ruleId, rule: { ...base, priority: 3 } })).data?.priority).toBe(3);
    expect((await A.client.trpc.orchestrations.rules.delete.mutate({ id, ruleId })).error).toBeNull();
    expect((await A.client.trpc.orchestrations.rules.delete.mutate({ id, ruleId })).error?.code).toBe("NOT_FOUND");
  });

  test("routers: threshold bounds, defaults kept, default agent a member, widget cannot call a person", async () => {
    const id = await created("Roteadores", [reception, sales]);
    await A.client.trpc.orchestrations.update.mutate({ id, patch: { isActive: false } });
    expect((await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "whatsapp", config: { aiConfidenceThreshold: 1.2 } })).error?.httpStatus).toBe(400);
    expect((await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "whatsapp", config: { aiConfidenceThreshold: -0.1 } })).error?.httpStatus).toBe(400);
    const saved = await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "whatsapp", config: { aiConfidenceThreshold: 0.65, defaultAgentId: sales, lowConfidenceAction: "human" } });
    expect(saved.data).toMatchObject({ channel: "whatsapp", aiEnabled: true, aiConfidenceThreshold: 0.65, defaultAgentId: sales, lowConfidenceAction: "human", aiModel: null, saved: true });
    const widget = await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "widget", config: { lowConfidenceAction: "human" } });
    expect(widget.error?.message).toContain("No chat web não há atendente humano");
    expect((await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "telegram", config: { defaultAgentId: support } })).error?.message).toBe("Este agente não faz parte da orquestração");
    expect((await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "telegram", config: { aiModel: "modelo-inexistente" } })).error?.message).toBe("Modelo indisponível: escolha um dos modelos habilitados");
    const tg = must((await A.client.trpc.orchestrations.routers.get.query({ id, channel: "telegram" })).data);
    expect(tg).toMatchObject({ aiConfidenceThreshold: 0.8, saved: false });
  });

  test("another workspace's agent is refused on create, addAgent, rule and router default", async () => {
    const other = B.agent.id;
    const create = await A.client.trpc.orchestrations.create.mutate({ name: "Invasora", agentIds: [other] });
    expect(create.error?.code).toBe("NOT_FOUND");
    expect(create.error?.message).toBe("Agente não encontrado neste espaço de trabalho");
    const id = await created("Escopo", [sales]);
    await A.client.trpc.orchestrations.update.mutate({ id, patch: { isActive: false } });
    expect((await A.client.trpc.orchestrations.addAgent.mutate({ id, agentId: other })).error?.code).toBe("NOT_FOUND");
    expect((await A.client.trpc.orchestrations.rules.create.mutate({ id, rule: { fromAgentId: sales, toAgentId: other, conditions: keyword("x") } })).error?.code).toBe("NOT_FOUND");
    expect((await A.client.trpc.orchestrations.routers.update.mutate({ id, channel: "whatsapp", config: { defaultAgentId: other } })).error?.code).toBe("NOT_FOUND");
    // B cannot see or touch A's orchestration.
    expect((await B.client.trpc.orchestrations.get.query({ id })).error?.code).toBe("NOT_FOUND");
    expect((await B.client.trpc.orchestrations.delete.mutate({ id })).error?.code).toBe("NOT_FOUND");
  });

  test("a viewer reads but cannot write", async () => {
    const viewer = await viewerOf(app, { client: A.client, userId: A.user.id });
    expect((await viewer.client.trpc.orchestrations.list.query({})).error).toBeNull();
    const res = await viewer.client.trpc.orchestrations.create.mutate({ name: "Do leitor" });
    expect(res.error?.code).toBe("FORBIDDEN");
  });

  test("an agent is the entry of at most one active orchestration", async () => {
    const first = await created("Primeira ativa", [support]);
    const second = await A.client.trpc.orchestrations.create.mutate({ name: "Segunda", agentIds: [support] });
    expect(second.error?.code).toBe("CONFLICT");
    expect(second.error?.message).toBe('O agente "Suporte" já é a entrada da orquestração ativa "Primeira ativa". Desative-a ou escolha outra entrada.');
    await A.client.trpc.orchestrations.update.mutate({ id: first, patch: { isActive: false } });
    const third = await created("Terceira", [support]);
    const reactivate = await A.client.trpc.orchestrations.update.mutate({ id: first, patch: { isActive: true } });
    expect(reactivate.error?.message).toContain('"Terceira"');
    expect(third).not.toBe(first);
  });
});
