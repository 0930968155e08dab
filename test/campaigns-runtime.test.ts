/**
 * The campaign scheduler against the UAZAPI fake, on a fast simulated campaign clock
 * (CAMPAIGN_CLOCK, 600×): each member gets exactly one message, rendered and rotated, written
 * into a conversation tagged with the campaign; pause, resume and cancel take effect before the
 * next send; the hour cap holds across two campaigns of one connection; a 429 backs off; repeated
 * failures stop the campaign; a later start waits.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq, inArray } from "drizzle-orm";
import { campaignContacts, campaignLists, campaignMessages, campaignSends, campaigns, conversations, messages } from "../db/schema";
import { CAMPAIGN_STATUS_LABEL } from "../src/schemas/campaigns/status";
import { type CampaignSettings, DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { parseCampaignClock } from "../src/services/campaigns/clock";
import { saveCampaignPricing } from "../src/services/campaigns/pricing";
import { OUT_OF_CREDITS } from "../src/services/campaigns/send";
import { startFakeUazapi } from "./fakes/uazapi";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { ownerWithAgent, setWallet, walletRow } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";

const ADMIN_TOKEN = "uaz-admin-campanhas";
const CLOCK = "2026-11-23T10:00:00-03:00@600";
let app: TestApp;
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let cloudConnectionId: string;
let owner: Client;
let workspaceId: string;
let connectionId: string;
let phoneSeq = 1000;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

/** Fast and always open: the pacer's calendar rules have their own tests (campaigns-pacer*). */
const FAST: CampaignSettings = {
  ...DEFAULT_CAMPAIGN_SETTINGS,
  profile: "personalizado",
  minIntervalSeconds: 10,
  maxIntervalSeconds: 10,
  maxPerHour: 150,
  maxPerDay: 1000,
  businessHoursEnabled: false,
  skipWeekends: false,
  warmupEnabled: false,
  randomPausesEnabled: false,
};

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  graph = await startFakeGraph();
  app = await startTestApp({ CAMPAIGN_CLOCK: CLOCK, JOBS_WORKER: "false", JOB_POLL_MS: "20", WHATSAPP_GRAPH_BASE: graph.url });
  const o = await ownerWithAgent(app);
  owner = o.client;
  workspaceId = o.workspaceId;
  const r = await owner.trpc.channels.connectUazapi.mutate({ agentId: o.agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "campanhas" });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  connectionId = r.data.id;
  const token = [...uaz.instances.values()].find((i) => i.name === "campanhas")?.token;
  if (!token) throw new Error("no instance");
  uaz.pair(token, "5511900000001");
  graph.addPhoneNumber("pn-campanhas", { accessToken: "EAAG-campanhas" });
  const cloud = await owner.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: "EAAG-campanhas", appSecret: "segredo-app", phoneNumberId: "pn-campanhas", businessAccountId: "waba-campanhas", webhookVerifyToken: "verifica" },
  });
  if (!cloud.ok) throw new Error(JSON.stringify(cloud.error));
  cloudConnectionId = cloud.data.id;
}, 30_000);
afterAll(async () => {
  await app.stop();
  uaz.stop();
  graph.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

const nextPhone = () => `+55119876${String(++phoneSeq).padStart(5, "0")}`;

async function seedCampaign(o: { count: number; variants?: string[]; settings?: Partial<CampaignSettings>; startAt?: number | null }) {
  const db = app.deps.db;
  const phones = Array.from({ length: o.count }, nextPhone);
  const [list] = await db
    .insert(campaignLists)
    .values({ workspaceId, name: `Lista ${phoneSeq}`, contactCount: phones.length })
    .returning({ id: campaignLists.id });
  if (!list) throw new Error("no list");
  await db
    .insert(campaignContacts)
    .values(phones.map((phone, i) => ({ workspaceId, listId: list.id, phone, name: `Pessoa ${i + 1}`, company: `Loja ${i + 1}`, extra: { cupom: `CUPOM${i + 1}` } })));
  const [c] = await db
    .insert(campaigns)
    .values({ workspaceId, name: `Campanha ${phoneSeq}`, listId: list.id, connectionId, settings: { ...FAST, ...o.settings }, startAt: o.startAt ?? null })
    .returning({ id: campaigns.id });
  if (!c) throw new Error("no campaign");
  const variants = o.variants ?? ["Olá {{nome}}, da {{empresa}}!"];
  await db.insert(campaignMessages).values(variants.map((content, position) => ({ campaignId: c.id, position, content })));
  return { id: c.id, phones };
}

const campaignRow = async (id: string) => (await app.deps.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const sendsOf = (id: string) => app.deps.db.select().from(campaignSends).where(eq(campaignSends.campaignId, id)).orderBy(asc(campaignSends.id));
const digits = (p: string) => p.replace(/\D/g, "");
const outboxTo = (phones: string[]) => uaz.outbox.filter((m) => phones.map(digits).includes(m.number));

async function waitFor<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`timeout waiting for ${what}: ${JSON.stringify(v)}`);
    await Bun.sleep(25);
  }
}
const statusOf = async (id: string) => (await campaignRow(id))?.status;

