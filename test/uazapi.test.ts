/**
 * WhatsApp through an own UAZAPI server, end to end: connect (instance created with the admin token,
 * secret webhook registered, tokens encrypted), private server URLs refused, QR/status, the secret +
 * instance-token webhook, replies, idempotency, a person answering from the phone, test, tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, like } from "drizzle-orm";
import { type UazapiStoredConfig, channelConnections, conversations, inboundMessageIds, jobs, messages } from "../db/schema";
import { startFakeOpenAi } from "./fakes/openai";
import { connectionPayload, startFakeUazapi, webhookPayload } from "./fakes/uazapi";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { eventually } from "./helpers/training";

const ADMIN_TOKEN = "admin-token-do-servidor";
const PAIRED_PHONE = "5511933334444";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let app: TestApp;
let agent: AgentRow;
let owner: Client;
let connectionId = "";
let instanceToken = "";
let phoneSeq = 0;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;
const uazHost = () => new URL(uaz.url).host;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  // safe-fetch refuses loopback; tests allow this one fake (read by the job Worker at start, too).
  process.env.ATENDA_SAFE_FETCH_ALLOW = uazHost();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  owner = o.client;
  await answerAtOnce(app, agent.id);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  uaz.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

/** Runs `fn` in this (main) thread without the test allow-list: safe-fetch behaves as in production. */
async function withoutAllowList<T>(fn: () => Promise<T>): Promise<T> {
  delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  try {
    return await fn();
  } finally {
    process.env.ATENDA_SAFE_FETCH_ALLOW = uazHost();
  }
}

const connect = (patch: Record<string, unknown> = {}) =>
  owner.trpc.channels.connectUazapi.mutate({ agentId: agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "loja-centro", ...patch });

const storedConfig = async () => {
  const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
  return { row, config: row?.config as unknown as UazapiStoredConfig };
};

