/**
 * Defect 7 of issue 11: a member without canEditAgents must not spend the workspace's credits
 * (agents.preview), make the app call a provider with a stored token (channels.test) or read a
 * pairing QR code (channels.uazapiStatus). Each is refused before anything runs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { startFakeUazapi } from "./fakes/uazapi";
import { type AgentRow, ownerWithAgent, setWallet, walletRow } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot } from "./helpers/channels";
import type { Client } from "./helpers/client";
import { joinAs } from "./helpers/inbox";

const BOT_TOKEN = "777000:viewer-spend";
const ADMIN_TOKEN = "admin-token-viewer";
const EDIT_DENIED = "Você não tem permissão para editar agentes neste workspace";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let app: TestApp;
let owner: Client;
let viewer: Client;
let agent: AgentRow;
let workspaceId = "";
let telegramId = "";
let uazapiId = "";
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 777000, username: "viewer_bot" } } });
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url });
  const o = await ownerWithAgent(app);
  owner = o.client;
  agent = o.agent;
  workspaceId = o.workspaceId;
  await setWallet(app, workspaceId, { regular: 100_000 });
  telegramId = (await connectTelegramBot(app, owner, agent.id, BOT_TOKEN)).connectionId;
  const uazapi = await owner.trpc.channels.connectUazapi.mutate({ agentId: agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "viewer-spend" });
  if (!uazapi.ok) throw new Error(JSON.stringify(uazapi.error));
  uazapiId = uazapi.data.id;
  viewer = (await joinAs(app, owner, "viewer")).client;
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
  uaz.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

describe("a viewer (no permission flags)", () => {
  test("agents.preview is FORBIDDEN: no model call, no credit spent", async () => {
    const calls = openai.chatRequests().length;
    const before = await walletRow(app, workspaceId);
    const res = await viewer.trpc.agents.preview.mutate({ id: agent.id, chat: { message: "Quanto custa?" } });
    expect([res.status, res.error?.code, res.error?.message]).toEqual([403, "FORBIDDEN", EDIT_DENIED]);
    expect(openai.chatRequests().length).toBe(calls);
    expect(await walletRow(app, workspaceId)).toEqual(before);
  });

  test("channels.test is FORBIDDEN: the provider is not called with the stored token", async () => {
    const tgCalls = tg.calls.length;
    const uazCalls = uaz.calls.length;
    for (const id of [telegramId, uazapiId]) {
      const res = await viewer.trpc.channels.test.mutate({ id });
      expect([res.status, res.error?.message]).toEqual([403, EDIT_DENIED]);
    }
    expect(tg.calls.length).toBe(tgCalls);
    expect(uaz.calls.length).toBe(uazCalls);
  });

  test("channels.uazapiStatus is FORBIDDEN: no QR code, no call to the server", async () => {
    const uazCalls = uaz.calls.length;
    const res = await viewer.trpc.channels.uazapiStatus.query({ id: uazapiId });
    expect([res.status, res.error?.message]).toEqual([403, EDIT_DENIED]);
    expect(JSON.stringify(res.data ?? null)).not.toContain("base64");
    expect(uaz.calls.length).toBe(uazCalls);
  });

  test("the owner (editor) still runs all three", async () => {
    expect((await owner.trpc.agents.preview.mutate({ id: agent.id, chat: { message: "Oi" } })).ok).toBe(true);
    expect((await owner.trpc.channels.test.mutate({ id: telegramId })).ok).toBe(true);
    expect((await owner.trpc.channels.uazapiStatus.query({ id: uazapiId })).ok).toBe(true);
  });
});
