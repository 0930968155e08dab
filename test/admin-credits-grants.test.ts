/** adminCredits.* grants and the credit config (issue 17 item 6): admin only, SPEC §5 bounds, audit lines, history pages, the exchange-rate client. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { creditSystemConfig, userActivityLogs } from "../db/schema";
import { priceCall } from "../src/services/credit-debit";
import { refreshExchangeRate, updateExchangeRateIfDue } from "../src/services/admin/credits/config";
import { type FakeExchangeRate, startFakeExchangeRate } from "./fakes/exchange-rate";
import { walletRow } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let rate: FakeExchangeRate;
let admin: Client;
let adminId: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let workspaceId: string;

beforeAll(async () => {
  rate = startFakeExchangeRate("5.4321");
  app = await startTestApp({ EXCHANGE_RATE_API_BASE: rate.url });
  const a = await loginAdmin(app);
  admin = a.client;
  adminId = a.user.id;
  owner = await registerUser(app, { firstName: "Bruna", lastName: "Costa" });
  workspaceId = String(owner.user.currentWorkspaceId);
});
afterAll(async () => {
  await app.stop();
  rate.stop();
});

const DAY = 86_400_000;
const grant = (over: Record<string, unknown> = {}) => ({ workspaceId, amount: 250, reason: "Cortesia de boas-vindas", ...over });
const auditLines = (action: string) =>
  app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, action)).orderBy(desc(userActivityLogs.createdAt)).limit(20);

describe("[admin-credits] only admins", () => {
  test("a workspace owner is FORBIDDEN and anonymous UNAUTHORIZED; nothing is granted", async () => {
    const anon = await new Client(app.base).warmUp();
    for (const c of [owner.client, anon]) {
      const g = await c.trpc.adminCredits.grant.mutate(grant());
      expect(g.error?.code).toBe(c === anon ? "UNAUTHORIZED" : "FORBIDDEN");
      const h = await c.trpc.adminCredits.history.query({});
      expect(h.ok).toBe(false);
      const s = await c.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 1, usdToBrlRate: 1, autoUpdateExchangeRate: false });
      expect(s.ok).toBe(false);
    }
    expect((await walletRow(app, workspaceId))?.bonusCredits).toBe(0);
    expect((await admin.trpc.adminCredits.config.get.query()).data.creditsPerUsd).toBe(1000);
  });
});

describe("[admin-credits] grants", () => {
  test("bad input is refused with the SPEC §5 messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 100_001 }, "Máximo 100.000 créditos por vez"],
      [{ amount: 0 }, "Mínimo 1 crédito"],
      [{ amount: 1.5 }, "Quantidade deve ser um número inteiro"],
      [{ reason: "curt" }, "Motivo deve ter pelo menos 5 caracteres"],
      [{ reason: "x".repeat(501) }, "Motivo deve ter no máximo 500 caracteres"],
      [{ observations: "o".repeat(1001) }, "Observações devem ter no máximo 1000 caracteres"],
      [{ workspaceId: "nao-e-uuid" }, "ID inválido"],
    ];
    for (const [over, message] of cases) {
      const r = await admin.trpc.adminCredits.grant.mutate(grant(over));
      expect(r.status).toBe(400);
      expect(r.error?.message).toBe(message);
    }
    const missing = await admin.trpc.adminCredits.grant.mutate(grant({ workspaceId: "00000000-0000-4000-8000-000000000000" }));
    expect(missing.error).toMatchObject({ code: "NOT_FOUND", message: "Workspace não encontrado" });
    expect((await walletRow(app, workspaceId))?.bonusCredits).toBe(0);
  });

  test("a grant reaches the workspace's bonus credits with its expiry, and leaves audit lines with the admin's id", async () => {
    const expiresAt = Date.now() + 30 * DAY;
    const r = await admin.trpc.adminCredits.grant.mutate(grant({ amount: 1234, observations: "Campanha de novembro", expiresAt }));
    expect(r.ok).toBe(true);
    expect(r.data.remainingBonusCredits).toBe(1234);
    const w = await walletRow(app, workspaceId);
    expect(w).toMatchObject({ bonusCredits: 1_234_000, remainingBonusCredits: 1_234_000, bonusCreditsExpiresAt: expiresAt });
    const [line] = await auditLines("credits.grant");
    expect(line).toMatchObject({ userId: adminId, workspaceId, category: "admin", resourceId: workspaceId });
    expect(line?.description).toContain("1.234 créditos bônus");
    const [generic] = await auditLines("admin.adminCredits.grant");
    expect(generic).toMatchObject({ userId: adminId, category: "admin" });
    // The staff's line (who, from where, internal notes) is not shown on the customer's /logs.
    const seen = await owner.client.query<{ items: { action: string }[] }>("logs.list", { filter: { scope: "workspace" } });
    expect(seen.status).toBe(200);
    expect(seen.data.items.map((i) => i.action)).not.toContain("credits.grant");
    const picked = await admin.trpc.adminCredits.workspace.query({ workspaceId });
    expect(picked.data).toMatchObject({ id: workspaceId, ownerEmail: owner.email, ownerName: "Bruna Costa", wallet: { remainingBonusCredits: 1234 } });
  });

  test("the picker finds a workspace by its owner's e-mail; the history pages newest first and filters", async () => {
    const found = await admin.trpc.adminCredits.workspaces.query({ search: owner.email.slice(0, 12) });
    expect(found.data.map((w) => w.id)).toContain(workspaceId);
    const none = await admin.trpc.adminCredits.workspaces.query({ search: "%_ninguém_%" });
    expect(none.data).toEqual([]);
    const other = await registerUser(app);
    const otherId = String(other.user.currentWorkspaceId);
    for (let i = 1; i <= 6; i++) expect((await admin.trpc.adminCredits.grant.mutate(grant({ amount: i, reason: `Ajuste número ${i}` }))).ok).toBe(true);
    expect((await admin.trpc.adminCredits.grant.mutate({ workspaceId: otherId, amount: 7, reason: "Outro workspace" })).ok).toBe(true);

    const first = await admin.trpc.adminCredits.history.query({ workspaceId, pageSize: 5 });
    expect(first.data.items.map((i) => i.amount)).toEqual([6, 5, 4, 3, 2]);
    expect(first.data.hasMore).toBe(true);
    expect(first.data.items[0]).toMatchObject({ workspaceName: expect.any(String), adminEmail: "admin@atenda.test", reason: "Ajuste número 6" });
    const second = await admin.trpc.adminCredits.history.query({ workspaceId, pageSize: 5, page: 2 });
    expect(second.data.items.map((i) => i.amount)).toEqual([1, 1234]);
    expect(second.data.hasMore).toBe(false);

    const all = await admin.trpc.adminCredits.history.query({ period: "7d" });
    expect(all.data.items[0]).toMatchObject({ workspaceId: otherId, amount: 7 });
    const searched = await admin.trpc.adminCredits.history.query({ search: "número 3" });
    expect(searched.data.items.map((i) => i.amount)).toEqual([3]);
    const bad = await admin.trpc.adminCredits.history.query({ period: "2d" as "7d" });
    expect(bad.error?.message).toBe("Período inválido");
  });
});

describe("[admin-credits] credit config and the exchange rate", () => {
  test("saving the config is bounded, audited and priced by the very next debit", async () => {
    const bad = await admin.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 0, usdToBrlRate: 5.5, autoUpdateExchangeRate: false });
    expect(bad.error?.message).toBe("Mínimo 1 crédito por dólar");
    const badRate = await admin.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 1000, usdToBrlRate: 0, autoUpdateExchangeRate: false });
    expect(badRate.error?.message).toBe("A cotação deve ser de pelo menos R$ 0,01");

    // gpt-4o-mini is seeded at US$ 0.00015 per 1k input tokens: 100k tokens = US$ 0.015.
    const usage = { inputTokens: 100_000, outputTokens: 0 };
    const before = await priceCall(app.deps.db, "openai", "gpt-4o-mini", usage);
    const saved = await admin.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 2000, usdToBrlRate: 6, autoUpdateExchangeRate: false });
    expect(saved.data).toMatchObject({ creditsPerUsd: 2000, usdToBrlRate: 6, autoUpdateExchangeRate: false, nextAutoUpdateAt: null });
    // The debit's 30 s cache was warm: the new config is read at once all the same.
    const after = await priceCall(app.deps.db, "openai", "gpt-4o-mini", usage);
    expect(after.costBrl).toBeCloseTo(after.totalCostUsd * 6, 10);
    expect([before.creditsMilli, after.creditsMilli]).toEqual([15_000, 30_000]);
    const [line] = await auditLines("credits.config_updated");
    expect(line).toMatchObject({ userId: adminId, oldValues: { creditsPerUsd: 1000, usdToBrlRate: 5.5 }, newValues: { creditsPerUsd: 2000, usdToBrlRate: 6 } });
  });

  test("'Atualizar agora' stores the quote; offline or a bad answer keeps the rate and says why", async () => {
    rate.setBid("5.8765");
    const ok = await admin.trpc.adminCredits.config.refreshRate.mutate();
    expect(ok.data.quote).toMatchObject({ ok: true, rate: 5.8765 });
    expect(ok.data.config).toMatchObject({ usdToBrlRate: 5.8765, exchangeRateError: null, lastExchangeRateUpdate: expect.any(Number) });
    expect(rate.requests.at(-1)).toBe("/json/last/USD-BRL");
    expect((await priceCall(app.deps.db, "openai", "gpt-4o-mini", { inputTokens: 1000, outputTokens: 0 })).costBrl).toBeGreaterThan(0);

    rate.failWith(503);
    const failed = await admin.trpc.adminCredits.config.refreshRate.mutate();
    expect(failed.data.quote).toEqual({ ok: false, error: "O serviço de cotação respondeu com erro (HTTP 503): a cotação atual foi mantida." });
    expect(failed.data.config.usdToBrlRate).toBe(5.8765);
    expect(failed.data.config.exchangeRateError).toContain("HTTP 503");
    rate.failWith(0);
    rate.malformed(true);
    const odd = await admin.trpc.adminCredits.config.refreshRate.mutate();
    expect(odd.data.quote).toMatchObject({ ok: false, error: expect.stringContaining("formato inesperado") });
    rate.malformed(false);

    const offline = await refreshExchangeRate(app.deps, null, () => Promise.reject(new TypeError("fetch failed")));
    expect(offline.quote).toEqual({ ok: false, error: "Sem conexão com o serviço de cotação (modo offline): a cotação atual foi mantida." });
    expect((await auditLines("credits.exchange_rate_failed")).length).toBe(3);
    expect((await auditLines("credits.exchange_rate_updated"))[0]).toMatchObject({ userId: adminId, newValues: { usdToBrlRate: 5.8765 } });
  });

  test("automatic update runs once a day while on, through the quote API", async () => {
    await admin.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 1000, usdToBrlRate: 5.5, autoUpdateExchangeRate: false });
    const calls = () => rate.requests.length;
    const start = calls();
    expect(await updateExchangeRateIfDue(app.deps)).toBe("off");
    const on = await admin.trpc.adminCredits.config.save.mutate({ creditsPerUsd: 1000, usdToBrlRate: 5.5, autoUpdateExchangeRate: true });
    expect(on.data.nextAutoUpdateAt).toEqual(expect.any(Number));
    // The last update was today (the manual one above): not due yet.
    expect(await updateExchangeRateIfDue(app.deps)).toBe("not-due");
    expect(calls()).toBe(start);
    await app.deps.db
      .update(creditSystemConfig)
      .set({ lastExchangeRateUpdate: Date.now() - DAY - 60_000 })
      .where(eq(creditSystemConfig.id, 1));
    rate.setBid("5.1234");
    expect(await updateExchangeRateIfDue(app.deps)).toBe("updated");
    expect(calls()).toBe(start + 1);
    expect((await admin.trpc.adminCredits.config.get.query()).data).toMatchObject({ usdToBrlRate: 5.1234, autoUpdateExchangeRate: true });
    expect(await updateExchangeRateIfDue(app.deps)).toBe("not-due");
    const [auto] = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(eq(userActivityLogs.action, "credits.exchange_rate_updated"))
      .orderBy(desc(userActivityLogs.createdAt))
      .limit(1);
    expect(auto).toMatchObject({ userId: null, description: expect.stringContaining("automaticamente") });
  });
});
