/** WhatsApp Cloud API end to end: verification, signature refusal, durable idempotent ingest, turn, send, retry, tenant. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { channelConnections, conversations, creditTransactions, inboundMessageIds, jobs, messages } from "../db/schema";
import { startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { eventually, inviteMember } from "./helpers/training";

const APP_SECRET = "segredo-do-app-meta";
const ACCESS_TOKEN = "EAAG-token-de-acesso";
const VERIFY_TOKEN = "verifica-123";
const PHONE_ID = "106540352242922";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let agent: AgentRow;
let workspaceId: string;
let owner: Client;
let connectionId: string;
let seq = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  await answerAtOnce(app, agent.id);
  workspaceId = o.workspaceId;
  owner = o.client;
  await setWallet(app, workspaceId, { regular: 100_000 });
  // Connect reads the number with the given token (GET /{phone-number-id}).
  graph.addPhoneNumber(PHONE_ID, { accessToken: ACCESS_TOKEN });
  const res = await owner.trpc.channels.connectWhatsApp.mutate({
    agentId: agent.id,
    config: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-1", webhookVerifyToken: VERIFY_TOKEN },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  connectionId = res.data.id;
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

function delivery(text: string, opts: { id?: string; from?: string; phoneId?: string } = {}) {
  const id = opts.id ?? `wamid.IN${Date.now()}${++seq}`;
  const from = opts.from ?? `55119${String(++seq).padStart(8, "0")}`;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: opts.phoneId ?? PHONE_ID },
              contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: from }],
              messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  return { id, from, body };
}

const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const post = (body: string, signature: string | null) =>
  fetch(`${app.base}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    body,
  });

const sendsTo = (to: string) => graph.sends.filter((s) => s.body.to === to);
const debitsOf = async (from: string) => {
  const conv = await conversationOf(from);
  return app.deps.db.select().from(creditTransactions).where(eq(creditTransactions.conversationId, conv?.id ?? ""));
};

async function conversationOf(from: string) {
  const [c] = await app.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.channel, "whatsapp"), eq(conversations.contactKey, from)));
  return c;
}

describe("GET verification", () => {
  test("the right verify token gets the challenge as text", async () => {
    const res = await fetch(`${app.base}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("1158201444");
  });
  test("a wrong token or mode is refused", async () => {
    expect((await fetch(`${app.base}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`)).status).toBe(403);
    expect((await fetch(`${app.base}/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
  });
});

describe("POST deliveries", () => {
  test("a bad or missing signature is refused and stores nothing", async () => {
    const d = delivery("Olá?");
    expect((await post(d.body, sign(d.body, "outro-segredo"))).status).toBe(401);
    expect((await post(d.body, null)).status).toBe(401);
    expect((await post(d.body, sign(`${d.body} `))).status).toBe(401);
    const unknownPhone = delivery("Olá?", { phoneId: "999" });
    expect((await post(unknownPhone.body, sign(unknownPhone.body))).status).toBe(401);
    await Bun.sleep(400);
    expect(await app.deps.db.select().from(inboundMessageIds).where(eq(inboundMessageIds.providerMessageId, d.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(jobs).where(like(jobs.data, `%${d.id}%`))).toHaveLength(0);
    expect(sendsTo(d.from)).toHaveLength(0);
    expect(await conversationOf(d.from)).toBeUndefined();
  });

  test("a valid delivery is answered once on WhatsApp and both messages are stored", async () => {
    const d = delivery("Vocês abrem no sábado?");
    const res = await post(d.body, sign(d.body));
    expect(res.status).toBe(200);
    const sent = await eventually(async () => sendsTo(d.from)[0]);
    expect(sent.phoneNumberId).toBe(PHONE_ID);
    expect(sent.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent.body.type).toBe("text");
    expect(sent.body.text?.body).toBe("Eco: Vocês abrem no sábado?");
    const conv = await eventually(() => conversationOf(d.from));
    expect(conv.clientName).toBe("Sheena Nelson");
    expect(conv.clientPhone).toBe(d.from);
    expect(conv.agentId).toBe(agent.id);
    const stored = await eventually(async () => {
      const rows = await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv.id)).orderBy(messages.sentAt);
      return rows.length === 2 && rows[1]?.deliveryStatus === "sent" ? rows : null;
    });
    expect(stored.map((m) => [m.senderType, m.content])).toEqual([
      ["customer", "Vocês abrem no sábado?"],
      ["agent", "Eco: Vocês abrem no sábado?"],
    ]);
    expect(stored[1]?.providerMessageId).toMatch(/^wamid\.FAKE/);
    expect(await debitsOf(d.from)).toHaveLength(1);
    // The customer's message was marked read with the typing indicator while the agent thought.
    expect(graph.reads).toContain(d.id);
  });

  test("the next message of the same customer carries the history", async () => {
    const from = "5511988887777";
    const first = delivery("Primeira pergunta", { from });
    await post(first.body, sign(first.body));
    await eventually(async () => sendsTo(from).length === 1);
    const second = delivery("Segunda pergunta", { from });
    await post(second.body, sign(second.body));
    await eventually(async () => sendsTo(from).length === 2);
    const last = openai.chatRequests().at(-1);
    const contents = (last?.messages ?? []).map((m) => m.content);
    expect(contents).toContain("Primeira pergunta");
    expect(contents).toContain("Eco: Primeira pergunta");
    expect(contents.at(-1)).toBe("Segunda pergunta");
  });

  test("the same delivery sent twice, and concurrently, is answered once and charged once", async () => {
    const d = delivery("Tem entrega?");
    const first = await Promise.all(Array.from({ length: 5 }, () => post(d.body, sign(d.body))));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await eventually(async () => sendsTo(d.from).length === 1);
    // A redelivery after the job completed is still ignored.
    expect((await post(d.body, sign(d.body))).status).toBe(200);
    await Bun.sleep(800);
    expect(sendsTo(d.from)).toHaveLength(1);
    expect(await debitsOf(d.from)).toHaveLength(1);
    const conv = await conversationOf(d.from);
    expect(await app.deps.db.select().from(messages).where(eq(messages.conversationId, conv?.id ?? ""))).toHaveLength(2);
  });

  test("a 500 on the first send retries the job: the reply is sent once, the model called once, charged once", async () => {
    const chatsBefore = openai.chatRequests().length;
    graph.failures.push({ status: 500, retryAfter: "0" });
    const d = delivery("Qual o horário?");
    expect((await post(d.body, sign(d.body))).status).toBe(200);
    const sent = await eventually(async () => sendsTo(d.from)[0]);
    expect(sent.body.text?.body).toBe("Eco: Qual o horário?");
    await Bun.sleep(500);
    expect(sendsTo(d.from)).toHaveLength(1);
    expect(openai.chatRequests().length - chatsBefore).toBe(1);
    expect(await debitsOf(d.from)).toHaveLength(1);
    const conv = await conversationOf(d.from);
    const [job] = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "channel-reply"), like(jobs.data, `%${conv?.id}%`)));
    expect(job?.status).toBe("completed");
    expect(job?.attempts).toBe(2);
  });

  test("a 429 with Retry-After is retried too", async () => {
    graph.failures.push({ status: 429, retryAfter: "0" });
    const d = delivery("Aceitam pix?");
    await post(d.body, sign(d.body));
    await eventually(async () => sendsTo(d.from).length === 1);
    expect(await debitsOf(d.from)).toHaveLength(1);
  });
});

describe("connections", () => {
  test("secrets are stored encrypted and never returned", async () => {
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    const raw = JSON.stringify(row?.config);
    expect(raw).not.toContain(ACCESS_TOKEN);
    expect(raw).not.toContain(APP_SECRET);
    expect(row?.config.accessToken.startsWith("enc:v1:")).toBe(true);
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    expect(list.ok).toBe(true);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ hasAccessToken: true, webhookUrl: `${app.deps.appUrl}/webhooks/whatsapp` });
    expect(JSON.stringify(list.data)).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(list.data)).not.toContain("enc:v1:");
  });

  test("every token and id is required and non-empty", async () => {
    const res = await owner.trpc.channels.connectWhatsApp.mutate({
      agentId: agent.id,
      config: { accessToken: " ", appSecret: "x", phoneNumberId: "1", businessAccountId: "", webhookVerifyToken: "v" },
    });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(400);
  });

  test("the same phone number cannot be connected twice", async () => {
    const res = await owner.trpc.channels.connectWhatsApp.mutate({
      agentId: agent.id,
      config: { accessToken: ACCESS_TOKEN, appSecret: "b", phoneNumberId: PHONE_ID, businessAccountId: "c", webhookVerifyToken: "d" },
    });
    expect(res.ok).toBe(false);
    expect(res.status).toBe(409);
  });

  test("a member of another workspace can neither read nor change the connection", async () => {
    const stranger = await registerUser(app);
    const list = await stranger.client.trpc.channels.list.query({});
    expect(list.data).toEqual([]);
    const upd = await stranger.client.trpc.channels.updateWhatsApp.mutate({
      id: connectionId,
      config: { phoneNumberId: "1", businessAccountId: "2", webhookVerifyToken: "3" },
    });
    expect(upd.status).toBe(404);
    const del = await stranger.client.trpc.channels.disconnect.mutate({ id: connectionId });
    expect(del.status).toBe(404);
    const conn = await stranger.client.trpc.channels.connectWhatsApp.mutate({
      agentId: agent.id,
      config: { accessToken: "a", appSecret: "b", phoneNumberId: "555", businessAccountId: "c", webhookVerifyToken: "d" },
    });
    expect(conn.status).toBe(404);
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    expect(row?.config.phoneNumberId).toBe(PHONE_ID);
  });

  test("a member without canEditAgents may read but not change it", async () => {
    const member = await inviteMember(app, owner, { canEditAgents: false });
    const list = await member.client.trpc.channels.list.query({});
    expect(list.data).toHaveLength(1);
    const del = await member.client.trpc.channels.disconnect.mutate({ id: connectionId });
    expect(del.status).toBe(403);
  });

  test("Testar conexão reads the phone number with the stored token; a refused token is reported and stored", async () => {
    graph.addPhoneNumber(PHONE_ID, { accessToken: "outro-token", displayPhoneNumber: "+55 11 3000-0000", verifiedName: "Loja Teste" });
    const bad = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(bad.data).toMatchObject({ ok: false, message: "O WhatsApp recusou o access token." });
    graph.addPhoneNumber(PHONE_ID, { accessToken: ACCESS_TOKEN, displayPhoneNumber: "+55 11 3000-0000", verifiedName: "Loja Teste" });
    const ok = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(ok.data).toMatchObject({ ok: true, message: "Conexão funcionando: número +55 11 3000-0000 (Loja Teste)." });
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    expect(list.data[0]).toMatchObject({ testStatus: "ok", lastTestedAt: ok.data.testedAt });
    const stranger = await registerUser(app);
    expect((await stranger.client.trpc.channels.test.mutate({ id: connectionId })).status).toBe(404);
  });

  test("update keeps the stored secrets when they are left out; disconnect removes it", async () => {
    const upd = await owner.trpc.channels.updateWhatsApp.mutate({
      id: connectionId,
      config: { phoneNumberId: PHONE_ID, businessAccountId: "waba-2", webhookVerifyToken: VERIFY_TOKEN },
    });
    expect(upd.ok).toBe(true);
    expect(upd.data).toMatchObject({ businessAccountId: "waba-2", hasAppSecret: true });
    // Still verifiable with the kept secret.
    const d = delivery("Ainda funciona?");
    expect((await post(d.body, sign(d.body))).status).toBe(200);
    await eventually(async () => sendsTo(d.from).length === 1);
    const del = await owner.trpc.channels.disconnect.mutate({ id: connectionId });
    expect(del.ok).toBe(true);
    const after = delivery("E agora?");
    expect((await post(after.body, sign(after.body))).status).toBe(401);
  });
});
