/**
 * The inbox over real HTTP: list filters, search and pages; the thread; a person answering on
 * Telegram (the fake receives it, the AI stays silent until handed back); assignment, resolve and
 * reopen; read-only members and other workspaces refused; the live stream scoped to the workspace.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { conversations, messages } from "../db/schema";
import { liveSubscriberCount } from "../src/lib/live-events";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { type AgentRow, answerAtOnce, chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { type Client, must } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { arrangeConversation, joinAs, openStream } from "./helpers/inbox";
import { eventually } from "./helpers/training";

const BOT_TOKEN = "515151:inbox-token";
const BURST_MS = 50;

type Item = { id: string; channel: string; clientName: string | null; status: string; unreadCount: number; needsHumanSupport: boolean; handledBy: string; lastMessage: { content: string; senderType: string } | null; assignedTo: { id: string; name: string } | null; agent: { id: string; name: string } | null };
type Page = { items: Item[]; nextCursor: string | null };

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let agent: AgentRow;
let owner: Client;
let ownerId: string;
let workspaceId: string;
let bot: { connectionId: string; secret: string };
let outsider: Client;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.settings.reply = (b: ChatBody) => ({ content: `Eco: ${lastUserText(b)}` });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 515151, username: "inbox_bot" } } });
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: String(BURST_MS) });
  const o = await ownerWithAgent(app);
  agent = o.agent;
  owner = o.client;
  ownerId = o.user.id;
  workspaceId = o.workspaceId;
  await setWallet(app, workspaceId, { regular: 100_000 });
  await answerAtOnce(app, agent.id);
  bot = await connectTelegramBot(app, owner, agent.id, BOT_TOKEN);
  outsider = (await registerUser(app, { firstName: "Olga" })).client;
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  tg.stop();
});

const list = (c: Client, input: Record<string, unknown> = {}) => c.trpc.conversations.list.query(input);
const thread = (c: Client, id: string, cursor?: string) => c.trpc.conversations.thread.query({ id, ...(cursor ? { cursor } : {}) });
const modelCalls = () => openai.chatRequests().length;
/** Messages the bot sent to anyone (the poller's getUpdates calls are recorded too). */
const sends = () => tg.calls.filter((c) => c.method.startsWith("send") && c.method !== "sendChatAction").length;
/** Waits until nothing of the conversation is left in the outbox, so later sends are new ones. */
const outboxDrained = (conversationId: string) =>
  eventually(async () => {
    const pending = await app.deps.db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.deliveryStatus, "pending")));
    return pending.length === 0;
  });
const humanRows = (conversationId: string) =>
  app.deps.db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "human")));