describe("campaign runtime", () => {
  test("the clock knob parses", () => {
    expect(parseCampaignClock(CLOCK)).toEqual({ start: Date.parse("2026-11-23T13:00:00Z"), speed: 600 });
    expect(parseCampaignClock("ontem@2")).toBeNull();
  });

  test("5 members: each gets one message, rendered and rotated, in a conversation tagged with the campaign", async () => {
    const c = await seedCampaign({ count: 5, variants: ["Oi {{nome}} ({{empresa}}) {{cupom}}", "Olá {{nome}}, use {{cupom}}"] });
    const r = await owner.trpc.campaigns.start.mutate({ id: c.id });
    expect(r.ok).toBe(true);
    expect(r.data.status).toBe("running");
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    const sent = outboxTo(c.phones);
    expect(sent.map((m) => m.number).sort()).toEqual(c.phones.map(digits).sort());
    const sends = await sendsOf(c.id);
    expect(sends.every((s) => s.status === "sent" && s.attempts === 1)).toBe(true);
    // Sent in list order with the variants alternating, every variable filled.
    const texts = sends.map((s) => sent.find((m) => m.track_id === s.id)?.text);
    expect(texts).toEqual(["Oi Pessoa 1 (Loja 1) CUPOM1", "Olá Pessoa 2, use CUPOM2", "Oi Pessoa 3 (Loja 3) CUPOM3", "Olá Pessoa 4, use CUPOM4", "Oi Pessoa 5 (Loja 5) CUPOM5"]);
    expect(sent.every((m) => m.track_source === "atenda-campaign")).toBe(true);
    const row = await campaignRow(c.id);
    expect(row).toMatchObject({ totalCount: 5, sentCount: 5, failedCount: 0 });
    const convs = await app.deps.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.connectionId, connectionId), inArray(conversations.contactKey, c.phones.map(digits))));
    expect(convs.length).toBe(5);
    expect(convs.every((v) => v.campaignId === c.id)).toBe(true);
    const msgs = await app.deps.db.select().from(messages).where(inArray(messages.conversationId, convs.map((v) => v.id)));
    expect(msgs.length).toBe(5);
    expect(msgs.every((m) => m.senderType === "agent" && m.deliveryStatus === "sent" && m.providerMessageId !== null)).toBe(true);
    expect(msgs.map((m) => m.providerMessageId).sort()).toEqual(sends.map((s) => s.providerMessageId).sort());
  }, 30_000);

  test("pause stops before the next send; resume sends the rest, each once", async () => {
    // 120 s between sends = 200 ms real at 600×: time to pause after the first.
    const c = await seedCampaign({ count: 4, settings: { minIntervalSeconds: 120, maxIntervalSeconds: 120 } });
    await owner.trpc.campaigns.start.mutate({ id: c.id });
    await waitFor("first send", async () => outboxTo(c.phones).length, (n) => n >= 1);
    const paused = await owner.trpc.campaigns.pause.mutate({ id: c.id });
    expect(paused.data.status).toBe("paused");
    const atPause = outboxTo(c.phones).length;
    await Bun.sleep(600);
    expect(outboxTo(c.phones).length).toBe(atPause);
    expect((await sendsOf(c.id)).filter((s) => s.status === "pending").length).toBe(4 - atPause);
    const again = await owner.trpc.campaigns.pause.mutate({ id: c.id });
    expect(again.ok).toBe(false);
    await owner.trpc.campaigns.resume.mutate({ id: c.id });
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    expect(outboxTo(c.phones).map((m) => m.number).sort()).toEqual(c.phones.map(digits).sort());
  }, 30_000);

  test("cancel: pending sends are skipped and nothing more goes out", async () => {
    const c = await seedCampaign({ count: 4, settings: { minIntervalSeconds: 120, maxIntervalSeconds: 120 } });
    await owner.trpc.campaigns.start.mutate({ id: c.id });
    await waitFor("first send", async () => outboxTo(c.phones).length, (n) => n >= 1);
    const r = await owner.trpc.campaigns.cancel.mutate({ id: c.id });
    expect(r.data.status).toBe("cancelled");
    const atCancel = outboxTo(c.phones).length;
    await Bun.sleep(600);
    expect(outboxTo(c.phones).length).toBe(atCancel);
    const sends = await sendsOf(c.id);
    expect(sends.filter((s) => s.status === "skipped").length).toBe(4 - atCancel);
    expect(sends.filter((s) => s.status === "skipped").every((s) => s.errorMessage === "Campanha cancelada")).toBe(true);
  }, 30_000);

  test("a 429 with Retry-After: backed off, counted neither as sent nor failed, then sent once", async () => {
    const c = await seedCampaign({ count: 2 });
    uaz.failNext(429, { retryAfter: "1" });
    await owner.trpc.campaigns.start.mutate({ id: c.id });
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    expect(await campaignRow(c.id)).toMatchObject({ sentCount: 2, failedCount: 0 });
    expect(outboxTo(c.phones).length).toBe(2);
    const sends = await sendsOf(c.id);
    expect(sends.map((s) => s.status)).toEqual(["sent", "sent"]);
  }, 30_000);

  test("consecutive failures stop the campaign as 'Pausada por falhas' with the provider's reason", async () => {
    const c = await seedCampaign({ count: 6, settings: { maxConsecutiveFailures: 3, maxFailureRate: 50 } });
    for (let i = 0; i < 3; i++) uaz.failNext(400);
    await owner.trpc.campaigns.start.mutate({ id: c.id });
    await waitFor("stopped", () => statusOf(c.id), (s) => s === "paused_failures");
    const row = await campaignRow(c.id);
    expect(row?.statusReason).toBeTruthy();
    expect(CAMPAIGN_STATUS_LABEL.paused_failures).toBe("Pausada por falhas");
    const sends = await sendsOf(c.id);
    const failed = sends.filter((s) => s.status === "failed");
    expect(failed.length).toBe(3);
    expect(failed.every((s) => s.errorMessage?.includes("UAZAPI respondeu 400"))).toBe(true);
    expect(outboxTo(c.phones).length).toBe(0);
    // Resuming starts the streak again and sends the rest.
    await owner.trpc.campaigns.resume.mutate({ id: c.id });
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    expect(outboxTo(c.phones).length).toBe(3);
  }, 30_000);

  test("a later start waits as 'scheduled', then sends", async () => {
    // Ten simulated minutes past the current campaign time (one real second at 600×).
    const simNow = app.deps.campaignClock?.now() ?? 0;
    const c = await seedCampaign({ count: 1, startAt: simNow + 10 * 60_000 });
    const r = await owner.trpc.campaigns.start.mutate({ id: c.id });
    expect(r.data.status).toBe("scheduled");
    expect(outboxTo(c.phones).length).toBe(0);
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    const [send] = await sendsOf(c.id);
    expect(send?.sentAt ?? 0).toBeGreaterThanOrEqual(simNow + 10 * 60_000);
  }, 30_000);

  test("the hour cap counts the connection's sends across two campaigns", async () => {
    const settings = { maxPerHour: 10 };
    const a = await seedCampaign({ count: 7, settings });
    const b = await seedCampaign({ count: 7, settings });
    await owner.trpc.campaigns.start.mutate({ id: a.id });
    await owner.trpc.campaigns.start.mutate({ id: b.id });
    await waitFor("both completed", async () => [await statusOf(a.id), await statusOf(b.id)], (s) => s.every((x) => x === "completed"), 40_000);
    const times = [...(await sendsOf(a.id)), ...(await sendsOf(b.id))].map((s) => s.sentAt ?? 0).sort((x, y) => x - y);
    expect(times.length).toBe(14);
    for (const t of times) expect(times.filter((u) => u > t - 3_600_000 && u <= t).length).toBeLessThanOrEqual(10);
    // Never two sends of the connection at one moment.
    expect(new Set(times).size).toBe(14);
  }, 60_000);

  test("official WhatsApp: only an approved template goes out, its variables filled per contact", async () => {
    const c = await seedCampaign({ count: 2 });
    await app.deps.db.update(campaigns).set({ connectionId: cloudConnectionId }).where(eq(campaigns.id, c.id));
    const refused = await owner.trpc.campaigns.start.mutate({ id: c.id });
    expect(refused.error?.message).toBe("No WhatsApp oficial, campanhas só enviam modelos aprovados: escolha um modelo");
    graph.addTemplate("waba-campanhas", {
      name: "promo_natal",
      language: "pt_BR",
      status: "APPROVED",
      components: [
        { type: "HEADER", format: "IMAGE" },
        { type: "BODY", text: "Oi {{1}}, seu cupom de Natal: {{2}}" },
      ],
    });
    const template = { name: "promo_natal", language: "pt_BR", bodyParams: ["{{nome}}", "{{cupom}}"], headerMediaUrl: "https://exemplo.com.br/natal.png" };
    await app.deps.db.update(campaigns).set({ template }).where(eq(campaigns.id, c.id));
    const r = await owner.trpc.campaigns.start.mutate({ id: c.id });
    expect(r.data.status).toBe("running");
    await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
    const bodies = graph.templateSends().map((x) => x.body);
    expect(bodies.map((b) => b.to).sort()).toEqual(c.phones.map(digits).sort());
    const first = bodies.find((b) => b.to === digits(c.phones[0] ?? ""));
    expect(first).toMatchObject({
      messaging_product: "whatsapp",
      type: "template",
      template: {
        name: "promo_natal",
        language: { code: "pt_BR" },
        components: [
          { type: "header", parameters: [{ type: "image", image: { link: "https://exemplo.com.br/natal.png" } }] },
          { type: "body", parameters: [{ type: "text", text: "Pessoa 1" }, { type: "text", text: "CUPOM1" }] },
        ],
      },
    });
    expect((await sendsOf(c.id)).every((s) => s.status === "sent" && s.providerMessageId?.startsWith("wamid"))).toBe(true);
  }, 30_000);

  test("refusals in pt-BR: no messages, an empty list, a finished campaign", async () => {
    const c = await seedCampaign({ count: 1 });
    await app.deps.db.delete(campaignMessages).where(eq(campaignMessages.campaignId, c.id));
    const r = await owner.trpc.campaigns.start.mutate({ id: c.id });
    expect(r.ok).toBe(false);
    expect(r.error?.message).toBe("Escreva ao menos uma mensagem");
    const done = await seedCampaign({ count: 1 });
    await app.deps.db.update(campaigns).set({ status: "completed" }).where(eq(campaigns.id, done.id));
    const again = await owner.trpc.campaigns.cancel.mutate({ id: done.id });
    expect(again.error?.message).toBe("Esta campanha já terminou");
  });

  test("priced sends: each is paid once before it goes out; an empty wallet pauses the campaign, resume after a top-up finishes it", async () => {
    await saveCampaignPricing(app.deps, { creditsPerMessage: 2 }, null);
    try {
      await setWallet(app, workspaceId, { regular: 5 });
      const c = await seedCampaign({ count: 3 });
      await owner.trpc.campaigns.start.mutate({ id: c.id });
      const paused = await waitFor("paused for credits", () => campaignRow(c.id), (r) => r?.status === "paused");
      expect(paused?.statusReason).toBe(OUT_OF_CREDITS);
      // 5 credits pay two messages of 2; the third never left.
      expect(outboxTo(c.phones).length).toBe(2);
      expect((await walletRow(app, workspaceId)).remainingCredits).toBe(1000);
      expect((await sendsOf(c.id)).filter((s) => s.status === "pending").length).toBe(1);
      await setWallet(app, workspaceId, { regular: 10 });
      await owner.trpc.campaigns.resume.mutate({ id: c.id });
      await waitFor("completed", () => statusOf(c.id), (s) => s === "completed");
      expect(outboxTo(c.phones).map((m) => m.number).sort()).toEqual(c.phones.map(digits).sort());
      expect((await walletRow(app, workspaceId)).remainingCredits).toBe(8000);
    } finally {
      await saveCampaignPricing(app.deps, { creditsPerMessage: 0 }, null);
    }
  }, 30_000);
});
