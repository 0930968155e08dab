/**
 * Channel customers become CRM contacts (issue 14, "the agents feed it"): one contact per person
 * across WhatsApp Cloud and own-server WhatsApp, none more for a redelivered webhook, Telegram and
 * Instagram ids kept as identities, and autoAddToFunnel opening one deal that the agent opened.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { agents, contactIdentities, conversations } from "../db/schema";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeTelegram } from "./fakes/telegram";
import { startFakeUazapi, webhookPayload } from "./fakes/uazapi";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { connectTelegramBot, telegramCustomer } from "./helpers/channels";
import { contactOfCustomer, crmCounts, dealsOfContact, whatsAppCloudSay } from "./helpers/crm-channels";
import { eventually } from "./helpers/training";

const WA = { appSecret: "segredo-crm-canais", phoneNumberId: "777000111" };
const UAZ_ADMIN = "admin-crm-canais";
const BOT_TOKEN = "515151:crm-canais";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
let cloudId = "";
let uazId = "";
let uazToken = "";
let bot: { connectionId: string; secret: string };
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.settings.reply = (b) => ({ content: `Recebido: ${lastUserText(b)}` });
  graph = await startFakeGraph();
  uaz = await startFakeUazapi({ adminToken: UAZ_ADMIN });
  tg = await startFakeTelegram({ tokens: { [BOT_TOKEN]: { id: 515151, username: "crm_bot" } } });
  // The pipeline runs in the job Worker, which reads the allow-list from its environment.
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, TELEGRAM_API_BASE: tg.url, CHANNEL_BURST_WINDOW_MS: "50" });
  owner = await ownerWithAgent(app);
  await setWallet(app, owner.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, owner.agent.id);
  graph.addPhoneNumber(WA.phoneNumberId, { accessToken: "EAAG-crm-canais" });
  const wa = await owner.client.trpc.channels.connectWhatsApp.mutate({
    agentId: owner.agent.id,
    config: { accessToken: "EAAG-crm-canais", appSecret: WA.appSecret, phoneNumberId: WA.phoneNumberId, businessAccountId: "waba-crm", webhookVerifyToken: "crm-123" },
  });
  if (!wa.ok) throw new Error(JSON.stringify(wa.error));
  cloudId = String(wa.data.id);
  const u = await owner.client.trpc.channels.connectUazapi.mutate({ agentId: owner.agent.id, serverUrl: uaz.url, adminToken: UAZ_ADMIN, instanceName: "crm-canais" });
  if (!u.ok) throw new Error(JSON.stringify(u.error));
  uazId = String(u.data.id);
  uazToken = [...uaz.instances.values()][0]?.token ?? "";
  uaz.pair(uazToken, "5511900000001");
  bot = await connectTelegramBot(app, owner.client, owner.agent.id, BOT_TOKEN);
}, 30_000);
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
  uaz.stop();
  tg.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

const answeredOnGraph = (to: string) => eventually(async () => graph.sends.some((s) => s.body.to === to));
const uazHook = () => new URL(String(uaz.instances.get(uazToken)?.webhook?.url)).pathname;
async function uazapiSay(phone: string, text: string, name?: string, messageId?: string) {
  const res = await fetch(`${app.base}${uazHook()}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(webhookPayload({ token: uazToken, phone, text, name, messageId })) });
  expect(res.status).toBe(200);
}
const setAutoAdd = (on: boolean) => answerAtOnce(app, owner.agent.id, { autoAddToFunnel: on });

describe("one person, one contact", () => {
  test("the same number on WhatsApp Cloud and on own-server WhatsApp is one contact, linked to both conversations", async () => {
    await setAutoAdd(false);
    const phone = "5531988001100";
    await whatsAppCloudSay(app, WA, phone, "Oi, vocês entregam?", { name: "Rita Prado" });
    const viaCloud = await eventually(() => contactOfCustomer(app, cloudId, phone));
    await uazapiSay(phone, "Mandei também por aqui", "Rita (celular)");
    const viaUaz = await eventually(() => contactOfCustomer(app, uazId, phone));
    expect(viaUaz.contact.id).toBe(viaCloud.contact.id);
    expect(viaUaz.conversationId).not.toBe(viaCloud.conversationId);
    expect(viaCloud.contact).toMatchObject({ name: "Rita Prado", phone: "+5531988001100", source: "whatsapp_cloud", isValidWhatsApp: true, workspaceId: owner.workspaceId });
    const again = await contactOfCustomer(app, uazId, phone);
    expect(again?.contact.name).toBe("Rita Prado");
    expect(await dealsOfContact(app, viaCloud.contact.id)).toEqual([]);
  });

  test("a redelivered webhook (same provider message id) and later messages create nothing new", async () => {
    await setAutoAdd(true);
    const phone = "5531988002200";
    const wamid = await whatsAppCloudSay(app, WA, phone, "Quero um orçamento", { name: "Saulo Dias" });
    await answeredOnGraph(phone);
    const first = await eventually(() => contactOfCustomer(app, cloudId, phone));
    const before = await crmCounts(app, owner.workspaceId);
    await whatsAppCloudSay(app, WA, phone, "Quero um orçamento", { name: "Saulo Dias", wamid });
    await whatsAppCloudSay(app, WA, phone, "Pode ser para amanhã?", { name: "Saulo Dias" });
    await eventually(async () => graph.sends.filter((s) => s.body.to === phone).length >= 2);
    await uazapiSay(phone, "Oi de novo", "Saulo", "AABBCCDDEEFF00112233");
    await eventually(() => contactOfCustomer(app, uazId, phone));
    await uazapiSay(phone, "Oi de novo", "Saulo", "AABBCCDDEEFF00112233");
    await Bun.sleep(300);
    const after = await crmCounts(app, owner.workspaceId);
    // Only the own-server conversation's link is new: no contact, identity or deal.
    expect(after).toEqual({ ...before, links: before.links + 1 });
    expect(await dealsOfContact(app, first.contact.id)).toHaveLength(1);
  });
});

describe("other channels", () => {
  test("a Telegram user becomes a contact with a telegram identity and their profile name", async () => {
    await setAutoAdd(false);
    const c = telegramCustomer(app, tg, bot, "Tiago Nunes");
    await c.say("Olá!");
    const linked = await eventually(() => contactOfCustomer(app, bot.connectionId, String(c.chatId)));
    expect(linked.contact).toMatchObject({ name: "Tiago Nunes", phone: null, source: "telegram", isValidWhatsApp: null });
    const ids = await app.deps.db.select().from(contactIdentities).where(eq(contactIdentities.contactId, linked.contact.id));
    expect(ids.map((i) => [i.channel, i.externalId])).toEqual([["telegram", String(c.chatId)]]);
    await eventually(async () => c.received().length >= 1);
    await c.say("Tem horário amanhã?");
    await eventually(async () => c.received().length >= 2);
    expect((await app.deps.db.select().from(contactIdentities).where(eq(contactIdentities.contactId, linked.contact.id))).length).toBe(1);
  }, 20_000);
});

describe("autoAddToFunnel", () => {
  test("on: the first conversation of a new contact opens one deal in 'Novo lead', and its history says the agent did", async () => {
    await setAutoAdd(true);
    const phone = "5531988003300";
    await whatsAppCloudSay(app, WA, phone, "Quero contratar", { name: "Vera Lúcia" });
    const { contact } = await eventually(() => contactOfCustomer(app, cloudId, phone));
    const [deal, ...more] = await dealsOfContact(app, contact.id);
    expect(more).toEqual([]);
    expect(deal).toMatchObject({ title: "Vera Lúcia", stage: "Novo lead", status: "open", source: "agent", agentId: owner.agent.id, workspaceId: owner.workspaceId });
    expect(deal?.history.map((h) => [h.actorType, h.agentId, h.fromStageId])).toEqual([["agent", owner.agent.id, null]]);
    const [conv] = await app.deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactKey, phone));
    expect(deal?.conversationId).toBe(conv?.id);
  });

  test("off: the contact is made, no deal", async () => {
    await setAutoAdd(false);
    const phone = "5531988004400";
    await whatsAppCloudSay(app, WA, phone, "Só uma dúvida", { name: "Wagner Reis" });
    const { contact } = await eventually(() => contactOfCustomer(app, cloudId, phone));
    await answeredOnGraph(phone);
    expect(await dealsOfContact(app, contact.id)).toEqual([]);
    const [agent] = await app.deps.db.select({ s: agents.conversationSettings }).from(agents).where(eq(agents.id, owner.agent.id));
    expect(agent?.s.autoAddToFunnel).toBe(false);
  });
});