describe("list", () => {
  let ws: string;
  let lister: Client;
  let me: string;
  const ids = { joao: "", bia: "", carlos: "", web: "" };
  beforeAll(async () => {
    const o = await ownerWithAgent(app);
    lister = o.client;
    ws = o.workspaceId;
    me = o.user.id;
    const t0 = Date.now() - 3_600_000;
    const rows = [
      { key: "joao" as const, channel: "whatsapp", clientName: "João Pereira", clientPhone: "5511988887777", at: t0 + 9000, unreadCount: 2, texts: ["Quero remarcar meu horário", "Claro! Para quando?"] },
      { key: "bia" as const, channel: "telegram", clientName: "Beatriz", at: t0 + 8000, needsHumanSupport: true, texts: ["Preciso de um atendente"] },
      { key: "carlos" as const, channel: "instagram", clientName: "Carlos", at: t0 + 7000, status: "resolved", texts: ["Obrigado, resolvido"] },
      { key: "web" as const, channel: "web", clientName: "Visitante do chat web", at: t0 + 6000, assignedToUserId: me, texts: ["O frete para Manaus é grátis?"] },
    ];
    for (const r of rows) ids[r.key] = (await arrangeConversation(app, ws, r)).id;
    // 31 more, older than all of the above: the inbox pages through them.
    for (let i = 0; i < 31; i++) await arrangeConversation(app, ws, { channel: "web", clientName: `Cliente ${i}`, at: t0 - i * 1000, texts: [`mensagem ${i}`] });
  });

  test("newest activity first, 30 a page, and the next page continues without repeats", async () => {
    const first = await list(lister);
    expect(first.ok).toBe(true);
    expect(first.data.items).toHaveLength(30);
    expect(first.data.items.slice(0, 4).map((i) => i.id)).toEqual([ids.joao, ids.bia, ids.carlos, ids.web]);
    expect(first.data.nextCursor).not.toBeNull();
    const second = await list(lister, { cursor: first.data.nextCursor });
    expect(second.data.items).toHaveLength(5);
    expect(second.data.nextCursor).toBeNull();
    const all = [...first.data.items, ...second.data.items].map((i) => i.id);
    expect(new Set(all).size).toBe(35);
    expect(second.data.items.at(-1)?.clientName).toBe("Cliente 30");
  });

  test("each item carries the preview of its last message, its agent and its assignee", async () => {
    const { data } = await list(lister);
    const joao = data.items.find((i) => i.id === ids.joao);
    expect(joao?.lastMessage).toEqual(expect.objectContaining({ content: "Claro! Para quando?", senderType: "agent" }));
    expect(joao?.unreadCount).toBe(2);
    expect(joao?.channel).toBe("whatsapp");
    const web = data.items.find((i) => i.id === ids.web);
    expect(web?.assignedTo).toEqual({ id: me, name: "Maria Silva" });
  });

  test("a long last message is cut to 120 characters in the preview", async () => {
    const long = `${"Bom dia, ".repeat(30)}fim`;
    const c = await arrangeConversation(app, ws, { clientName: "Longo", at: Date.now(), texts: [long] });
    const item = (await list(lister)).data.items.find((i) => i.id === c.id);
    expect(item?.lastMessage?.content).toBe(`${"Bom dia, ".repeat(13)}Bo…`);
    expect(item?.lastMessage?.content).toHaveLength(120);
    await app.deps.db.delete(conversations).where(eq(conversations.id, c.id));
  });

  test("filters: channel, status, unread, needs a person, assigned to me", async () => {
    const idsOf = async (input: Record<string, unknown>) => (await list(lister, input)).data.items.map((i) => i.id);
    expect(await idsOf({ channel: "telegram" })).toEqual([ids.bia]);
    expect(await idsOf({ channel: "whatsapp" })).toEqual([ids.joao]);
    expect(await idsOf({ status: "resolved" })).toEqual([ids.carlos]);
    expect(await idsOf({ unread: true })).toEqual([ids.joao]);
    expect(await idsOf({ needsHuman: true })).toEqual([ids.bia]);
    expect(await idsOf({ mine: true })).toEqual([ids.web]);
    expect(await idsOf({ channel: "web", mine: true, status: "active" })).toEqual([ids.web]);
  });

  test("search finds a name, a phone typed any way, and words inside messages", async () => {
    const idsOf = async (search: string) => (await list(lister, { search })).data.items.map((i) => i.id);
    expect(await idsOf("beatriz")).toEqual([ids.bia]);
    expect(await idsOf("(11) 98888-7777")).toEqual([ids.joao]);
    expect(await idsOf("frete para manaus")).toEqual([ids.web]);
    expect(await idsOf("remarcar")).toEqual([ids.joao]);
    // LIKE wildcards typed by the person are literal text.
    expect(await idsOf("%")).toEqual([]);
    expect(await idsOf("nada-parecido")).toEqual([]);
  });

  test("counts: conversations with unread messages and open ones needing a person", async () => {
    const res = await lister.trpc.conversations.counts.query();
    expect(res.data).toEqual({ unread: 1, needsHuman: 1 });
  });

  test("the REST path answers the same list, filters from the query string", async () => {
    const res = await lister.get<Page>("/api/v1/conversations?channel=telegram&needsHuman=true");
    expect(res.status).toBe(200);
    expect(res.data.items.map((i) => i.id)).toEqual([ids.bia]);
    const bad = await lister.get("/api/v1/conversations?channel=sms");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Canal deve ser whatsapp, telegram, instagram ou web");
    expect((await fetch(`${app.base}/api/v1/conversations`)).status).toBe(401);
  });

  test("another workspace sees none of them", async () => {
    const theirs = (await list(outsider)).data.items.map((i) => i.id);
    for (const id of Object.values(ids)) expect(theirs).not.toContain(id);
    const rest = await outsider.get<Page>("/api/v1/conversations");
    expect(rest.data.items.map((i) => i.id)).not.toContain(ids.joao);
  });

  test("the thread: messages oldest first, the newest 100, older ones by cursor", async () => {
    const c = await arrangeConversation(app, ws, { clientName: "Falante", at: Date.now() - 10_000, texts: Array.from({ length: 105 }, (_, i) => `linha ${i}`) });
    const page = await thread(lister, c.id);
    expect(page.data.messages).toHaveLength(100);
    expect(page.data.messages[0]?.content).toBe("linha 5");
    expect(page.data.messages.at(-1)?.content).toBe("linha 104");
    expect(page.data.olderCursor).toBe(page.data.messages[0]?.id ?? "");
    const older = await thread(lister, c.id, page.data.olderCursor ?? "");
    expect(older.data.messages.map((m) => m.content)).toEqual(["linha 0", "linha 1", "linha 2", "linha 3", "linha 4"]);
    expect(older.data.olderCursor).toBeNull();
  });
});

