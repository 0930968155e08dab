/**
 * Instagram Direct end to end: connect (getAccount, encrypted, unique per account), GET verification,
 * signed deliveries (any bad signature refuses all), replies through the Graph fake, idempotency,
 * echoes of our own sends vs. a person typing in the app, the 1000-byte split, test, tenancy.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, like } from "drizzle-orm";
import { type InstagramStoredConfig, channelConnections, conversations, inboundMessageIds, jobs, messages } from "../db/schema";
import { scheduleOutbox } from "../src/channels/pipeline";
import { splitReply, utf8Bytes } from "../src/channels/split";
import { startFakeInstagram, messagingPayload, signedDelivery } from "./fakes/instagram";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { type AgentRow, answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { eventually } from "./helpers/training";

const ACCESS_TOKEN = "IGQVJ-token-de-acesso";
const APP_SECRET = "segredo-do-app-instagram";
const IG_ID = "17841400000000001";
const PAGE_ID = "104000000000001";
const VERIFY_TOKEN = "verifica-insta-123";
/** Accented text and emojis: ~130 characters but ~150 bytes a sentence, so a character split overflows 1000 bytes. */
const SENTENCE = "Olá! Nossa promoção de verão está ótima: ação, atenção e coração em cada peça 😊🚀 — confira as condições especiais já. ";
const LONG_REPLY = SENTENCE.repeat(24).trim();

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let ig: Awaited<ReturnType<typeof startFakeInstagram>>;
let app: TestApp;
let agent: AgentRow;
let owner: Client;
let connectionId = "";
let userSeq = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi({ reply: (b) => ({ content: lastUserText(b).includes("catálogo") ? LONG_REPLY : `Eco: ${lastUserText(b)}` }) });
  ig = await startFakeInstagram({ accessToken: ACCESS_TOKEN, accounts: { [IG_ID]: "loja_teste" }, pages: { [PAGE_ID]: IG_ID } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, INSTAGRAM_GRAPH_BASE: ig.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  owner = o.client;
  await answerAtOnce(app, agent.id);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  ig.stop();
});

const connectInput = (patch: Record<string, unknown> = {}) => ({
  agentId: agent.id,
  accessToken: ACCESS_TOKEN,
  appSecret: APP_SECRET,
  businessId: IG_ID,
  pageId: PAGE_ID,
  webhookVerifyToken: VERIFY_TOKEN,
  ...patch,
});

const post = (body: string, signature: string | null) =>
  fetch(`${app.base}/webhooks/instagram`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    body,
  });
const deliver = (payload: unknown, secret = APP_SECRET) => {
  const d = signedDelivery(secret, payload);
  return post(d.body, d.signature);
};

const recipientOf = (c: { body: Record<string, unknown> | null }) => (c.body?.recipient as { id?: string } | undefined)?.id;
const newUser = () => `9${String(++userSeq).padStart(15, "0")}`;
const textOf = (c: { body: Record<string, unknown> | null }) => (c.body?.message as { text?: string } | undefined)?.text;
const textsTo = (userId: string) =>
  ig
    .sends()
    .filter((c) => recipientOf(c) === userId && textOf(c))
    .map((c) => String(textOf(c)));
async function conversationOf(userId: string) {
  const [c] = await app.deps.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.channel, "instagram"), eq(conversations.contactKey, userId)));
  return c;
}
const threadOf = (convId: string) => app.deps.db.select().from(messages).where(eq(messages.conversationId, convId)).orderBy(messages.id);
const inboundJobsDone = async (mid: string) => {
  const rows = await app.deps.db.select().from(jobs).where(and(eq(jobs.type, "channel-inbound"), like(jobs.data, `%${mid}%`)));
  return rows.length > 0 && rows.every((j) => j.status === "completed");
};

