/**
 * WhatsApp Cloud templates for campaigns (approved only, every page), the template send's wire
 * shape (and the fake's 132000 on a parameter mismatch), and the admin's price per message with
 * its idempotent debit.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { WhatsAppApiError } from "../src/adapters/whatsapp-cloud/client";
import { sendTemplateMessage } from "../src/adapters/whatsapp-cloud/templates";
import { chargeCampaignSend } from "../src/services/campaigns/pricing";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { ledger, ownerWithAgent, setWallet, walletRow } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin } from "./helpers/factories";

const PHONE_ID = "777000444";
const WABA = "waba-t";
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let owner: Client;
let workspaceId = "";
let connectionId = "";

beforeAll(async () => {
  graph = await startFakeGraph();
  app = await startTestApp({ WHATSAPP_GRAPH_BASE: graph.url });
  const o = await ownerWithAgent(app);
  owner = o.client;
  workspaceId = o.workspaceId;
  graph.addPhoneNumber(PHONE_ID, { accessToken: "EAAG-tpl" });
  const res = await owner.trpc.channels.connectWhatsApp.mutate({
    agentId: o.agent.id,
    config: { accessToken: "EAAG-tpl", appSecret: "s", phoneNumberId: PHONE_ID, businessAccountId: WABA, webhookVerifyToken: "t-123" },
  });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  connectionId = res.data.id;
  graph.addTemplate(WABA, { name: "promo_natal", language: "pt_BR", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}, {{2}} de desconto!" }] });
  graph.addTemplate(WABA, { name: "aviso_pendente", language: "pt_BR", status: "PENDING", components: [{ type: "BODY", text: "Oi {{1}}" }] });
  graph.addTemplate(WABA, {
    name: "catalogo",
    language: "pt_BR",
    status: "APPROVED",
    category: "MARKETING",
    components: [
      { type: "HEADER", format: "DOCUMENT" },
      { type: "BODY", text: "Segue o catálogo, {{1}}." },
    ],
  });
  graph.addTemplate(WABA, { name: "boas_vindas", language: "pt_BR", status: "APPROVED", components: [{ type: "HEADER", format: "TEXT", text: "Oi" }, { type: "BODY", text: "Bem-vindo!" }] });
  graph.addTemplate(WABA, { name: "recusado", language: "pt_BR", status: "REJECTED", components: [{ type: "BODY", text: "x" }] });
});
afterAll(async () => {
  await app.stop();
  graph.stop();
});

describe("templates", () => {
  test("the form lists approved templates only, from every page, with their parameters and media header", async () => {
    graph.setTemplatePageSize(2);
    const before = graph.templateLists.length;
    const res = await owner.trpc.campaigns.templates.query({ connectionId });
    if (!res.ok) throw new Error(JSON.stringify(res.error));
    expect(res.data.map((t) => t.name)).toEqual(["boas_vindas", "catalogo", "promo_natal"]);
    const byName = Object.fromEntries(res.data.map((t) => [t.name, t]));
    expect(byName.promo_natal?.bodyParamCount).toBe(2);
    expect(byName.catalogo?.headerFormat).toBe("DOCUMENT");
    expect(byName.boas_vindas?.headerFormat).toBeNull();
    expect(byName.boas_vindas?.bodyParamCount).toBe(0);
    const calls = graph.templateLists.slice(before);
    expect(calls).toHaveLength(3);
    expect(calls[0]?.after).toBeNull();
    expect(calls.every((c) => c.wabaId === WABA && c.fields?.includes("components"))).toBe(true);
  });

  test("an unknown connection is refused in pt-BR", async () => {
    const res = await owner.trpc.campaigns.templates.query({ connectionId: "00000000-0000-4000-8000-000000000000" });
    expect(res.ok).toBe(false);
    expect(res.error?.message).toBe("Conexão não encontrada");
  });

  test("a template send carries the header link and one text parameter per {{n}}; a mismatch is Graph error 132000", async () => {
    const target = { baseUrl: graph.url, version: "v21.0", accessToken: "EAAG-tpl", phoneNumberId: PHONE_ID };
    const id = await sendTemplateMessage(target, "5511912345678", { name: "catalogo", language: "pt_BR", bodyParams: ["Ana"], headerMediaUrl: "https://cdn.exemplo.com/catalogo.pdf" });
    expect(id).toStartWith("wamid.");
    const sent = graph.templateSends().at(-1);
    expect(sent?.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "5511912345678",
      type: "template",
      template: {
        name: "catalogo",
        language: { code: "pt_BR" },
        components: [
          { type: "header", parameters: [{ type: "document", document: { link: "https://cdn.exemplo.com/catalogo.pdf" } }] },
          { type: "body", parameters: [{ type: "text", text: "Ana" }] },
        ],
      },
    });
    const refused = await sendTemplateMessage(target, "5511912345678", { name: "promo_natal", language: "pt_BR", bodyParams: ["Ana"] }).catch((e) => e);
    expect(refused).toBeInstanceOf(WhatsAppApiError);
    expect((refused as WhatsAppApiError).code).toBe(132000);
    expect((refused as WhatsAppApiError).retryable).toBe(false);
  });
});

describe("price per message", () => {
  test("free by default; the admin sets a price members read; each send is charged once; an empty wallet is refused", async () => {
    const deps = { db: app.deps.db, now: () => Date.now() };
    const initial = await owner.trpc.campaigns.pricing.get.query();
    expect(initial.ok && initial.data.creditsPerMessage).toBe(0);
    expect(await chargeCampaignSend(deps, null, { workspaceId, sendId: "send-free" })).toEqual({ status: "free" });
    const denied = await owner.trpc.campaigns.pricing.save.mutate({ creditsPerMessage: 2 });
    expect(denied.ok).toBe(false);
    const admin = await loginAdmin(app);
    const bad = await admin.client.trpc.campaigns.pricing.save.mutate({ creditsPerMessage: -1 });
    expect(bad.ok).toBe(false);
    const saved = await admin.client.trpc.campaigns.pricing.save.mutate({ creditsPerMessage: 2.5 });
    expect(saved.ok && saved.data.creditsPerMessage).toBe(2.5);
    const read = await owner.trpc.campaigns.pricing.get.query();
    expect(read.ok && read.data.creditsPerMessage).toBe(2.5);

    await setWallet(app, workspaceId, { regular: 4 });
    const first = await chargeCampaignSend(deps, null, { workspaceId, sendId: "send-1" });
    expect(first).toMatchObject({ status: "charged", creditsMilli: 2500 });
    const again = await chargeCampaignSend(deps, null, { workspaceId, sendId: "send-1" });
    expect(again).toMatchObject({ status: "duplicate", creditsMilli: 2500 });
    expect((await walletRow(app, workspaceId)).remainingCredits).toBe(1500);
    const empty = await chargeCampaignSend(deps, null, { workspaceId, sendId: "send-2" });
    expect(empty).toMatchObject({ status: "insufficient", requiredMilli: 2500, availableMilli: 1500 });
    expect((await walletRow(app, workspaceId)).remainingCredits).toBe(1500);
    const rows = (await ledger(app, workspaceId)).filter((r) => r.action === "campaign_send");
    expect(rows).toHaveLength(1);
    await admin.client.trpc.campaigns.pricing.save.mutate({ creditsPerMessage: 0 });
  });
});