describe("a person answers on Telegram", () => {
  test("the customer gets the person's text; the AI stays silent until handed back, then answers again", async () => {
    const c = telegramCustomer(app, tg, bot, "Renata");
    await c.say("Oi, vocês entregam hoje?");
    await eventually(async () => c.received().length === 1);
    expect(c.received()).toEqual(["Eco: Oi, vocês entregam hoje?"]);
    const conv = await eventually(() => c.conversation());
    expect(conv.unreadCount).toBe(1);

    const read = await owner.trpc.conversations.markRead.mutate({ id: conv.id });
    expect(read.ok).toBe(true);
    expect((await c.conversation())?.unreadCount).toBe(0);
    expect((await c.thread()).filter((m) => !m.isRead)).toHaveLength(0);

    const before = Date.now();
    const reply = await owner.trpc.conversations.reply.mutate({ id: conv.id, text: "  Olá Renata, aqui é a Maria. Entregamos sim!  " });
    expect(reply.ok).toBe(true);
    expect(reply.data.messages.map((m) => [m.senderType, m.senderName, m.content, m.deliveryStatus])).toEqual([
      ["human", "Maria Silva", "Olá Renata, aqui é a Maria. Entregamos sim!", "pending"],
    ]);
    await eventually(async () => c.received().length === 2);
    expect(c.received()[1]).toBe("Olá Renata, aqui é a Maria. Entregamos sim!");
    const sent = await eventually(async () => (await humanRows(conv.id)).find((m) => m.deliveryStatus === "sent"));
    expect(sent.senderId).toBe(ownerId);
    const after = await c.conversation();
    expect(after?.handledBy).toBe("human");
    expect(after?.assignedToUserId).toBe(ownerId);
    // HUMAN_TAKEOVER_MINUTES defaults to 30.
    expect(after?.aiPausedUntil ?? 0).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(after?.aiPausedUntil ?? 0).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const calls = modelCalls();
    await c.say("Que horas chega?");
    await eventually(async () => (await c.thread()).some((m) => m.content === "Que horas chega?"));
    await Bun.sleep(BURST_MS + 800);
    expect(c.received()).toHaveLength(2);
    expect(modelCalls()).toBe(calls);

    const back = await owner.trpc.conversations.handBack.mutate({ id: conv.id });
    expect(back.data).toEqual(expect.objectContaining({ handledBy: "ai", needsHumanSupport: false, aiPausedUntil: null }));
    await c.say("Ainda estão aí?");
    await eventually(async () => c.received().length === 3);
    expect(c.received()[2]).toBe("Eco: Ainda estão aí?");
  });

  test("the thread shows each sender, the delivery status and what the AI used", async () => {
    const c = telegramCustomer(app, tg, bot, "Paulo");
    await c.say("Tem pão de queijo?");
    await eventually(async () => c.received().length === 1);
    const conv = await eventually(() => c.conversation());
    const [agentMsg] = (await c.thread()).filter((m) => m.senderType === "agent");
    // What a trained answer carries (sources, a tool) next to what the runtime wrote.
    await app.deps.db
      .update(messages)
      .set({ metadata: { ...(agentMsg?.metadata ?? {}), sources: [{ sourceId: "s1", source: "Cardápio", sourceType: "text", chunkId: 3, score: 0.81 }], tools: [{ name: "transferir_para_atendente", reason: "Pedido especial" }] } })
      .where(eq(messages.id, agentMsg?.id ?? ""));
    await c.say("", { photo: [{ file_id: "foto-1", file_unique_id: "u1", width: 90, height: 90 }], caption: "olha essa" });
    await eventually(async () => (await c.thread()).some((m) => m.messageType === "image"));
    const { data } = await thread(owner, conv.id);
    expect(data.conversation).toEqual(expect.objectContaining({ channel: "telegram", clientName: "Paulo", replyBlockedReason: null }));
    expect(data.conversation.agent).toEqual({ id: agent.id, name: agent.name, isActive: true });
    expect(data.conversation.connection).toEqual({ id: bot.connectionId, kind: "telegram", label: "Telegram", account: "@inbox_bot" });
    const [first, second, third] = data.messages;
    expect([first?.senderType, first?.content]).toEqual(["customer", "Tem pão de queijo?"]);
    expect([second?.senderType, second?.content, second?.deliveryStatus]).toEqual(["agent", "Eco: Tem pão de queijo?", "sent"]);
    expect(second?.meta).toEqual(
      expect.objectContaining({
        outcome: "answered",
        model: expect.any(String),
        sources: [{ source: "Cardápio", sourceType: "text", score: 0.81 }],
        tools: [{ name: "transferir_para_atendente", reason: "Pedido especial" }],
      }),
    );
    expect([third?.senderType, third?.content]).toEqual(["customer", "olha essa"]);
    expect(third?.attachments).toEqual([{ type: "image", mime: "image/jpeg", size: null, fileName: null, url: null }]);
    // The provider's file handle never reaches the browser.
    expect(JSON.stringify(data)).not.toContain("foto-1");
  });

  test("a web-chat conversation cannot be answered from the inbox, and nothing is stored", async () => {
    await chat(app, agent.id, { message: "Oi pelo site", sessionId: "visitante-inbox-1" });
    const item = (await list(owner, { channel: "web" })).data.items[0];
    expect(item?.channel).toBe("web");
    const res = await owner.trpc.conversations.reply.mutate({ id: must(item).id, text: "Olá!" });
    expect(res.status).toBe(412);
    expect(res.error?.message).toContain("chat do site não podem ser respondidas por aqui");
    expect(await humanRows(item?.id ?? "")).toHaveLength(0);
    expect((await thread(owner, item?.id ?? "")).data.conversation.replyBlockedReason).toContain("chat do site");
  });

  test("the reply is validated in pt-BR", async () => {
    const c = telegramCustomer(app, tg, bot);
    await c.say("Olá");
    const conv = await eventually(() => c.conversation());
    const empty = await owner.trpc.conversations.reply.mutate({ id: conv.id, text: "   " });
    expect([empty.status, empty.error?.message]).toEqual([400, "Escreva a mensagem"]);
    const long = await owner.trpc.conversations.reply.mutate({ id: conv.id, text: "a".repeat(4097) });
    expect([long.status, long.error?.message]).toEqual([400, "A mensagem deve ter no máximo 4096 caracteres"]);
    expect(await humanRows(conv.id)).toHaveLength(0);
  });

  test("the same send retried with its clientId is stored and sent once", async () => {
    const c = telegramCustomer(app, tg, bot);
    await c.say("Bom dia");
    await eventually(async () => c.received().length === 1);
    const conv = await eventually(() => c.conversation());
    const body = { id: conv.id, text: "Bom dia! Já te respondo.", clientId: crypto.randomUUID() };
    const a = await owner.trpc.conversations.reply.mutate(body);
    const b = await owner.trpc.conversations.reply.mutate(body);
    expect(b.data.messages[0]?.id).toBe(a.data.messages[0]?.id ?? "");
    await eventually(async () => c.received().length === 2);
    await Bun.sleep(500);
    expect(c.received().filter((t) => t === "Bom dia! Já te respondo.")).toHaveLength(1);
  });
});

