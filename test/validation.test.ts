/**
 * WhatsApp number validation end to end (real server + UAZAPI fake): typed numbers checked in
 * batches, verdicts written back to campaign list members, leads and contacts, a 429 waited out,
 * a crash resumed without checking a finished batch again, refusals, tenancy and the CSV.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { campaignContacts, campaignLists, contacts, leadLists, leads, validationResults, validationRuns } from "../db/schema";
import { VALIDATION_ERRORS } from "../src/schemas/campaigns/validation";
import { runValidation } from "../src/services/campaigns/validation-job";
import { startFakeUazapi } from "./fakes/uazapi";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { eventually } from "./helpers/training";

const ADMIN_TOKEN = "admin-token-validacao";
let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let app: TestApp;
let owner: Client;
let workspaceId = "";
let userId = "";
let connectionId = "";
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;
const noProgress = async () => {};

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  workspaceId = o.workspaceId;
  userId = o.user.id;
  const conn = await owner.trpc.channels.connectUazapi.mutate({ agentId: o.agent.id, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instanceName: "loja-validacao" });
  if (!conn.ok) throw new Error(`connect failed: ${JSON.stringify(conn.error)}`);
  connectionId = (conn.data as { id: string }).id;
  const instance = [...uaz.instances.values()].find((i) => i.name === "loja-validacao");
  if (!instance) throw new Error("no fake instance");
  uaz.pair(instance.token, "5511933330000");
  await owner.trpc.channels.uazapiStatus.query({ id: connectionId });
}, 60_000);
afterAll(async () => {
  await app.stop();
  uaz.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

const checkCalls = () => uaz.calls.filter((c) => c.path === "/chat/check");
const sentNumbers = (from: number) =>
  checkCalls()
    .slice(from)
    .map((c) => (c.body?.numbers as string[]) ?? []);
const runRow = async (id: string) => (await app.deps.db.select().from(validationRuns).where(eq(validationRuns.id, id)))[0];
const finished = (id: string) => eventually(async () => ((await runRow(id))?.status === "completed" ? runRow(id) : null), 30_000);

type Run = { id: string; status: string; totalCount: number };
async function start(target: Record<string, unknown>, as: Client = owner, conn = connectionId) {
  return as.trpc.validation.start.mutate({ connectionId: conn, target } as never);
}

describe("validation runs", () => {
  test("typed numbers are checked in batches of at most 50, stored, paged and downloadable", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `(11) 97000-${String(i).padStart(4, "0")}`);
    for (let i = 0; i < 120; i += 2) uaz.whatsappNumbers.add(`551197000${String(i).padStart(4, "0")}`);
    const before = checkCalls().length;
    const res = await start({ kind: "numbers", text: `${lines.join("\n")}\nnão é número\n${lines[0]}` });
    expect(res.ok).toBe(true);
    const run = res.data as Run;
    expect(run.totalCount).toBe(120);
    const end = await finished(run.id);
    expect(end).toMatchObject({ processedCount: 120, validCount: 60, invalidCount: 60 });
    const batches = sentNumbers(before);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(new Set(batches.flat()).size).toBe(120);
    expect(batches[0]?.[0]).toMatch(/^\d+$/);

    const valid = await owner.trpc.validation.results.query({ id: run.id, filter: "valid", page: 1 });
    const page = valid.data as { total: number; rows: { phone: string; valid: boolean }[] };
    expect(page.total).toBe(60);
    expect(page.rows).toHaveLength(50);
    expect(page.rows.every((r) => r.valid === true)).toBe(true);
    const invalid = (await owner.trpc.validation.results.query({ id: run.id, filter: "invalid", page: 2 })).data as typeof page;
    expect(invalid.rows).toHaveLength(10);
    expect(invalid.rows.every((r) => r.valid === false)).toBe(true);

    const csv = (await owner.trpc.validation.csv.query({ id: run.id })).data as { fileName: string; csv: string };
    expect(csv.csv.startsWith("\uFEFF")).toBe(true);
    const csvLines = csv.csv.slice(1).trim().split(/\r?\n/);
    expect(csvLines[0]).toBe("telefone,telefone_formatado,whatsapp,nome_verificado,verificado_em");
    expect(csvLines).toHaveLength(121);
    expect(csvLines[1]).toStartWith("+5511970000000,+55 (11) 97000-0000,com WhatsApp,");
    expect(csvLines[2]).toStartWith("+5511970000001,+55 (11) 97000-0001,sem WhatsApp,");
    const runs = (await owner.trpc.validation.list.query()).data as Run[];
    expect(runs[0]?.id).toBe(run.id);
  }, 40_000);

  test("a campaign list, a lead list and contacts get their verdicts written back", async () => {
    const db = app.deps.db;
    const [list] = await db.insert(campaignLists).values({ workspaceId, name: "Clientes validação", contactCount: 3, createdByUserId: userId }).returning();
    if (!list) throw new Error("list");
    const phones = ["+5521988880001", "+5521988880002", "+5521988880003"];
    await db.insert(campaignContacts).values(phones.map((phone, i) => ({ workspaceId, listId: list.id, name: `Pessoa ${i}`, phone, source: "manual" })));
    await db.insert(contacts).values([
      { workspaceId, name: "Contato Um", phone: phones[0] },
      { workspaceId, name: "Contato Dois", phone: phones[1] },
    ]);
    uaz.whatsappNumbers.add("5521988880001");
    uaz.whatsappNumbers.add("5521988880003");
    const run = (await start({ kind: "campaign_list", listId: list.id })).data as Run;
    await finished(run.id);
    const members = await db.select({ phone: campaignContacts.phone, status: campaignContacts.validationStatus }).from(campaignContacts).where(eq(campaignContacts.listId, list.id));
    expect(Object.fromEntries(members.map((m) => [m.phone, m.status]))).toEqual({ [phones[0] as string]: "valid", [phones[1] as string]: "invalid", [phones[2] as string]: "valid" });
    const people = await db.select({ phone: contacts.phone, ok: contacts.isValidWhatsApp }).from(contacts).where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.phone, phones)));
    expect(Object.fromEntries(people.map((p) => [p.phone, p.ok]))).toEqual({ [phones[0] as string]: true, [phones[1] as string]: false });

    const [leadList] = await db.insert(leadLists).values({ workspaceId, name: "Pet shops validação", source: "custom", leadsCount: 2, createdByUserId: userId }).returning();
    if (!leadList) throw new Error("lead list");
    await db.insert(leads).values([
      { workspaceId, listId: leadList.id, businessName: "Pet Um", phone: "+551932320101" },
      { workspaceId, listId: leadList.id, businessName: "Pet Dois", phone: "+551932320102" },
    ]);
    uaz.whatsappNumbers.add("551932320102");
    const leadRun = (await start({ kind: "lead_list", listId: leadList.id })).data as Run;
    expect(leadRun.totalCount).toBe(2);
    await finished(leadRun.id);
    const leadRows = await db.select({ name: leads.businessName, ok: leads.isValidWhatsApp }).from(leads).where(eq(leads.listId, leadList.id));
    expect(Object.fromEntries(leadRows.map((l) => [l.name, l.ok]))).toEqual({ "Pet Um": false, "Pet Dois": true });

    // Contacts by a CRM filter: only the ones the search finds.
    uaz.whatsappNumbers.add("5521988880002");
    const contactRun = (await start({ kind: "contacts", filter: { search: "Contato Dois" } })).data as Run;
    expect(contactRun.totalCount).toBe(1);
    await finished(contactRun.id);
    const [two] = await db.select({ ok: contacts.isValidWhatsApp }).from(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phone, phones[1] as string)));
    expect(two?.ok).toBe(true);
  }, 60_000);

  test("a 429 from the gateway is waited out (Retry-After) and the run continues", async () => {
    uaz.check.failures.push({ status: 429, retryAfter: "1" });
    const before = checkCalls().length;
    const run = (await start({ kind: "numbers", text: "11 96000-0001\n11 96000-0002\n11 96000-0003" })).data as Run;
    const end = await finished(run.id);
    expect(end).toMatchObject({ processedCount: 3, invalidCount: 3, errorMessage: null });
    const calls = sentNumbers(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual(calls[1] as string[]);
  }, 30_000);

  test("a crash between batches resumes without checking a finished batch again", async () => {
    const db = app.deps.db;
    const [run] = await db.insert(validationRuns).values({ workspaceId, connectionId, targetKind: "numbers", totalCount: 5, createdByUserId: userId }).returning();
    if (!run) throw new Error("run");
    const phones = ["+5531990000001", "+5531990000002", "+5531990000003", "+5531990000004", "+5531990000005"];
    await db.insert(validationResults).values(phones.map((phone) => ({ runId: run.id, phone })));
    uaz.whatsappNumbers.add("5531990000004");
    const before = checkCalls().length;
    await expect(runValidation(app.deps, run.id, noProgress, { batchSize: 2, pauseMs: 0, stopAfterBatches: 2 })).rejects.toThrow("interrompida");
    expect(await runRow(run.id)).toMatchObject({ status: "running", processedCount: 4 });
    const progress: number[] = [];
    await runValidation(app.deps, run.id, async (p) => void progress.push(Math.round(p)), { batchSize: 2, pauseMs: 0 });
    expect(await runRow(run.id)).toMatchObject({ status: "completed", processedCount: 5, validCount: 1, invalidCount: 4 });
    expect(sentNumbers(before)).toEqual([["5531990000001", "5531990000002"], ["5531990000003", "5531990000004"], ["5531990000005"]]);
    expect(progress).toEqual([100]);
    // The job run again after the end (a retry) checks nothing.
    expect(await runValidation(app.deps, run.id, noProgress, { pauseMs: 0 })).toEqual({ runId: run.id, skipped: "completed" });
    expect(sentNumbers(before)).toHaveLength(3);
  });

  test("cancel stops a queued run; a finished run cannot be cancelled", async () => {
    const [run] = await app.deps.db.insert(validationRuns).values({ workspaceId, connectionId, targetKind: "numbers", totalCount: 1 }).returning();
    if (!run) throw new Error("run");
    await app.deps.db.insert(validationResults).values({ runId: run.id, phone: "+5531990009999" });
    const res = await owner.trpc.validation.cancel.mutate({ id: run.id });
    expect((res.data as Run).status).toBe("cancelled");
    expect(await runValidation(app.deps, run.id, noProgress, { pauseMs: 0 })).toEqual({ runId: run.id, skipped: "cancelled" });
    const again = await owner.trpc.validation.cancel.mutate({ id: run.id });
    expect(again.status).toBe(409);
  });
});

describe("refusals", () => {
  test("no own-server WhatsApp: a clear pt-BR refusal; nothing to check: refused too", async () => {
    const other = await registerUser(app);
    const res = await start({ kind: "numbers", text: "11 95555-0000" }, other.client, "00000000-0000-4000-8000-000000000000");
    expect(res.ok).toBe(false);
    expect(res.error?.message).toBe(VALIDATION_ERRORS.noConnection);
    expect(((await other.client.trpc.validation.connections.query()).data as unknown[]).length).toBe(0);
    const empty = await start({ kind: "numbers", text: "abc\n\n" });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe(VALIDATION_ERRORS.empty);
  });

  test("another workspace can neither read, cancel nor use this workspace's runs, lists and connection", async () => {
    const stranger = await registerUser(app);
    const [run] = await app.deps.db.select({ id: validationRuns.id }).from(validationRuns).where(eq(validationRuns.workspaceId, workspaceId)).limit(1);
    if (!run) throw new Error("no run");
    expect((await stranger.client.trpc.validation.get.query({ id: run.id })).status).toBe(404);
    expect((await stranger.client.trpc.validation.results.query({ id: run.id, filter: "all", page: 1 })).status).toBe(404);
    expect((await stranger.client.trpc.validation.csv.query({ id: run.id })).status).toBe(404);
    expect((await stranger.client.trpc.validation.cancel.mutate({ id: run.id })).status).toBe(404);
    expect((await start({ kind: "numbers", text: "11 95555-0000" }, stranger.client)).status).toBe(404);
    expect((await stranger.client.trpc.validation.list.query()).data).toEqual([]);
  });
});