describe("connect", () => {
  test("every field is required, and a token Instagram refuses stores nothing", async () => {
    const empty = await owner.trpc.channels.connectInstagram.mutate(connectInput({ pageId: " " }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.error)).toContain("Page ID é obrigatório");
    const refused = await owner.trpc.channels.connectInstagram.mutate(connectInput({ accessToken: "token-errado" }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain("O Instagram recusou");
    expect(await app.deps.db.select().from(channelConnections)).toHaveLength(0);
  });

  test("a valid token is checked with getAccount, stored encrypted and never returned; one connection per account", async () => {
    const res = await owner.trpc.channels.connectInstagram.mutate(connectInput());
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    connectionId = String(res.data.id);
    expect(ig.calls.some((c) => c.method === "GET" && c.path.startsWith(`/v21.0/${IG_ID}?`) && c.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);
    expect(res.data).toMatchObject({ channel: "instagram", businessId: IG_ID, pageId: PAGE_ID, webhookUrl: `${app.deps.appUrl}/webhooks/instagram`, hasAccessToken: true });
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    const config = row?.config as unknown as InstagramStoredConfig;
    expect(config.accessToken.startsWith("enc:v1:")).toBe(true);
    expect(config.appSecret.startsWith("enc:v1:")).toBe(true);
    const list = await owner.trpc.channels.list.query({ agentId: agent.id });
    for (const plain of [ACCESS_TOKEN, APP_SECRET]) expect(JSON.stringify(row)).not.toContain(plain);
    for (const plain of [ACCESS_TOKEN, APP_SECRET, "enc:v1:"]) expect(JSON.stringify(list.data)).not.toContain(plain);
    expect((await owner.trpc.channels.connectInstagram.mutate(connectInput())).status).toBe(409);
  });

  test("update keeps the stored secrets when they are left out", async () => {
    const upd = await owner.trpc.channels.updateInstagram.mutate({
      id: connectionId,
      config: { businessId: IG_ID, pageId: PAGE_ID, webhookVerifyToken: VERIFY_TOKEN },
    });
    expect(upd.ok).toBe(true);
    expect(upd.data).toMatchObject({ hasAppSecret: true });
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    const stored = row?.config as unknown as InstagramStoredConfig | undefined;
    expect(app.deps.secrets.decrypt(stored?.appSecret ?? "")).toBe(APP_SECRET);
  });
});

describe("webhook", () => {
  test("GET verification answers the challenge only for a connection's verify token", async () => {
    const ok = await fetch(`${app.base}/webhooks/instagram?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=4242`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("4242");
    expect((await fetch(`${app.base}/webhooks/instagram?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`)).status).toBe(403);
  });

  test("a bad or missing signature, an unknown account or one bad entry refuses the whole delivery", async () => {
    const user = newUser();
    const payload = messagingPayload({ accountId: IG_ID, userId: user, text: "Olá?" });
    const mid = String(payload.entry[0]?.messaging[0]?.message.mid);
    expect((await deliver(payload, "outro-segredo")).status).toBe(401);
    expect((await post(JSON.stringify(payload), null)).status).toBe(401);
    expect((await deliver(messagingPayload({ accountId: "999", userId: user, text: "Olá?" }))).status).toBe(401);
    const mixed = { ...payload, entry: [...payload.entry, ...messagingPayload({ accountId: "999", userId: user, text: "x" }).entry] };
    expect((await deliver(mixed)).status).toBe(401);
    await Bun.sleep(300);
    expect(await app.deps.db.select().from(inboundMessageIds).where(eq(inboundMessageIds.providerMessageId, mid))).toHaveLength(0);
    expect(await conversationOf(user)).toBeUndefined();
    expect(textsTo(user)).toHaveLength(0);
  });

  test("a signed message is answered through the Graph (typing first); both messages are stored", async () => {
    const user = newUser();
    expect((await deliver(messagingPayload({ accountId: IG_ID, userId: user, text: "Tem em azul?" }))).status).toBe(200);
    expect(await eventually(async () => textsTo(user)[0])).toBe("Eco: Tem em azul?");
    const send = ig.sends().find((c) => recipientOf(c) === user && c.body?.message);
    expect(send?.path).toBe(`/v21.0/${PAGE_ID}/messages`);
    expect(send?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(ig.sends().some((c) => recipientOf(c) === user && c.body?.sender_action === "typing_on")).toBe(true);
    const conv = await eventually(() => conversationOf(user));
    const rows = await eventually(async () => {
      const r = await threadOf(conv.id);
      return r.length === 2 && r[1]?.deliveryStatus === "sent" ? r : null;
    });
    expect(rows.map((m) => [m.senderType, m.content])).toEqual([
      ["customer", "Tem em azul?"],
      ["agent", "Eco: Tem em azul?"],
    ]);
  });

  test("the same delivery sent twice is answered once", async () => {
    const user = newUser();
    const d = signedDelivery(APP_SECRET, messagingPayload({ accountId: IG_ID, userId: user, text: "Entregam hoje?" }));
    const res = await Promise.all([post(d.body, d.signature), post(d.body, d.signature), post(d.body, d.signature)]);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    await eventually(async () => textsTo(user).length === 1);
    await Bun.sleep(600);
    expect(textsTo(user)).toHaveLength(1);
  });

  test("the echo of a message we sent is not a person; a message typed in the Instagram app is", async () => {
    const user = newUser();
    await deliver(messagingPayload({ accountId: IG_ID, userId: user, text: "Oi!" }));
    await eventually(async () => textsTo(user).length === 1);
    const conv = await eventually(() => conversationOf(user));
    const ours = await eventually(async () => (await threadOf(conv.id)).find((m) => m.senderType === "agent" && m.providerMessageId)?.providerMessageId);
    const echo = messagingPayload({ accountId: IG_ID, userId: user, mid: ours, text: "Eco: Oi!", echo: true });
    expect((await deliver(echo)).status).toBe(200);
    // Business-side messages are read 5 s later, once the outbox has recorded its send's id.
    await eventually(() => inboundJobsDone(ours), 12_000);
    expect((await conversationOf(user))?.handledBy).toBe("ai");
    expect((await threadOf(conv.id)).filter((m) => m.senderType === "human")).toHaveLength(0);

    const typed = messagingPayload({ accountId: IG_ID, userId: user, text: "Aqui é a Bia, já te respondo", echo: true });
    await deliver(typed);
    const paused = await eventually(async () => ((await conversationOf(user))?.handledBy === "human" ? true : null), 12_000);
    expect(paused).toBe(true);
    expect((await threadOf(conv.id)).filter((m) => m.senderType === "human").map((m) => m.content)).toEqual(["Aqui é a Bia, já te respondo"]);
  }, 30_000);

  test("a long reply with accents and emojis goes out in parts of at most 1000 UTF-8 bytes", async () => {
    const user = newUser();
    await deliver(messagingPayload({ accountId: IG_ID, userId: user, text: "Me manda o catálogo completo" }));
    const parts = await eventually(async () => {
      const sent = textsTo(user);
      return sent.join(" ").length >= LONG_REPLY.length - 5 ? sent : null;
    });
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) expect(utf8Bytes(p)).toBeLessThanOrEqual(1000);
    expect(parts.join(" ").replace(/\s+/g, " ")).toBe(LONG_REPLY.replace(/\s+/g, " "));
    // No emoji was cut in half.
    expect(parts.join("")).not.toContain("\ufffd");
  });

  test("after 24 h a person may still answer for 7 days (HUMAN_AGENT tag); the AI may not", async () => {
    const user = newUser();
    await deliver(messagingPayload({ accountId: IG_ID, userId: user, text: "Oi" }));
    await eventually(async () => textsTo(user).length === 1);
    const conv = await eventually(() => conversationOf(user));
    // The customer's last message was two days ago.
    await app.deps.db.update(conversations).set({ lastCustomerMessageAt: Date.now() - 2 * 24 * 60 * 60_000 }).where(eq(conversations.id, conv.id));
    const queued = async (senderType: "human" | "agent", content: string) =>
      app.deps.db.insert(messages).values({ conversationId: conv.id, workspaceId: conv.workspaceId, senderType, content, deliveryStatus: "pending" });
    await queued("human", "Oi, aqui é a Bia. Seu pedido saiu hoje!");
    await queued("agent", "Posso ajudar em algo mais?");
    const [fresh] = await app.deps.db.select().from(conversations).where(eq(conversations.id, conv.id));
    if (!fresh) throw new Error("conversation vanished");
    await scheduleOutbox(app.deps, fresh);
    await eventually(async () => textsTo(user).length === 2);
    const human = ig.sends().find((c) => recipientOf(c) === user && textOf(c) === "Oi, aqui é a Bia. Seu pedido saiu hoje!");
    expect(human?.body?.messaging_type).toBe("MESSAGE_TAG");
    expect(human?.body?.tag).toBe("HUMAN_AGENT");
    const skipped = await eventually(async () => (await threadOf(conv.id)).find((m) => m.content === "Posso ajudar em algo mais?" && m.deliveryStatus === "skipped"));
    expect(skipped.deliveryError).toContain("24 horas");
    expect(textsTo(user)).toHaveLength(2);
  });

  test("splitReply with a byte measure keeps every part within the limit and surrogate pairs whole", () => {
    const emojis = "😊".repeat(600);
    for (const natural of [true, false]) {
      const parts = splitReply(`${LONG_REPLY}\n\n${emojis}`, { limit: 1000, natural, measure: utf8Bytes });
      for (const p of parts) {
        expect(utf8Bytes(p.text)).toBeLessThanOrEqual(1000);
        expect(p.text).not.toMatch(/[\ud800-\udbff]$|^[\udc00-\udfff]/);
      }
      expect(parts.map((p) => p.text).join("").replace(/\s+/g, "")).toBe(`${LONG_REPLY}${emojis}`.replace(/\s+/g, ""));
    }
    // Without the measure the same limit counts characters: parts overflow 1000 bytes.
    expect(splitReply(LONG_REPLY, { limit: 1000, natural: false }).some((p) => utf8Bytes(p.text) > 1000)).toBe(true);
  });
});

describe("Testar conexão, tenancy and disconnect", () => {
  test("ok with the stored token; fails once the token is revoked", async () => {
    const ok = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(ok.data).toMatchObject({ ok: true, message: "Conexão funcionando: conta @loja_teste." });
    const [row] = await app.deps.db.select().from(channelConnections).where(eq(channelConnections.id, connectionId));
    const config = row?.config as unknown as InstagramStoredConfig;
    await app.deps.db
      .update(channelConnections)
      .set({ config: sqlConfig({ ...config, accessToken: app.deps.secrets.encrypt("revogado") }) })
      .where(eq(channelConnections.id, connectionId));
    const bad = await owner.trpc.channels.test.mutate({ id: connectionId });
    expect(bad.data).toMatchObject({ ok: false, message: "O Instagram recusou o access token." });
    const [listed] = (await owner.trpc.channels.list.query({ agentId: agent.id })).data;
    expect(listed?.testStatus).toBe("error");
    await app.deps.db
      .update(channelConnections)
      .set({ config: sqlConfig(config) })
      .where(eq(channelConnections.id, connectionId));
  });

  test("another workspace can neither list, test, update nor disconnect it", async () => {
    const stranger = await registerUser(app);
    expect((await stranger.client.trpc.channels.list.query({})).data).toEqual([]);
    expect((await stranger.client.trpc.channels.test.mutate({ id: connectionId })).status).toBe(404);
    expect((await stranger.client.trpc.channels.updateInstagram.mutate({ id: connectionId, config: { businessId: "1", pageId: "2", webhookVerifyToken: "3" } })).status).toBe(404);
    expect((await stranger.client.trpc.channels.disconnect.mutate({ id: connectionId })).status).toBe(404);
  });

  test("disconnect removes it; its deliveries are then refused", async () => {
    expect((await owner.trpc.channels.disconnect.mutate({ id: connectionId })).ok).toBe(true);
    expect((await deliver(messagingPayload({ accountId: IG_ID, userId: newUser(), text: "E agora?" }))).status).toBe(401);
  });
});

/** The stored config back as the column's type (it holds an Instagram shape). */
const sqlConfig = (c: InstagramStoredConfig) => c as unknown as (typeof channelConnections.$inferSelect)["config"];