describe("state changes", () => {
  let convId: string;
  // The free plan allows three members: the owner, one who answers, one who only reads.
  let member: Awaited<ReturnType<typeof joinAs>>;
  let viewer: Awaited<ReturnType<typeof joinAs>>;
  beforeAll(async () => {
    member = await joinAs(app, owner, "member");
    viewer = await joinAs(app, owner, "viewer");
    const c = telegramCustomer(app, tg, bot, "Sônia");
    await c.say("Quero falar com um atendente, por favor");
    convId = (await eventually(async () => ((await c.conversation())?.needsHumanSupport ? c.conversation() : null))).id;
  });

  test("take over keeps the AI silent with no time limit; hand back clears the request", async () => {
    const taken = await owner.trpc.conversations.takeOver.mutate({ id: convId });
    expect([taken.data.handledBy, taken.data.aiPausedUntil]).toEqual(["human", null]);
    expect((await list(owner, { needsHuman: true })).data.items.map((i) => i.id)).toContain(convId);
    // A reply during an open-ended takeover does not put a deadline on it.
    await owner.trpc.conversations.reply.mutate({ id: convId, text: "Oi Sônia, sou a Maria." });
    expect((await app.deps.db.select().from(conversations).where(eq(conversations.id, convId)))[0]?.aiPausedUntil).toBeNull();
    await owner.trpc.conversations.handBack.mutate({ id: convId });
    expect((await list(owner, { needsHuman: true })).data.items.map((i) => i.id)).not.toContain(convId);
  });

  test("assign only to members who can answer; null unassigns; 'minhas' follows", async () => {
    const toMember = await owner.trpc.conversations.assign.mutate({ id: convId, userId: member.user.id });
    expect(toMember.data.assignedTo).toEqual({ id: member.user.id, name: "Marcos Lima" });
    expect((await list(member.client, { mine: true })).data.items.map((i) => i.id)).toEqual([convId]);
    const stranger = await registerUser(app);
    const refused = await owner.trpc.conversations.assign.mutate({ id: convId, userId: stranger.user.id });
    expect([refused.status, refused.error?.message]).toEqual([400, "Este usuário não é membro deste workspace"]);
    const toViewer = await owner.trpc.conversations.assign.mutate({ id: convId, userId: viewer.user.id });
    expect(toViewer.status).toBe(400);
    expect((await app.deps.db.select().from(conversations).where(eq(conversations.id, convId)))[0]?.assignedToUserId).toBe(member.user.id);
    const cleared = await owner.trpc.conversations.assign.mutate({ id: convId, userId: null });
    expect(cleared.data.assignedTo).toBeNull();
  });

  test("resolve and reopen", async () => {
    const resolved = await owner.trpc.conversations.resolve.mutate({ id: convId });
    expect(resolved.data.status).toBe("resolved");
    expect(resolved.data.finishedAt).toBeGreaterThan(Date.now() - 5000);
    expect(resolved.data.waitingForUser).toBe(false);
    expect((await list(owner, { status: "resolved" })).data.items.map((i) => i.id)).toContain(convId);
    const reopened = await owner.trpc.conversations.reopen.mutate({ id: convId });
    expect([reopened.data.status, reopened.data.finishedAt]).toEqual(["active", null]);
  });

  test("a read-only member reads the thread but cannot reply or change it", async () => {
    expect((await thread(viewer.client, convId)).ok).toBe(true);
    const before = (await humanRows(convId)).length;
    await outboxDrained(convId);
    const sent = sends();
    const reply = await viewer.client.trpc.conversations.reply.mutate({ id: convId, text: "Posso ajudar?" });
    expect(reply.status).toBe(403);
    expect(reply.error?.message).toContain("somente leitura");
    for (const action of ["takeOver", "resolve", "markRead"]) expect((await viewer.client.mutate(`conversations.${action}`, { id: convId })).status).toBe(403);
    expect(await humanRows(convId)).toHaveLength(before);
    await Bun.sleep(300);
    expect(sends()).toBe(sent);
  });

  test("another workspace gets 404 for every call and changes nothing", async () => {
    const row = async () => (await app.deps.db.select().from(conversations).where(eq(conversations.id, convId)))[0];
    const snapshot = await row();
    await outboxDrained(convId);
    const sent = sends();
    const { user } = await registerUser(app);
    for (const [path, input] of [
      ["conversations.reply", { id: convId, text: "invasão" }],
      ["conversations.assign", { id: convId, userId: user.id }],
      ["conversations.takeOver", { id: convId }],
      ["conversations.resolve", { id: convId }],
      ["conversations.markRead", { id: convId }],
    ] as const) {
      const res = await outsider.mutate(path, input);
      expect([path, res.status, res.error?.message]).toEqual([path, 404, "Conversa não encontrada"]);
    }
    expect((await thread(outsider, convId)).status).toBe(404);
    expect(await row()).toEqual(snapshot);
    await Bun.sleep(300);
    expect(sends()).toBe(sent);
  });
});