/** The registered webhook's path on this app (the app URL in tests is not the test server's port). */
const webhookPath = () => new URL(String(uaz.instances.get(instanceToken)?.webhook?.url)).pathname;
const postHook = (payload: unknown, path = webhookPath()) =>
  fetch(`${app.base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });

const newPhone = () => `55119${String(++phoneSeq).padStart(8, "0")}`;
const textsTo = (phone: string) => uaz.calls.filter((c) => c.path === "/send/text" && c.body?.number === phone).map((c) => String(c.body?.text));
async function conversationOf(phone: string) {
  const [c] = await app.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.connectionId, connectionId), eq(conversations.contactKey, phone)));
  return c;
}
const threadOf = async (convId: string) => app.deps.db.select().from(messages).where(eq(messages.conversationId, convId)).orderBy(messages.id);

describe("connect", () => {
  test("a private or loopback server URL is refused before any request, and nothing is stored", async () => {
    const lan = await connect({ serverUrl: "http://10.1.2.3:8080" });
    expect(lan.status).toBe(400);
    expect(JSON.stringify(lan.error)).toContain("rede privada");
    const before = uaz.calls.length;
    const loopback = await withoutAllowList(() => connect());
    expect(loopback.status).toBe(400);
    expect(JSON.stringify(loopback.error)).toContain("rede privada");
    expect(uaz.calls.length).toBe(before);
    expect(await app.deps.db.select().from(channelConnections)).toHaveLength(0);
  });

  test("fields follow the shared contract (pt-BR), and a refused admin token stores nothing", async () => {
    expect(JSON.stringify((await connect({ adminToken: " " })).error)).toContain("Admin token é obrigatório");
    expect(JSON.stringify((await connect({ phoneNumber: "+55 11 9" })).error)).toContain("Número de telefone inválido");
    expect(JSON.stringify((await connect({ serverUrl: "ftp://uazapi.local" })).error)).toContain("URL do servidor inválida");
    const refused = await connect({ adminToken: "errado" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain("Admin token recusado");
    expect(uaz.instances.size).toBe(0);
    expect(await app.deps.db.select().from(channelConnections)).toHaveLength(0);
  });

  test("creates the instance with the admin token, registers the secret webhook, keeps tokens encrypted", async () => {
    const res = await connect({ phoneNumber: "+5511988880000" });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    connectionId = String(res.data.id);
    const init = uaz.calls.filter((c) => c.path === "/instance/init").at(-1);
    expect(init?.headers.admintoken).toBe(ADMIN_TOKEN);
    expect(init?.body?.name).toBe("loja-centro");
    const [instance] = [...uaz.instances.values()];
    instanceToken = instance?.token ?? "";
    const { row, config } = await storedConfig();
    const secret = app.deps.secrets.decrypt(config.webhookSecret);
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(instance?.webhook?.url).toBe(`${app.deps.appUrl}/webhooks/uazapi/${connectionId}/${secret}`);
    expect(instance?.webhook?.excludeMessages).toEqual(["wasSentByApi"]);
    expect(uaz.calls.find((c) => c.path === "/webhook")?.headers.token).toBe(instanceToken);
    expect(config.adminToken.startsWith("enc:v1:")).toBe(true);
    expect(app.deps.secrets.decrypt(config.instanceToken)).toBe(instanceToken);
    for (const plain of [ADMIN_TOKEN, instanceToken, secret]) {
      expect(JSON.stringify(row)).not.toContain(plain);
      expect(JSON.stringify(res.data)).not.toContain(plain);
    }
    expect(config.phoneNumber).toBe("5511988880000");
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ channel: "whatsapp_uaz", instanceName: "loja-centro", sessionActive: false, configured: true, hasAdminToken: true });
    for (const plain of [ADMIN_TOKEN, instanceToken, secret, "enc:v1:"]) expect(JSON.stringify(list.data)).not.toContain(plain);
  });

  test("the same instance cannot be connected twice; an unknown instance token is refused", async () => {
    expect((await connect({ instanceToken })).status).toBe(409);
    const unknown = await connect({ instanceToken: "token-que-nao-existe" });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.error)).toContain("Token da instância recusado");
    expect(await app.deps.db.select().from(channelConnections)).toHaveLength(1);
  });

  test("pairing: a QR code image, a pairing code with a phone, then status reports the number", async () => {
    const qr = await owner.trpc.channels.uazapiPair.mutate({ id: connectionId });
    expect(qr.data.state).toBe("connecting");
    expect(qr.data.qrcode).toMatch(/^data:image\/png;base64,/);
    const code = await owner.trpc.channels.uazapiPair.mutate({ id: connectionId, phone: "+5511988880000" });
    expect(code.data.paircode).toBe("ABCD-EFGH");
    expect((await owner.trpc.channels.uazapiPair.mutate({ id: connectionId, phone: "123" })).status).toBe(400);
    const waiting = await owner.trpc.channels.uazapiStatus.query({ id: connectionId });
    expect(waiting.data.state).toBe("connecting");
    uaz.pair(instanceToken, PAIRED_PHONE);
    const on = await owner.trpc.channels.uazapiStatus.query({ id: connectionId });
    expect(on.data).toMatchObject({ state: "connected", phoneNumber: PAIRED_PHONE });
    const { config } = await storedConfig();
    expect(config.sessionActive).toBe(true);
    expect(config.phoneNumber).toBe(PAIRED_PHONE);
  });
});

describe("webhook", () => {
  test("a wrong secret, a wrong instance token or an unknown connection is a 401 and stores nothing", async () => {
    const phone = newPhone();
    const good = webhookPayload({ token: instanceToken, phone, text: "Olá?" });
    const path = webhookPath();
    expect((await postHook(good, path.replace(/\/[^/]+$/, "/segredo-errado"))).status).toBe(401);
    expect((await postHook({ ...good, token: "outro-token" }, path)).status).toBe(401);
    expect((await postHook(good, path.replace(connectionId, "00000000-0000-4000-8000-000000000000"))).status).toBe(401);
    await Bun.sleep(300);
    expect(await app.deps.db.select().from(inboundMessageIds).where(eq(inboundMessageIds.providerMessageId, good.message.messageid))).toHaveLength(0);
    expect(await app.deps.db.select().from(jobs).where(like(jobs.data, `%${phone}%`))).toHaveLength(0);
    expect(await conversationOf(phone)).toBeUndefined();
  });

  test("a customer message is answered once on /send/text with the agent's reply; both are stored", async () => {
    const phone = newPhone();
    const res = await postHook(webhookPayload({ token: instanceToken, phone, name: "Maria", text: "Vocês abrem no sábado?" }));
    expect(res.status).toBe(200);
    const sent = await eventually(async () => textsTo(phone)[0]);
    expect(sent).toBe("Eco: Vocês abrem no sábado?");
    const call = uaz.calls.find((c) => c.path === "/send/text" && c.body?.number === phone);
    expect(call?.headers.token).toBe(instanceToken);
    expect(uaz.calls.some((c) => c.path === "/message/presence" && c.body?.number === phone && c.body?.presence === "composing")).toBe(true);
    const conv = await eventually(() => conversationOf(phone));
    expect(conv).toMatchObject({ channel: "whatsapp", clientName: "Maria", clientPhone: phone, agentId: agent.id });
    const rows = await eventually(async () => {
      const r = await threadOf(conv.id);
      return r.length === 2 && r[1]?.deliveryStatus === "sent" ? r : null;
    });
    expect(rows.map((m) => [m.senderType, m.content])).toEqual([
      ["customer", "Vocês abrem no sábado?"],
      ["agent", "Eco: Vocês abrem no sábado?"],
    ]);
    expect(rows[1]?.providerMessageId).toMatch(/^[0-9A-F]{32}$/);
  });

  test("the same delivery sent repeatedly (also concurrently) is answered once", async () => {
    const phone = newPhone();
    const payload = webhookPayload({ token: instanceToken, phone, text: "Tem entrega?" });
    const first = await Promise.all(Array.from({ length: 4 }, () => postHook(payload)));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await eventually(async () => textsTo(phone).length === 1);
    expect((await postHook(payload)).status).toBe(200);
    await Bun.sleep(700);
    expect(textsTo(phone)).toHaveLength(1);
  });

  test("a message typed on the business phone is a human reply: the AI pauses and the next message gets no answer", async () => {
    const phone = newPhone();
    await postHook(webhookPayload({ token: instanceToken, phone, text: "Oi, tudo bem?" }));
    await eventually(async () => textsTo(phone).length === 1);
    const human = webhookPayload({ token: instanceToken, phone, fromMe: true, wasSentByApi: false, text: "Aqui é a Joana, eu te atendo!" });
    expect((await postHook(human)).status).toBe(200);
    // Business-side messages are read after a 5 s settle (so echoes of our own sends are recognised).
    const conv = await eventually(async () => {
      const c = await conversationOf(phone);
      return c?.handledBy === "human" ? c : null;
    }, 12_000);
    const stored = (await threadOf(conv.id)).find((m) => m.providerMessageId === human.message.messageid);
    expect(stored).toMatchObject({ senderType: "human", content: "Aqui é a Joana, eu te atendo!" });
    await postHook(webhookPayload({ token: instanceToken, phone, text: "Obrigado!" }));
    const silent = await eventually(async () => {
      const rows = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "channel-reply"), like(jobs.data, `%${conv.id}%`), eq(jobs.status, "completed")));
      return rows.find((j) => j.result?.silent);
    });
    expect(silent.result?.silent).toBe("a person is handling it");
    await Bun.sleep(300);
    expect(textsTo(phone)).toEqual(["Eco: Oi, tudo bem?"]);
  }, 25_000);

  test("connection events update the session; a forged one is refused", async () => {
    expect((await postHook(connectionPayload({ token: instanceToken, status: "disconnected" }))).status).toBe(200);
    expect((await storedConfig()).config.sessionActive).toBe(false);
    expect((await postHook(connectionPayload({ token: "forjado", status: "connected" }))).status).toBe(401);
    expect((await storedConfig()).config.sessionActive).toBe(false);
    expect((await postHook(connectionPayload({ token: instanceToken, status: "connected" }))).status).toBe(200);
    expect((await storedConfig()).config.sessionActive).toBe(true);
  });
});

describe("Testar conexão", () => {
  test("ok while the instance is connected; the outcome is stored and listed", async () => {
    const res = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(res.data.ok).toBe(true);
    expect(res.data.message).toContain(`+${PAIRED_PHONE}`);
    const [listed] = (await owner.trpc.channels.list.query({ agentId: agent.id })).data;
    expect(listed).toMatchObject({ testStatus: "ok", lastTestedAt: res.data.testedAt, testMessage: res.data.message });
  });

  test("fails with a revoked instance token, and when the server URL is not allowed (vetted on every use)", async () => {
    const instance = uaz.instances.get(instanceToken);
    if (!instance) throw new Error("no instance");
    uaz.instances.delete(instanceToken);
    try {
      const revoked = await owner.trpc.channels.test.mutate({ id: connectionId });
      expect(revoked.data).toMatchObject({ ok: false, message: "Token da instância recusado pelo servidor UAZAPI" });
    } finally {
      uaz.instances.set(instanceToken, instance);
    }
    const blocked = await withoutAllowList(() => owner.trpc.channels.test.mutate({ id: connectionId }));
    expect(blocked.data.ok).toBe(false);
    expect(blocked.data.message).toContain("rede privada");
    const [listed] = (await owner.trpc.channels.list.query({ agentId: agent.id })).data;
    expect(listed?.testStatus).toBe("error");
  });
});

describe("tenancy and disconnect", () => {
  test("another workspace can neither list, test, pair, read the status nor disconnect it", async () => {
    const stranger = await registerUser(app);
    expect((await stranger.client.trpc.channels.list.query({})).data).toEqual([]);
    expect((await stranger.client.trpc.channels.test.mutate({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.uazapiPair.mutate({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.uazapiStatus.query({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.disconnect.mutate({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.connectUazapi.mutate({ agentId: agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "x" })).status).toBe(404);
    expect(await app.deps.db.select().from(channelConnections)).toHaveLength(1);
  });

  test("disconnect deletes the instance the product created; its webhook then refuses", async () => {
    const path = webhookPath();
    expect((await owner.trpc.channels.disconnect.mutate({ id: connectionId })).ok).toBe(true);
    expect(uaz.instances.has(instanceToken)).toBe(false);
    expect((await postHook(webhookPayload({ token: instanceToken, phone: newPhone(), text: "E agora?" }), path)).status).toBe(401);
  });
});
