/**
 * Campaign hooks in the channel pipeline, over the real server and the Graph fake: delivery
 * receipts move sends and counters forward only, a reply counts once and tags the conversation,
 * opt-out words stop every campaign to the number (and get the fixed confirmation, not the
 * agent), a deal opened for the contact marks the send converted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { campaignOptOuts, contacts, conversations } from "../db/schema";
import { OPT_OUT_CONFIRMATION } from "../src/schemas/campaigns/opt-out";
import { withTransaction } from "../src/services/context";
import { openDeal } from "../src/services/crm/pipeline-core";
import { type ChatBody, lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { campaignRow, insertCampaign, insertSend, sendRow } from "./helpers/campaign-hooks";
import { eventually } from "./helpers/training";

const APP_SECRET = "segredo-campanha";
const PHONE_ID = "777000333";
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let workspaceId = "";
let connectionId = "";
let seq = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  workspaceId = o.workspaceId;
  await setWallet(app, workspaceId, { regular: 100_000 });
  await answerAtOnce(app, o.agent.id);
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-camp" });
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: "EAAG-camp", appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-c", webhookVerifyToken: "c-123" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  connectionId = res.data.id;
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

async function deliver(value: Record<string, unknown>) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "waba-c", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: PHONE_ID }, ...value } }] }],
  });
  const res = await fetch(`${app.base}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}` },
    body,
  });
  expect(res.status).toBe(200);
}
const status = (id: string, s: string, extra: Record<string, unknown> = {}) =>
  deliver({ statuses: [{ id, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: "5511900000000", ...extra }] });
const say = (from: string, text: string) =>
  deliver({
    contacts: [{ profile: { name: "Bia" }, wa_id: from }],
    messages: [{ from, id: `wamid.IN${Date.now()}${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
  });
const customer = () => `5521977${String(++seq).padStart(6, "0")}`;
const conversationOf = async (from: string) =>
  (await app.deps.db.select().from(conversations).where(and(eq(conversations.connectionId, connectionId), eq(conversations.contactKey, from))))[0];

describe("delivery statuses", () => {
  test("read before delivered counts delivered once; a late delivered changes nothing", async () => {
    const c = await insertCampaign(app, workspaceId, connectionId);
    const send = await insertSend(app, workspaceId, c, { phone: `+${customer()}`, status: "sent", providerMessageId: `wamid.OUT${++seq}` });
    await status(send.providerMessageId ?? "", "read");
    let row = await sendRow(app, send.id);
    expect(row?.status).toBe("read");
    expect(row?.readAt).not.toBeNull();
    expect(row?.deliveredAt).not.toBeNull();
    await status(send.providerMessageId ?? "", "delivered");
    await status(send.providerMessageId ?? "", "sent");
    row = await sendRow(app, send.id);
    expect(row?.status).toBe("read");
    const camp = await campaignRow(app, c.campaignId);
    expect(camp?.deliveredCount).toBe(1);
    expect(camp?.readCount).toBe(1);
    expect(camp?.failedCount).toBe(0);
  });

  test("delivered then read moves forward and counts each once, redeliveries included", async () => {
    const c = await insertCampaign(app, workspaceId, connectionId);
    const send = await insertSend(app, workspaceId, c, { phone: `+${customer()}`, status: "sent", providerMessageId: `wamid.OUT${++seq}` });
    await status(send.providerMessageId ?? "", "delivered");
    await status(send.providerMessageId ?? "", "delivered");
    expect((await sendRow(app, send.id))?.status).toBe("delivered");
    await status(send.providerMessageId ?? "", "read");
    await status(send.providerMessageId ?? "", "read");
    const camp = await campaignRow(app, c.campaignId);
    expect([camp?.deliveredCount, camp?.readCount]).toEqual([1, 1]);
  });

  test("failed after sent keeps the provider's reason; a failed never moves a delivered send back", async () => {
    const c = await insertCampaign(app, workspaceId, connectionId);
    const failing = await insertSend(app, workspaceId, c, { phone: `+${customer()}`, status: "sent", providerMessageId: `wamid.OUT${++seq}` });
    const delivered = await insertSend(app, workspaceId, c, { phone: `+${customer()}`, status: "delivered", providerMessageId: `wamid.OUT${++seq}` });
    await status(failing.providerMessageId ?? "", "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] });
    await status(failing.providerMessageId ?? "", "delivered");
    await status(delivered.providerMessageId ?? "", "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] });
    const f = await sendRow(app, failing.id);
    expect(f?.status).toBe("failed");
    expect(f?.errorMessage).toContain("131026");
    expect((await sendRow(app, delivered.id))?.status).toBe("delivered");
    const camp = await campaignRow(app, c.campaignId);
    expect([camp?.failedCount, camp?.deliveredCount]).toEqual([1, 0]);
  });
});

describe("replies", () => {
  test("a reply marks the newest send responded once and tags the conversation; the agent answers", async () => {
    const from = customer();
    const older = await insertCampaign(app, workspaceId, connectionId, "Antiga");
    const newer = await insertCampaign(app, workspaceId, connectionId, "Nova");
    const a = await insertSend(app, workspaceId, older, { phone: `+${from}`, status: "delivered", sentAt: Date.now() - 3 * 86_400_000 });
    const b = await insertSend(app, workspaceId, newer, { phone: `+${from}`, status: "delivered", sentAt: Date.now() - 86_400_000 });
    await say(from, "Oi, tenho interesse na promoção");
    await eventually(async () => (await sendRow(app, b.id))?.respondedAt);
    await eventually(async () => graph.sends.find((s) => s.body.to === from && s.body.text?.body.includes("interesse")));
    await say(from, "Pode me mandar o preço?");
    await eventually(async () => graph.sends.filter((s) => s.body.to === from).length >= 2 || null);
    expect((await campaignRow(app, newer.campaignId))?.respondedCount).toBe(1);
    expect((await sendRow(app, a.id))?.respondedAt).toBeNull();
    expect((await campaignRow(app, older.campaignId))?.respondedCount).toBe(0);
    const conv = await conversationOf(from);
    expect(conv?.campaignId).toBe(newer.campaignId);
    expect((await sendRow(app, b.id))?.conversationId).toBe(conv?.id ?? "");
  });

  test("a send older than 30 days is not counted", async () => {
    const from = customer();
    const c = await insertCampaign(app, workspaceId, connectionId);
    const s = await insertSend(app, workspaceId, c, { phone: `+${from}`, status: "read", sentAt: Date.now() - 31 * 86_400_000 });
    await say(from, "Olá");
    await eventually(async () => graph.sends.find((x) => x.body.to === from));
    expect((await sendRow(app, s.id))?.respondedAt).toBeNull();
    expect((await conversationOf(from))?.campaignId).toBeNull();
  });
});

describe("opt-out", () => {
  test("'Sair!' opts out, skips pending sends in two campaigns and gets the fixed confirmation instead of the agent", async () => {
    const from = customer();
    const first = await insertCampaign(app, workspaceId, connectionId);
    const second = await insertCampaign(app, workspaceId, connectionId);
    const third = await insertCampaign(app, workspaceId, connectionId);
    await insertSend(app, workspaceId, first, { phone: `+${from}`, status: "delivered" });
    const p2 = await insertSend(app, workspaceId, second, { phone: `+${from}`, status: "pending" });
    const p3 = await insertSend(app, workspaceId, third, { phone: `+${from}`, status: "pending" });
    const otherPhone = await insertSend(app, workspaceId, second, { phone: `+${customer()}`, status: "pending" });
    await say(from, "  Sair! ");
    const reply = await eventually(async () => graph.sends.find((s) => s.body.to === from));
    expect(reply.body.text?.body).toBe(OPT_OUT_CONFIRMATION);
    const [opt] = await app.deps.db.select().from(campaignOptOuts).where(and(eq(campaignOptOuts.workspaceId, workspaceId), eq(campaignOptOuts.phone, `+${from}`)));
    expect(opt?.reason).toBe("SAIR");
    expect(opt?.campaignId).toBe(first.campaignId);
    expect((await sendRow(app, p2.id))?.status).toBe("skipped");
    expect((await sendRow(app, p3.id))?.status).toBe("skipped");
    expect((await sendRow(app, otherPhone.id))?.status).toBe("pending");
    // The agent's model never saw the opt-out (no sales reply), and nothing else went out.
    expect(openai.requests.some((r) => r.path.includes("chat") && lastUserText(r.body as ChatBody).includes("Sair"))).toBe(false);
    expect(graph.sends.filter((s) => s.body.to === from)).toHaveLength(1);
  });

  test("'não quero mais' is an opt-out; 'vou sair de casa' is a normal message the agent answers", async () => {
    const quits = customer();
    const stays = customer();
    const c = await insertCampaign(app, workspaceId, connectionId);
    await insertSend(app, workspaceId, c, { phone: `+${quits}`, status: "sent" });
    await insertSend(app, workspaceId, c, { phone: `+${stays}`, status: "sent" });
    await say(quits, "Não quero mais.");
    await say(stays, "sair de casa agora não dá");
    await eventually(async () => graph.sends.find((s) => s.body.to === quits));
    const answered = await eventually(async () => graph.sends.find((s) => s.body.to === stays));
    expect(answered.body.text?.body).not.toBe(OPT_OUT_CONFIRMATION);
    const opts = await app.deps.db.select().from(campaignOptOuts).where(eq(campaignOptOuts.workspaceId, workspaceId));
    expect(opts.map((o) => o.phone)).toContain(`+${quits}`);
    expect(opts.find((o) => o.phone === `+${quits}`)?.reason).toBe("NÃO QUERO MAIS");
    expect(opts.map((o) => o.phone)).not.toContain(`+${stays}`);
    expect((await campaignRow(app, c.campaignId))?.respondedCount).toBe(2);
  });
});

describe("conversion", () => {
  test("a deal opened for the contact marks the newest sent send converted, once", async () => {
    const phone = `+${customer()}`;
    const c = await insertCampaign(app, workspaceId, connectionId);
    const s = await insertSend(app, workspaceId, c, { phone, status: "read" });
    const [contact] = await app.deps.db.insert(contacts).values({ workspaceId, name: "Carla", phone }).returning();
    const open = () => withTransaction(app.deps.db, (tx) => openDeal(tx, { workspaceId, title: "Pedido da Carla", contactId: contact?.id ?? null, actor: { type: "system" } }));
    await open();
    expect((await sendRow(app, s.id))?.convertedAt).not.toBeNull();
    await open();
    expect((await campaignRow(app, c.campaignId))?.convertedCount).toBe(1);
  });

  test("a deal for a contact no campaign reached converts nothing", async () => {
    const c = await insertCampaign(app, workspaceId, connectionId);
    const s = await insertSend(app, workspaceId, c, { phone: `+${customer()}`, status: "read" });
    const [contact] = await app.deps.db.insert(contacts).values({ workspaceId, name: "Davi", phone: `+${customer()}` }).returning();
    await withTransaction(app.deps.db, (tx) => openDeal(tx, { workspaceId, title: "Outro", contactId: contact?.id ?? null, actor: { type: "system" } }));
    expect((await sendRow(app, s.id))?.convertedAt).toBeNull();
    expect((await campaignRow(app, c.campaignId))?.convertedCount).toBe(0);
  });
});
