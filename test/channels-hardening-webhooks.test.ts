/**
 * Issue 11, defect 9: a malformed webhook body is answered 400 (never 500) and stores nothing.
 * Every body here passes the webhook's authentication (signed with the connection's app secret,
 * or carrying its secret token), so the payload parser is what refuses it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { channelConnections, inboundMessageIds, jobs } from "../db/schema";
import type { TelegramStoredConfig, UazapiStoredConfig } from "../db/schema";
import { startFakeInstagram } from "./fakes/instagram";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";

const WA = { phoneNumberId: "551140000101", accessToken: "EAAG-webhooks", appSecret: "segredo-wa" };
const IG = { businessId: "17841400000000404", pageId: "104000000000404", accessToken: "IGQVJ-webhooks", appSecret: "segredo-ig" };
const TG_SECRET = "segredo-telegram-webhook";
const UAZ = { secret: "segredo-da-url", instanceToken: "token-da-instancia" };

let ig: Awaited<ReturnType<typeof startFakeInstagram>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let telegramId = "";
let uazapiId = "";

beforeAll(async () => {
  ig = await startFakeInstagram({ accessToken: IG.accessToken, accounts: { [IG.businessId]: "loja" }, pages: { [IG.pageId]: IG.businessId } });
  graph = await startFakeGraph();
  graph.addPhoneNumber(WA.phoneNumberId, { accessToken: WA.accessToken });
  app = await startTestApp({ INSTAGRAM_GRAPH_BASE: ig.url, WHATSAPP_GRAPH_BASE: graph.url, TELEGRAM_API_BASE: "http://127.0.0.1:9" });
  const o = await ownerWithAgent(app);
  const wa = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: WA.accessToken, appSecret: WA.appSecret, phoneNumberId: WA.phoneNumberId, businessAccountId: "waba-w", webhookVerifyToken: "w-123" },
  });
  if (!wa.ok) throw new Error(JSON.stringify(wa.error));
  const insta = await o.client.trpc.channels.connectInstagram.mutate({
    agentId: o.agent.id,
    accessToken: IG.accessToken,
    appSecret: IG.appSecret,
    businessId: IG.businessId,
    pageId: IG.pageId,
    webhookVerifyToken: "i-123",
  });
  if (!insta.ok) throw new Error(JSON.stringify(insta.error));
  // Telegram (webhook mode: no poller) and UAZAPI rows as their connect verbs store them.
  const s = app.deps.secrets;
  const tg: TelegramStoredConfig = { botToken: s.encrypt("1:AA"), botUsername: "bot", webhookSecret: s.encrypt(TG_SECRET), mode: "webhook" };
  const uaz: UazapiStoredConfig = {
    serverUrl: "https://uazapi.example",
    adminToken: s.encrypt("admin"),
    instanceName: "loja",
    instanceToken: s.encrypt(UAZ.instanceToken),
    phoneNumber: null,
    sessionActive: true,
    webhookSecret: s.encrypt(UAZ.secret),
  };
  const base = { workspaceId: o.workspaceId, agentId: o.agent.id, configured: true };
  const rows = await app.deps.db
    .insert(channelConnections)
    .values([
      { ...base, channel: "telegram", externalId: "1", config: tg as never },
      { ...base, channel: "whatsapp_uaz", externalId: "loja", config: uaz as never },
    ])
    .returning();
  telegramId = rows[0]?.id ?? "";
  uazapiId = rows[1]?.id ?? "";
}, 30_000);
afterAll(async () => {
  await app.stop();
  ig.stop();
  graph.stop();
});

const metaSign = (body: string, secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

type Hook = { name: string; send: (body: string) => Promise<Response>; valid: unknown; malformed: unknown[] };

const waValue = (v: Record<string, unknown>) => ({ object: "whatsapp_business_account", entry: [{ id: "waba-w", changes: [{ field: "messages", value: v }] }] });
const waMeta = { messaging_product: "whatsapp", metadata: { display_phone_number: "551140000101", phone_number_id: WA.phoneNumberId } };
const igEntry = (e: Record<string, unknown>) => ({ object: "instagram", entry: [{ id: IG.businessId, time: 1, ...e }] });
const tgMessage = (m: Record<string, unknown>) => ({ update_id: 1, message: { message_id: 1, date: 1, chat: { id: 5, type: "private" }, ...m } });

const hooks: Hook[] = [
  {
    name: "whatsapp",
    send: (body) => fetch(`${app.base}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSign(body, WA.appSecret) }, body }),
    // A template-status change nobody routes, next to a message-less change: lenient, 200.
    valid: { object: "whatsapp_business_account", entry: [{ id: "waba-w", changes: [{ field: "message_template_status_update", value: { event: "APPROVED" } }, { field: "messages", value: waMeta }] }] },
    malformed: [
      null,
      7,
      "texto",
      [],
      { entry: {} },
      { entry: [null] },
      { entry: [{ changes: "abc" }] },
      { entry: [{ changes: [null] }] },
      { entry: [{ changes: [{ field: "messages", value: "x" }] }] },
      waValue({ metadata: { phone_number_id: 106540352242922 }, messages: [{ from: "5511", id: "wamid.X", type: "text", text: { body: "oi" } }] }),
      waValue({ ...waMeta, messages: 5 }),
      waValue({ ...waMeta, messages: [{ from: "5511", id: "wamid.Y", type: "text", text: { body: "oi" } }], contacts: 5 }),
      waValue({ ...waMeta, statuses: "lido" }),
    ],
  },
  {
    name: "instagram",
    send: (body) => fetch(`${app.base}/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSign(body, IG.appSecret) }, body }),
    valid: igEntry({ changes: [{ field: "comments", value: { id: "c1", text: "lindo" } }] }),
    malformed: [
      null,
      [],
      { object: "instagram" },
      { object: "instagram", entry: {} },
      { object: "instagram", entry: [null] },
      { object: "instagram", entry: [{ id: { x: 1 } }] },
      igEntry({ messaging: "abc" }),
      igEntry({ messaging: [null] }),
      igEntry({ changes: "abc" }),
    ],
  },
  {
    name: "telegram",
    send: (body) => fetch(`${app.base}/webhooks/telegram/${telegramId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": TG_SECRET }, body }),
    // An update kind we do not answer (an edit) is acknowledged.
    valid: { update_id: 2, edited_message: { message_id: 1, date: 1, chat: { id: 5, type: "private" }, text: "editado" } },
    malformed: [
      null,
      [],
      "texto",
      {},
      { update_id: "1" },
      { update_id: 1, message: "oi" },
      tgMessage({ chat: "5" }),
      tgMessage({ photo: 5 }),
      tgMessage({ text: { body: "oi" } }),
      tgMessage({ voice: "arquivo" }),
    ],
  },
  {
    name: "uazapi",
    send: (body) => fetch(`${app.base}/webhooks/uazapi/${uazapiId}/${UAZ.secret}`, { method: "POST", headers: { "content-type": "application/json" }, body }),
    valid: { EventType: "presence", token: UAZ.instanceToken },
    malformed: [
      null,
      [],
      "texto",
      { EventType: { nested: true }, token: UAZ.instanceToken },
      { EventType: "messages", token: ["x"] },
      { EventType: "messages", token: UAZ.instanceToken, message: "x" },
      { EventType: "messages", token: UAZ.instanceToken, message: {}, chat: 1 },
      { EventType: "messages_update", token: UAZ.instanceToken, event: 7 },
    ],
  },
];

const stored = async () => ({
  jobs: (await app.deps.db.select().from(jobs)).length,
  inbound: (await app.deps.db.select().from(inboundMessageIds)).length,
});

describe("malformed webhook bodies", () => {
  for (const hook of hooks) {
    test(`${hook.name}: each malformed body gets 400 and stores nothing; a well-formed one is still accepted`, async () => {
      const before = await stored();
      for (const body of hook.malformed) {
        const res = await hook.send(JSON.stringify(body));
        const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
        expect({ body, status: res.status, code: answer?.error?.code }).toEqual({ body, status: 400, code: "VALIDATION" });
      }
      expect(await stored()).toEqual(before);
      const ok = await hook.send(JSON.stringify(hook.valid));
      expect(ok.status).toBe(200);
    });
  }
});
