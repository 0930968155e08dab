/**
 * WhatsApp Cloud media and receipts through the pipeline: a voice note downloaded in two steps and
 * transcribed, an image the reply carries sent as media, delivery/read statuses stored (never
 * moving backwards), and refused sends marked failed without blocking what comes next.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { conversations, messages } from "../db/schema";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { eventually } from "./helpers/training";

const APP_SECRET = "segredo-midia";
const PHONE_ID = "888000222";
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let seq = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  graph = await startFakeGraph();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, o.agent.id);
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-midia" });
  const res = await o.client.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: "EAAG-midia", appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-m", webhookVerifyToken: "m-123" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
});
afterAll(async () => {
  await app.stop();
  openai.stop();
  graph.stop();
});

async function deliver(value: Record<string, unknown>) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: "waba-m", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: PHONE_ID }, ...value } }] }],
  });
  const res = await fetch(`${app.base}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}` },
    body,
  });
  expect(res.status).toBe(200);
}

const customer = () => `5531988${String(++seq).padStart(6, "0")}`;
const message = (from: string, extra: Record<string, unknown>) => ({
  contacts: [{ profile: { name: "Lia" }, wa_id: from }],
  messages: [{ from, id: `wamid.M${Date.now()}${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), ...extra }],
});
const agentMessages = async (from: string) => {
  const [conv] = await app.deps.db.select().from(conversations).where(eq(conversations.contactKey, from));
  return app.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conv?.id ?? ""), eq(messages.senderType, "agent")))
    .orderBy(asc(messages.id));
};

describe("media", () => {
  test("a voice note is fetched with the bearer in two steps, transcribed and answered", async () => {
    graph.addMedia("media-voz-1", new Uint8Array([79, 103, 103, 83, 1, 2, 3]), "audio/ogg");
    const from = customer();
    await deliver(message(from, { type: "audio", audio: { id: "media-voz-1", mime_type: "audio/ogg; codecs=opus", voice: true } }));
    const sent = await eventually(async () => graph.sends.find((s) => s.body.to === from));
    expect(sent.body.text?.body).toBe("Eco: Transcrição de teste do áudio");
    const transcription = openai.requests.find((r) => r.path === "/v1/audio/transcriptions");
    expect(transcription).toBeDefined();
  });

  test("an image written in the reply goes out as an image message, in its place among the text", async () => {
    openai.settings.reply = () => ({ content: "Aqui está o cardápio:\n\n![Cardápio de hoje](https://exemplo.com.br/cardapio.jpg)\n\nQuer reservar uma mesa?" });
    try {
      const from = customer();
      await deliver(message(from, { type: "text", text: { body: "Tem cardápio?" } }));
      await eventually(async () => graph.sends.filter((s) => s.body.to === from).length === 3);
      const sends = graph.sends.filter((s) => s.body.to === from);
      expect(sends.map((s) => s.body.type)).toEqual(["text", "image", "text"]);
      expect(sends[1]?.body.image).toEqual({ link: "https://exemplo.com.br/cardapio.jpg", caption: "Cardápio de hoje" });
      expect(sends[2]?.body.text?.body).toBe("Quer reservar uma mesa?");
    } finally {
      openai.settings.reply = (b) => ({ content: `Eco: ${lastUserText(b)}` });
    }
  });
});

describe("statuses and refusals", () => {
  test("delivered and read are stored on the sent message; a late 'delivered' does not undo 'read'", async () => {
    const from = customer();
    await deliver(message(from, { type: "text", text: { body: "Oi" } }));
    const [reply] = await eventually(async () => {
      const rows = await agentMessages(from);
      return rows[0]?.deliveryStatus === "sent" ? rows : null;
    });
    const wamid = reply?.providerMessageId ?? "";
    const status = (s: string) => ({ statuses: [{ id: wamid, status: s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: from }] });
    await deliver(status("delivered"));
    expect((await agentMessages(from))[0]?.deliveryStatus).toBe("delivered");
    await deliver(status("read"));
    await deliver(status("delivered"));
    expect((await agentMessages(from))[0]?.deliveryStatus).toBe("read");
  });

  test("a send the provider refuses for good is marked failed with its reason, and later replies still go out", async () => {
    graph.failures.push({ status: 400, code: 131026 });
    const from = customer();
    await deliver(message(from, { type: "text", text: { body: "Primeira" } }));
    const failed = await eventually(async () => (await agentMessages(from)).find((m) => m.deliveryStatus === "failed"));
    expect(failed.deliveryError).toContain("131026");
    await deliver(message(from, { type: "text", text: { body: "Segunda" } }));
    const sent = await eventually(async () => graph.sends.find((s) => s.body.to === from));
    expect(sent.body.text?.body).toBe("Eco: Segunda");
  });
});
