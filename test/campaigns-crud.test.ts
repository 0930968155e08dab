/**
 * Campaign CRUD and results (issue 16, SPEC §5 "Campaigns"): the form's bounds with their pt-BR
 * messages, edits and deletes by status, the list page, counters and the series from seeded
 * campaign_sends rows, and refusals to viewers and other workspaces, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { campaignContacts, campaignLists, campaignSends, campaigns, channelConnections } from "../db/schema";
import { CAMPAIGN_ERRORS } from "../src/services/campaigns/campaigns";
import { CAMPAIGNS_READ_ONLY } from "../src/schemas/permissions";
import { DEFAULT_CAMPAIGN_SETTINGS } from "../src/schemas/campaigns/settings";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { mailedToken, registerUser, uniqueEmail } from "./helpers/factories";

let app: TestApp;
let owner: Client;
let viewer: Client;
let stranger: Client;
let workspaceId: string;
let agentId: string;
let listId: string;

const form = (over: Record<string, unknown> = {}) => ({ name: "Black Friday", listId, messages: ["Olá {{nome}}, temos ofertas!"], settings: DEFAULT_CAMPAIGN_SETTINGS, ...over });

async function seedList(name: string, phones: string[]) {
  const db = app.deps.db;
  const [list] = await db.insert(campaignLists).values({ workspaceId, name, contactCount: phones.length }).returning({ id: campaignLists.id });
  if (!list) throw new Error("no list");
  const members = await db
    .insert(campaignContacts)
    .values(phones.map((phone, i) => ({ workspaceId, listId: list.id, phone, name: `Pessoa ${i + 1}`, source: "manual" })))
    .returning({ id: campaignContacts.id, phone: campaignContacts.phone });
  return { id: list.id, members };
}

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  workspaceId = o.workspaceId;
  agentId = o.agent.id;
  listId = (await seedList("Clientes", ["+5511987650001", "+5511987650002"])).id;
  const email = uniqueEmail("leitor");
  await owner.trpc.workspaces.members.invite.mutate({ email, role: "viewer", permissions: {} });
  const token = await mailedToken(app, email, "/convite");
  const v = await registerUser(app, { email });
  await v.client.trpc.invitations.accept.mutate({ token });
  viewer = v.client;
  stranger = (await ownerWithAgent(app)).client;
}, 30_000);
afterAll(() => app.stop());

const setStatus = (id: string, status: (typeof campaigns.$inferSelect)["status"]) => app.deps.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));

describe("create", () => {
  test("a draft with its messages, list name and settings", async () => {
    const r = await owner.trpc.campaigns.create.mutate(form({ messages: ["Oi {{nome}}", "Olá {{nome}}"] }));
    expect(r.ok).toBe(true);
    expect(r.data.status).toBe("draft");
    const got = await owner.trpc.campaigns.get.query({ id: r.data.id });
    expect(got.data).toMatchObject({ name: "Black Friday", status: "draft", listName: "Clientes", listContactCount: 2, messages: ["Oi {{nome}}", "Olá {{nome}}"], connection: null });
    expect(got.data.settings.profile).toBe("moderado");
  });

  test("bounds: each refused with its pt-BR message", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "A" }, "O nome deve ter pelo menos 2 caracteres"],
      [{ name: "x".repeat(201) }, "O nome deve ter no máximo 200 caracteres"],
      [{ messages: ["   "] }, "Mensagem não pode estar vazia"],
      [{ messages: [] }, "Mensagem não pode estar vazia"],
      [{ messages: ["x".repeat(4097)] }, "A mensagem deve ter no máximo 4096 caracteres"],
      [{ messages: ["a", "b", "c", "d", "e", "f"] }, "No máximo 5 variações de mensagem"],
      [{ media: { url: "ftp://exemplo.com/a.png", kind: "image" } }, "Informe uma URL http(s) válida"],
      [{ startAt: Date.now() - 3_600_000 }, "A data de início não pode estar no passado"],
      [{ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, minIntervalSeconds: 5 } }, "Intervalo mínimo: mínimo 10"],
      [{ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, maxPerHour: 151 } }, "Máximo por hora: máximo 150"],
      [{ settings: { ...DEFAULT_CAMPAIGN_SETTINGS, minIntervalSeconds: 60, maxIntervalSeconds: 30 } }, "O intervalo máximo deve ser maior ou igual ao mínimo"],
    ];
    for (const [over, message] of cases) {
      const r = await owner.trpc.campaigns.create.mutate(form(over));
      expect(r.status).toBe(400);
      expect(r.error?.message).toBe(message);
    }
  });

  test("the connection must fit the message: the official API only sends approved templates", async () => {
    const [cloud] = await app.deps.db
      .insert(channelConnections)
      .values({ workspaceId, agentId, channel: "whatsapp_cloud", externalId: `pn-${workspaceId}`, config: { accessToken: "x", appSecret: "x", phoneNumberId: "1", businessAccountId: "2", webhookVerifyToken: "v" } })
      .returning({ id: channelConnections.id });
    if (!cloud) throw new Error("no connection");
    const r = await owner.trpc.campaigns.create.mutate(form({ connectionId: cloud.id }));
    expect(r.error?.message).toBe(CAMPAIGN_ERRORS.cloudNeedsTemplate);
    const ok = await owner.trpc.campaigns.create.mutate(form({ connectionId: cloud.id, messages: [], template: { name: "promo", language: "pt_BR", bodyParams: ["{{nome}}"] } }));
    expect(ok.ok).toBe(true);
    const conns = await owner.trpc.campaigns.connections.query();
    expect(conns.data.find((c) => c.id === cloud.id)).toMatchObject({ channel: "whatsapp_cloud", kind: "WhatsApp oficial (Cloud API)" });
  });
});

describe("update, duplicate and delete by status", () => {
  test("a running campaign must be paused first; a finished one is history; a paused one edits", async () => {
    const { data } = await owner.trpc.campaigns.create.mutate(form({ name: "Editável" }));
    await setStatus(data.id, "running");
    const running = await owner.trpc.campaigns.update.mutate({ id: data.id, patch: form({ name: "Novo nome" }) });
    expect(running.status).toBe(409);
    expect(running.error?.message).toBe(CAMPAIGN_ERRORS.runningEdit);
    const del = await owner.trpc.campaigns.delete.mutate({ id: data.id });
    expect(del.error?.message).toBe(CAMPAIGN_ERRORS.runningDelete);
    await setStatus(data.id, "paused");
    const paused = await owner.trpc.campaigns.update.mutate({ id: data.id, patch: form({ name: "Novo nome", messages: ["Outra"] }) });
    expect(paused.ok).toBe(true);
    expect((await owner.trpc.campaigns.get.query({ id: data.id })).data).toMatchObject({ name: "Novo nome", messages: ["Outra"] });
    await setStatus(data.id, "completed");
    const done = await owner.trpc.campaigns.update.mutate({ id: data.id, patch: form() });
    expect(done.error?.message).toBe(CAMPAIGN_ERRORS.notEditable);
    const copy = await owner.trpc.campaigns.duplicate.mutate({ id: data.id });
    expect((await owner.trpc.campaigns.get.query({ id: copy.data.id })).data).toMatchObject({ name: "Cópia de Novo nome", status: "draft", messages: ["Outra"] });
    expect((await owner.trpc.campaigns.delete.mutate({ id: data.id })).ok).toBe(true);
    expect((await owner.trpc.campaigns.get.query({ id: data.id })).status).toBe(404);
  });
});

describe("list", () => {
  test("search by name, filter by status, 20 a page newest first", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 22; i++) ids.push((await owner.trpc.campaigns.create.mutate(form({ name: `Lote ${String(i).padStart(2, "0")}` }))).data.id);
    const first = await owner.trpc.campaigns.list.query({ search: "Lote", page: 1 });
    expect(first.data.total).toBe(22);
    expect(first.data.pageCount).toBe(2);
    expect(first.data.items).toHaveLength(20);
    expect(first.data.items[0]?.name).toBe("Lote 21");
    const second = await owner.trpc.campaigns.list.query({ search: "Lote", page: 2 });
    expect(second.data.items.map((c) => c.name)).toEqual(["Lote 01", "Lote 00"]);
    await setStatus(ids[3] ?? "", "paused");
    const paused = await owner.trpc.campaigns.list.query({ search: "lote", status: "paused", page: 1 });
    expect(paused.data.items.map((c) => c.name)).toEqual(["Lote 03"]);
    const literal = await owner.trpc.campaigns.list.query({ search: "%", page: 1 });
    expect(literal.data.total).toBe(0);
  });
});

describe("results", () => {
  test("counters, progress and the hourly series in São Paulo time from the sends", async () => {
    const list = await seedList("Resultados", ["+5511900000001", "+5511900000002", "+5511900000003", "+5511900000004", "+5511900000005"]);
    const { data } = await owner.trpc.campaigns.create.mutate(form({ name: "Medida", listId: list.id }));
    // 2026-11-23 10:15 and 10:40 São Paulo (13:15/13:40 UTC), 11:05 São Paulo.
    const at = (iso: string) => Date.parse(iso);
    const rows = [
      { status: "read" as const, sentAt: at("2026-11-23T13:15:00Z"), respondedAt: at("2026-11-23T14:00:00Z"), convertedAt: at("2026-11-23T15:00:00Z") },
      { status: "delivered" as const, sentAt: at("2026-11-23T13:40:00Z") },
      { status: "failed" as const, sentAt: at("2026-11-23T14:05:00Z"), errorMessage: "Número sem WhatsApp" },
      { status: "sent" as const, sentAt: at("2026-11-23T14:06:00Z") },
      { status: "pending" as const },
    ];
    await app.deps.db.insert(campaignSends).values(
      rows.map((r, i) => ({ workspaceId, campaignId: data.id, campaignContactId: list.members[i]?.id ?? "", phone: list.members[i]?.phone ?? "", ...r })),
    );
    const res = await owner.trpc.campaigns.results.query({ id: data.id, bucket: "hour" });
    expect(res.data.counters).toMatchObject({ sent: 3, delivered: 2, read: 1, failed: 1, responded: 1, converted: 1 });
    expect(res.data.counters.conversionRate).toBeCloseTo(1 / 3);
    expect(res.data.progress).toEqual({ done: 4, total: 5, percent: 80 });
    expect(res.data.series).toEqual([
      { at: at("2026-11-23T13:00:00Z"), sent: 2, failed: 0 },
      { at: at("2026-11-23T14:00:00Z"), sent: 1, failed: 1 },
    ]);
    const daily = await owner.trpc.campaigns.results.query({ id: data.id, bucket: "day" });
    expect(daily.data.series).toEqual([{ at: at("2026-11-23T03:00:00Z"), sent: 3, failed: 1 }]);
    const failed = await owner.trpc.campaigns.sends.query({ id: data.id, status: "failed", page: 1 });
    expect(failed.data.items).toHaveLength(1);
    expect(failed.data.items[0]).toMatchObject({ phone: "+5511900000003", name: "Pessoa 3", errorMessage: "Número sem WhatsApp" });
    const byPhone = await owner.trpc.campaigns.sends.query({ id: data.id, search: "0005", page: 1 });
    expect(byPhone.data.items.map((s) => s.status)).toEqual(["pending"]);
    const byName = await owner.trpc.campaigns.sends.query({ id: data.id, search: "Pessoa 2", page: 1 });
    expect(byName.data.items.map((s) => s.phone)).toEqual(["+5511900000002"]);
    const price = await owner.trpc.campaigns.price.query({ listId: list.id });
    expect(price.data.line).toBe("Envios gratuitos");
  });
});

describe("refusals", () => {
  test("a viewer reads but cannot write; another workspace's campaign is not found", async () => {
    const { data } = await owner.trpc.campaigns.create.mutate(form({ name: "Privada" }));
    expect((await viewer.trpc.campaigns.list.query({ page: 1 })).ok).toBe(true);
    const w = await viewer.trpc.campaigns.create.mutate(form());
    expect(w.status).toBe(403);
    expect(w.error?.message).toBe(CAMPAIGNS_READ_ONLY);
    expect((await viewer.trpc.campaigns.delete.mutate({ id: data.id })).status).toBe(403);
    for (const call of [
      () => stranger.trpc.campaigns.get.query({ id: data.id }),
      () => stranger.trpc.campaigns.results.query({ id: data.id, bucket: "hour" }),
      () => stranger.trpc.campaigns.sends.query({ id: data.id, page: 1 }),
      () => stranger.trpc.campaigns.update.mutate({ id: data.id, patch: form() }),
      () => stranger.trpc.campaigns.delete.mutate({ id: data.id }),
      () => stranger.trpc.campaigns.duplicate.mutate({ id: data.id }),
    ])
      expect((await call()).status).toBe(404);
    // Another workspace's list cannot be named either (nor priced).
    expect((await stranger.trpc.campaigns.price.query({ listId })).status).toBe(404);
    expect((await stranger.trpc.campaigns.create.mutate(form())).error?.message).toBe(CAMPAIGN_ERRORS.listNotFound);
    expect((await stranger.trpc.campaigns.list.query({ search: "Privada", page: 1 })).data.total).toBe(0);
  });
});
