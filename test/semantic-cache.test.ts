/**
 * Knowledge at runtime with a configured provider (fake OpenAI), jobs in the Worker: the retrieved
 * passage reaches the model's system message and is cited in the stored reply; the semantic cache
 * answers a repeated first question with no model call and no charge, shows hits and R$ saved,
 * stops hitting once the agent is retrained or edited, and never serves a question with history.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { type TestApp, startTestApp } from "./helpers/app";
import { type AgentRow, chat, ledger, ownerWithAgent, setWallet } from "./helpers/agents";
import type { Client } from "./helpers/client";
import { type SourceRow, agentRow, messageMetadata, trainSource, waitForSource } from "./helpers/training";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let owner: Client;
let agent: AgentRow;
let workspaceId: string;
let hours: SourceRow;

const HOURS = "Nosso horário de funcionamento é de segunda a sexta, das 9h às 18h, e aos sábados das 9h às 13h.";
const QUESTION = "Qual é o horário de funcionamento da loja aos sábados?";

beforeAll(async () => {
  fake = await startFakeOpenAi({ reply: () => ({ content: "Aos sábados abrimos das 9h às 13h." }) });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  const o = await ownerWithAgent(app, { unknownResponseMessage: "Não sei." });
  owner = o.client;
  agent = o.agent;
  workspaceId = o.workspaceId;
  await setWallet(app, workspaceId, { regular: 100_000 });
  hours = await trainSource(owner, "Text", agent.id, { content: HOURS });
  await trainSource(owner, "Text", agent.id, { content: "Entregamos em todo o bairro Centro com taxa fixa de oito reais." });
});

afterAll(async () => {
  await app.stop();
  fake.stop();
});

const chats = () => fake.chatRequests().length;
const lastChat = () => fake.chatRequests().at(-1) as ChatBody;
const systemOf = (b: ChatBody) => String(b.messages.find((m) => m.role === "system")?.content ?? "");
const outcome = (r: Awaited<ReturnType<typeof chat>>) => r.body.data?.outcome;
const stats = async () => (await owner.trpc.training.cacheStats.query({ agentId: agent.id })).data;

describe("[knowledge] runtime with a provider", () => {
  test("the system message sent to the model carries the retrieved passage, and the stored reply cites its source", async () => {
    const before = chats();
    const res = await chat(app, agent.id, { message: "Vocês fazem entrega no bairro Centro?" });
    expect(res.status).toBe(200);
    expect(outcome(res)).toBe("answered");
    expect(chats()).toBe(before + 1);
    const system = systemOf(lastChat());
    expect(system).toContain("Entregamos em todo o bairro Centro com taxa fixa de oito reais.");
    expect(system).not.toContain(HOURS);
    const meta = await messageMetadata(app, (res.body.data as { messageId: string }).messageId);
    expect(meta?.sources?.[0]).toMatchObject({ sourceType: "text", source: "Entregamos em todo o bairro Centro com taxa fixa de oito…" });
  });
});

describe("[knowledge] semantic cache", () => {
  test("the same first question from a second visitor is answered from the cache: no model call, no charge; cacheStats shows the hit and R$ saved", async () => {
    const chats0 = chats();
    const ledger0 = (await ledger(app, workspaceId)).length;
    const stats0 = await stats();
    expect(stats0.hits).toBe(0);
    const first = await chat(app, agent.id, { message: QUESTION });
    expect(outcome(first)).toBe("answered");
    expect(systemOf(lastChat())).toContain(HOURS);
    expect(chats()).toBe(chats0 + 1);
    expect((await ledger(app, workspaceId)).length).toBe(ledger0 + 1);
    expect(await stats()).toMatchObject({ entries: stats0.entries + 1, hits: 0, savedBrl: 0 });

    const second = await chat(app, agent.id, { message: QUESTION });
    expect(outcome(second)).toBe("cached");
    expect(second.body.response).toBe(first.body.response as string);
    expect(chats()).toBe(chats0 + 1);
    expect((await ledger(app, workspaceId)).length).toBe(ledger0 + 1);
    const s = await stats();
    expect(s).toMatchObject({ entries: stats0.entries + 1, hits: 1 });
    expect(s.savedBrl).toBeGreaterThan(0);
    // The cached reply is stored like any other, with its sources.
    const meta = await messageMetadata(app, (second.body.data as { messageId: string }).messageId);
    expect(meta?.outcome).toBe("cached");
    expect(meta?.sources?.map((x) => x.sourceId)).toContain(hours.id);
  });

  test("a question with history is never served from the cache", async () => {
    const before = chats();
    const res = await chat(app, agent.id, {
      message: QUESTION,
      chatHistory: [
        { role: "user", content: "Oi, tudo bem?" },
        { role: "assistant", content: "Olá! Como posso ajudar?" },
      ],
    });
    expect(outcome(res)).toBe("answered");
    expect(chats()).toBe(before + 1);
    expect((await stats()).hits).toBe(1);
  });

  test("after the agent is retrained the cache no longer hits, even right after a hit", async () => {
    const hit = await chat(app, agent.id, { message: QUESTION });
    expect(outcome(hit)).toBe("cached");
    const version = (await agentRow(app, agent.id)).knowledgeVersion;
    const retrain = await owner.trpc.training.retrain.mutate({ agentId: agent.id, sourceId: hours.id });
    expect(retrain.ok).toBe(true);
    await waitForSource(owner, agent.id, hours.id, { until: ["ready"] });
    expect((await agentRow(app, agent.id)).knowledgeVersion).toBe(version + 1);

    const before = chats();
    const res = await chat(app, agent.id, { message: QUESTION });
    expect(outcome(res)).toBe("answered");
    expect(chats()).toBe(before + 1);
    // …and the new answer is cached under the new training.
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("cached");
    expect(chats()).toBe(before + 1);
  });

  test("after the agent is edited the cache no longer hits", async () => {
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("cached");
    const patched = await owner.request("PATCH", `/api/v1/agents/${agent.id}`, { body: { description: "Atende clientes da loja de bairro." } });
    expect(patched.status).toBe(200);
    const before = chats();
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("answered");
    expect(chats()).toBe(before + 1);
  });

  test("deleting a source invalidates the cache as well", async () => {
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("cached");
    const extra = await trainSource(owner, "Text", agent.id, { content: "Temos estacionamento gratuito para clientes na rua de trás." });
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("answered");
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("cached");
    expect((await owner.trpc.training.delete.mutate({ agentId: agent.id, sourceId: extra.id })).ok).toBe(true);
    const before = chats();
    expect(outcome(await chat(app, agent.id, { message: QUESTION }))).toBe("answered");
    expect(chats()).toBe(before + 1);
  });
});
