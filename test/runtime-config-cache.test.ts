/**
 * A turn's intents, integrations and platform settings come from a per-thread copy checked by one
 * version read per turn (src/services/agent-config.ts, issue 12 item 6). Whoever writes them — a
 * tRPC edit on the main thread, another connection (the job Worker's, another process) — the very
 * next turn sees it: in the public chat (main thread) and in a Telegram turn (run by the job Worker).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Database from "libsql";
import { databaseUrl } from "../src/deps";
import { HANDOFF_TOOL } from "../src/runtime/turn";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { answerAtOnce, chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { fundedOwner, offered, turnRequests } from "./helpers/tool-turns";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "616161:config-cache-token";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
/** A second connection to the same database file: writes the way the job Worker's connection does. */
let other: { prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };

beforeAll(async () => {
  openai = await startFakeOpenAi({ reply: (b) => ({ content: `Eco: ${lastUserText(b)}` }) });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 616161, username: "config_cache_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: "0" });
  other = new Database(databaseUrl(app.deps.env).slice("file:".length)) as unknown as typeof other;
});
afterAll(async () => {
  other.close();
  await app.stop();
  openai.stop();
  tg.stop();
});

const history = [{ role: "user", content: "Oi" }];
/** The tools offered, but the handoff tool every channel turn has. */
const toolNames = (b: ChatBody | undefined) => offered(b).map((t) => t.name).filter((n) => n !== HANDOFF_TOOL.name);
const systemPrompt = (b: ChatBody | undefined) => String(b?.messages.find((m) => m.role === "system")?.content ?? "");

/** One public-chat turn; the first model request it made. */
async function webTurn(agentId: string, message = "Qual o horário?") {
  const requests = turnRequests(openai);
  const res = await chat(app, agentId, { message, chatHistory: history, sessionId: `cfg-${agentId}` });
  expect(res.status).toBe(200);
  return requests()[0];
}

async function createIntent(client: Awaited<ReturnType<typeof fundedOwner>>["client"], agentId: string, name: string) {
  const res = await client.trpc.agents.intents.create.mutate({
    agentId,
    intent: { name, description: `Quando o cliente pede ${name}`, examples: [`quero ${name}`], action: { type: "simple_response", simpleResponse: "ok" } },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.data.id;
}

describe("[config cache] public chat (main thread)", () => {
  test("an intent created, switched off and deleted through tRPC is offered or not from the very next turn", async () => {
    const o = await fundedOwner(app);
    expect(toolNames(await webTurn(o.agent.id))).toEqual([]);
    const id = await createIntent(o.client, o.agent.id, "Rastrear_pedido");
    expect(toolNames(await webTurn(o.agent.id))).toEqual(["Rastrear_pedido"]);
    const off = await o.client.trpc.agents.intents.update.mutate({
      agentId: o.agent.id,
      id,
      intent: { name: "Rastrear_pedido", description: "Quando o cliente pede", examples: ["quero rastrear"], isActive: false, action: { type: "simple_response", simpleResponse: "ok" } },
    });
    expect(off.ok).toBe(true);
    expect(toolNames(await webTurn(o.agent.id))).toEqual([]);
    await createIntent(o.client, o.agent.id, "Segunda_via");
    expect(toolNames(await webTurn(o.agent.id))).toEqual(["Segunda_via"]);
    const removed = await o.client.trpc.agents.intents.list.query({ agentId: o.agent.id });
    for (const intent of removed.ok ? removed.data : []) await o.client.trpc.agents.intents.delete.mutate({ agentId: o.agent.id, id: intent.id });
    expect(toolNames(await webTurn(o.agent.id))).toEqual([]);
  });

  test("intents written by another connection (as the job Worker writes) are seen by the next turn", async () => {
    const o = await fundedOwner(app);
    await createIntent(o.client, o.agent.id, "Consultar_estoque");
    expect(toolNames(await webTurn(o.agent.id))).toEqual(["Consultar_estoque"]);
    other.prepare("UPDATE agent_intents SET is_active = 0 WHERE agent_id = ?").run(o.agent.id);
    expect(toolNames(await webTurn(o.agent.id))).toEqual([]);
    other.prepare("UPDATE agent_intents SET is_active = 1, name = 'Ver_estoque' WHERE agent_id = ?").run(o.agent.id);
    expect(toolNames(await webTurn(o.agent.id))).toEqual(["Ver_estoque"]);
  });

  test("a platform prompt saved by another connection reaches the next turn's system prompt", async () => {
    const o = await fundedOwner(app);
    expect(systemPrompt(await webTurn(o.agent.id))).not.toContain("Prompt novo da plataforma");
    other
      .prepare("INSERT INTO system_prompts (id, content, version, change_description, created_at) VALUES (?, ?, 1000, 'teste', ?)")
      .run(Bun.randomUUIDv7(), "Prompt novo da plataforma: responda sempre em português.", Date.now());
    expect(systemPrompt(await webTurn(o.agent.id))).toContain("Prompt novo da plataforma");
    other.prepare("DELETE FROM system_prompts WHERE version = 1000").run();
    expect(systemPrompt(await webTurn(o.agent.id))).not.toContain("Prompt novo da plataforma");
  });
});

describe("[config cache] Telegram (turns run by the job Worker)", () => {
  test("an intent created and switched off on the main thread changes the Worker's very next turn", async () => {
    const o = await fundedOwner(app);
    await answerAtOnce(app, o.agent.id);
    const bot = await connectTelegramBot(app, o.client, o.agent.id, BOT_TOKEN);
    const ana = telegramCustomer(app, tg, bot, "Ana");
    /** Ana writes; the model request of the reply she then receives. */
    const turn = async (text: string) => {
      const requests = turnRequests(openai);
      const before = ana.received().length;
      await ana.say(text);
      await eventually(async () => ana.received().length > before, 15_000);
      return requests().find((b) => lastUserText(b).includes(text));
    };
    expect(toolNames(await turn("primeira mensagem"))).toEqual([]);
    const id = await createIntent(o.client, o.agent.id, "Agendar_visita");
    expect(toolNames(await turn("segunda mensagem"))).toEqual(["Agendar_visita"]);
    const off = await o.client.trpc.agents.intents.update.mutate({
      agentId: o.agent.id,
      id,
      intent: { name: "Agendar_visita", description: "Quando o cliente pede", examples: ["quero agendar"], isActive: false, action: { type: "simple_response", simpleResponse: "ok" } },
    });
    expect(off.ok).toBe(true);
    expect(toolNames(await turn("terceira mensagem"))).toEqual([]);
  });
});
