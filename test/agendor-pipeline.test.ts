/**
 * Agendor auto-add from a real channel: a new WhatsApp customer becomes one person and one deal in
 * the agent's default funnel after the first AI turn, and a second message of the same customer
 * creates nothing more (crm_links). With auto-add off, nothing reaches Agendor.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { startFakeAgendor } from "./fakes/agendor";
import { lastUserText, startFakeOpenAi } from "./fakes/openai";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { answerAtOnce, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { eventually } from "./helpers/training";

const APP_SECRET = "segredo-crm";
const PHONE_ID = "888000333";
const TOKEN = "tok-agendor-pipeline";
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let agendor: Awaited<ReturnType<typeof startFakeAgendor>>;
let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
let seq = 0;

beforeAll(async () => {
  openai = await startFakeOpenAi();
  openai.settings.reply = (b) => ({ content: `Recebido: ${lastUserText(b)}` });
  graph = await startFakeGraph();
  agendor = await startFakeAgendor({ token: TOKEN });
  process.env.AGENDOR_API_BASE = agendor.url;
  // The pipeline runs in the job Worker, which reads the allow-list from its environment.
  process.env.ATENDA_SAFE_FETCH_ALLOW = agendor.host;
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: openai.url, WHATSAPP_GRAPH_BASE: graph.url, CHANNEL_BURST_WINDOW_MS: "50" });
  owner = await ownerWithAgent(app);
  await setWallet(app, owner.workspaceId, { regular: 100_000 });
  await answerAtOnce(app, owner.agent.id);
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-crm" });
  const wa = await owner.client.trpc.channels.connectWhatsApp.mutate({
    agentId: owner.agent.id,
    config: { accessToken: "EAAG-crm", appSecret: APP_SECRET, phoneNumberId: PHONE_ID, businessAccountId: "waba-c", webhookVerifyToken: "c-123" },
  });
  if (!wa.ok) throw new Error(JSON.stringify(wa.error));
}, 20_000);
afterAll(async () => {
  delete process.env.AGENDOR_API_BASE;
  delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  await app.stop();
  openai.stop();
  graph.stop();
  agendor.stop();
});

async function saveAgendor(autoAddToFunnel: boolean) {
  const res = await owner.client.trpc.agendor.save.mutate({
    agentId: owner.agent.id,
    settings: { apiToken: TOKEN, defaultFunnelId: 111, defaultStage: 1, autoAddToFunnel },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
}

async function say(from: string, text: string) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-c",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: "Joana Lima" }, wa_id: from }],
              messages: [{ from, id: `wamid.CRM${Date.now()}${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  const res = await fetch(`${app.base}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}` },
    body,
  });
  expect(res.status).toBe(200);
}
const answered = (text: string) => eventually(async () => (graph.sends.some((m) => JSON.stringify(m).includes(`Recebido: ${text}`)) ? true : null));

test("a new WhatsApp customer becomes one Agendor person with one deal, however many messages follow", async () => {
  await saveAgendor(true);
  const from = "5531977001122";
  await say(from, "Oi, quero um orçamento");
  await answered("Oi, quero um orçamento");
  await eventually(async () => (agendor.deals.length ? true : null));
  await say(from, "Pode ser amanhã?");
  await answered("Pode ser amanhã?");
  await Bun.sleep(300);
  expect(agendor.people).toHaveLength(1);
  expect(agendor.people[0]).toMatchObject({ name: "Joana Lima" });
  expect(JSON.stringify(agendor.people[0])).toContain("31977001122");
  expect(agendor.deals).toHaveLength(1);
  expect(agendor.requests.filter((r) => r.method === "POST" && r.path.endsWith("/people"))).toHaveLength(1);
});

test("with auto-add off, a new customer reaches nobody's CRM", async () => {
  await saveAgendor(false);
  agendor.reset();
  await say("5531977003344", "Bom dia");
  await answered("Bom dia");
  // A customer after them with auto-add back on shows the hook has run for both.
  await saveAgendor(true);
  await say("5531977005566", "Boa tarde");
  await answered("Boa tarde");
  await eventually(async () => (agendor.deals.length ? true : null));
  expect(agendor.people).toHaveLength(1);
  expect(JSON.stringify(agendor.people)).toContain("31977005566");
  expect(JSON.stringify(agendor.requests)).not.toContain("31977003344");
});