describe("live stream", () => {
  test("a customer's message reaches the workspace's stream, never another workspace's; closing unsubscribes", async () => {
    const baseline = liveSubscriberCount();
    const mine = await openStream(app, owner);
    const theirs = await openStream(app, outsider);
    expect([mine.status, mine.contentType]).toEqual([200, "text/event-stream"]);
    await eventually(async () => mine.events.some((e) => e.event === "ready") && theirs.events.some((e) => e.event === "ready"));
    expect(liveSubscriberCount()).toBe(baseline + 2);

    const c = telegramCustomer(app, tg, bot, "Lívia");
    await c.say("Vocês abrem domingo?");
    const conv = await eventually(() => c.conversation());
    await eventually(async () => mine.conversationIds().includes(conv.id));
    await eventually(async () => c.received().length === 1);
    await Bun.sleep(300);
    expect(theirs.conversationIds()).toEqual([]);

    await mine.close();
    await theirs.close();
    await eventually(async () => liveSubscriberCount() === baseline);
  });

  test("a quiet stream stays open past Bun's 10 s idle timeout", async () => {
    const stream = await openStream(app, outsider);
    await Bun.sleep(11_000);
    // Any change in the outsider's workspace: their own conversation, arranged and assigned.
    const ws = String((await outsider.trpc.workspaces.current.query()).data.id);
    const conv = await arrangeConversation(app, ws, { at: Date.now() });
    await outsider.trpc.conversations.resolve.mutate({ id: conv.id });
    await eventually(async () => stream.conversationIds().includes(conv.id), 3000);
    await stream.close();
  }, 20_000);

  test("without a session the stream is a 401", async () => {
    const res = await fetch(`${app.base}/api/v1/conversations/stream`);
    expect(res.status).toBe(401);
  });
});
