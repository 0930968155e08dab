/**
 * Issue 15, /faturamento: the credit statement (debits and grants, filters, keyset pages, totals),
 * the chart of credits per day per agent, the CSV export, and refusal across workspaces.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { bonusCreditHistory, creditGrants, creditTransactions } from "../db/schema";
import type { StatementEntry } from "../src/schemas/billing/statement";
import { saoPauloDay } from "../src/services/credits";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";

let app: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
let other: Awaited<ReturnType<typeof ownerWithAgent>>;
const DAY = 86_400_000;
const now = Date.now();
const today = saoPauloDay(now);
const daysAgo = (n: number) => saoPauloDay(now - n * DAY);

type Page = { items: StatementEntry[]; nextCursor: { at: number; id: string } | null };

async function debit(workspaceId: string, agentId: string | null, at: number, credits: number, action = "chat") {
  await app.deps.db.insert(creditTransactions).values({
    workspaceId,
    agentId,
    createdAt: at,
    creditsConsumed: credits * 1000,
    totalTokens: credits * 10,
    costBrl: credits * 0.01,
    action,
    modelUsed: "gpt-4o-mini",
    idempotencyKey: `seed:${Bun.randomUUIDv7()}`,
  });
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await ownerWithAgent(app);
  other = await ownerWithAgent(app);
  const ws = owner.workspaceId;
  // 30 chat debits of the real agent over the last 3 days, 1 credit each; 2 transcriptions today.
  for (let i = 0; i < 30; i++) await debit(ws, owner.agent.id, now - (i % 3) * DAY - i * 1000 - 60_000, 1);
  await debit(ws, owner.agent.id, now - 30_000, 2, "transcription");
  await debit(ws, owner.agent.id, now - 20_000, 2, "transcription");
  // Seven more (deleted) agents with growing spend today: the chart draws the top 5 and "Outros".
  for (let a = 1; a <= 7; a++) await debit(ws, `agente-${a}`, now - 10_000 - a, a * 10);
  // An old debit outside any 30-day window.
  await debit(ws, owner.agent.id, now - 60 * DAY, 99);
  await app.deps.db.insert(creditGrants).values({ workspaceId: ws, kind: "pack", grantKey: `pack:cs_${Bun.randomUUIDv7()}`, amount: 500_000, createdAt: now - DAY, note: "Pacote 500 créditos" });
  await app.deps.db.insert(bonusCreditHistory).values({ workspaceId: ws, amount: 50_000, reason: "=Cortesia", createdAt: now - 2 * DAY });
  // The other workspace has its own debit, never in the owner's statement.
  await debit(other.workspaceId, other.agent.id, now - 5_000, 7);
}, 60_000);
afterAll(async () => {
  await app.stop();
});

const period = { from: daysAgo(6), to: today };

describe("statement", () => {
  test("newest first, keyset pages cover every debit and grant of the period exactly once", async () => {
    const seen: StatementEntry[] = [];
    let cursor: Page["nextCursor"] = null;
    for (let guard = 0; guard < 20; guard++) {
      const res: { ok: boolean; data: Page } = await owner.client.query<Page>("billingUsage.statement", { filter: period, cursor, limit: 7 });
      expect(res.ok).toBe(true);
      seen.push(...res.data.items);
      cursor = res.data.nextCursor;
      if (!cursor) break;
    }
    // 30 + 2 + 7 debits, 1 pack, 1 bonus; the 60-day-old debit and the other workspace's are out.
    expect(seen.length).toBe(41);
    expect(new Set(seen.map((e) => e.id)).size).toBe(41);
    for (let i = 1; i < seen.length; i++) expect((seen[i - 1] as StatementEntry).at).toBeGreaterThanOrEqual((seen[i] as StatementEntry).at);
    expect(seen.filter((e) => e.kind === "grant").map((e) => e.action).sort()).toEqual(["bonus", "pack"]);
    expect(seen.find((e) => e.action === "pack")?.creditsMilli).toBe(500_000);
    expect(seen.some((e) => e.creditsMilli === 7000 && e.kind === "debit" && e.agentId === other.agent.id)).toBe(false);
  });

  test("filters: action, grant kind, agent (grants drop out), period", async () => {
    const q = (filter: Record<string, unknown>) => owner.client.query<Page>("billingUsage.statement", { filter: { ...period, ...filter }, limit: 100 });
    const tr = await q({ action: "transcription" });
    expect(tr.data.items.map((e) => e.creditsMilli)).toEqual([2000, 2000]);
    const packs = await q({ action: "pack" });
    expect(packs.data.items.map((e) => e.action)).toEqual(["pack"]);
    const bonus = await q({ action: "bonus" });
    expect(bonus.data.items.map((e) => e.description)).toEqual(["=Cortesia"]);
    const agent = await q({ agentId: owner.agent.id });
    expect(agent.data.items.length).toBe(32);
    expect(agent.data.items.every((e) => e.kind === "debit" && e.agentName === owner.agent.name)).toBe(true);
    const old = await owner.client.query<Page>("billingUsage.statement", { filter: { from: daysAgo(61), to: daysAgo(59) }, limit: 100 });
    expect(old.data.items.map((e) => e.creditsMilli)).toEqual([99_000]);
  });

  test("totals of the filtered period", async () => {
    const res = await owner.client.query<{ debits: { count: number; creditsMilli: number; tokens: number }; grants: { count: number; creditsMilli: number } }>("billingUsage.totals", { filter: period });
    expect(res.data.debits.count).toBe(39);
    // 30 × 1 + 2 × 2 + (10 + 20 + … + 70)
    expect(res.data.debits.creditsMilli).toBe((30 + 4 + 280) * 1000);
    expect(res.data.debits.tokens).toBe((30 + 4 + 280) * 10);
    expect(res.data.grants).toEqual({ count: 2, creditsMilli: 550_000 });
    const chatOnly = await owner.client.query<{ debits: { count: number }; grants: { count: number } }>("billingUsage.totals", { filter: { ...period, action: "chat" } });
    expect(chatOnly.data.debits.count).toBe(37);
    expect(chatOnly.data.grants.count).toBe(0);
  });

  test("a bad period is refused with a message", async () => {
    const res = await owner.client.query("billingUsage.statement", { filter: { from: today, to: daysAgo(3) }, limit: 10 });
    expect(res.ok).toBe(false);
    expect(res.error?.httpStatus).toBe(400);
  });

  test("another workspace's agent filter shows nothing of it", async () => {
    const res = await owner.client.query<Page>("billingUsage.statement", { filter: { ...period, agentId: other.agent.id }, limit: 100 });
    expect(res.data.items).toEqual([]);
    const theirs = await other.client.query<Page>("billingUsage.statement", { filter: period, limit: 100 });
    expect(theirs.data.items.map((e) => e.creditsMilli)).toEqual([7000]);
  });
});

describe("chart", () => {
  test("credits per day per agent: top 5, then Outros; the sums match the ledger", async () => {
    type Chart = { days: string[]; series: { agentId: string | null; label: string; credits: number[] }[] };
    const res = await owner.client.query<Chart>("billingUsage.chart", { period: 7 });
    expect(res.ok).toBe(true);
    expect(res.data.days.length).toBe(7);
    expect(res.data.days.at(-1)).toBe(today);
    const labels = res.data.series.map((s) => s.label);
    expect(labels.length).toBe(6);
    expect(labels.at(-1)).toBe("Outros");
    // Ranked: agente-7 (70), agente-6 (60), agente-5 (50), agente-4 (40), owner's agent (34) — then 30 + 20 + 10.
    expect(res.data.series.slice(0, 4).map((s) => s.agentId)).toEqual(["agente-7", "agente-6", "agente-5", "agente-4"]);
    expect(res.data.series[4]?.agentId).toBe(owner.agent.id);
    expect(res.data.series[4]?.label).toBe(owner.agent.name);
    const others = res.data.series[5]?.credits ?? [];
    expect(others.reduce((a, b) => a + b, 0)).toBe(60);
    const total = res.data.series.flatMap((s) => s.credits).reduce((a, b) => a + b, 0);
    expect(total).toBe(314);
  });
});

describe("CSV", () => {
  test("the filtered statement as CSV: header, one line per entry, formulas escaped", async () => {
    const res = await owner.client.get(`/api/v1/billing/statement.csv?from=${period.from}&to=${period.to}`);
    expect(res.status).toBe(200);
    const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
    const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Data;Tipo;Agente;Ação;Descrição;Tokens;Créditos;Custo (R$)");
    expect(lines.length).toBe(42);
    expect(lines.filter((l) => l.includes("Transcrição de áudio")).length).toBe(2);
    expect(lines.some((l) => l.includes("Pacote 500 créditos") && l.includes("500,000"))).toBe(true);
    expect(lines.some((l) => l.includes("'=Cortesia"))).toBe(true);
    const filtered = await owner.client.get(`/api/v1/billing/statement.csv?from=${period.from}&to=${period.to}&action=transcription`);
    expect(String(filtered.body).trim().split("\r\n").length).toBe(3);
  });

  test("bad filter is a 400; another workspace's CSV holds only its own rows", async () => {
    const bad = await owner.client.get("/api/v1/billing/statement.csv?from=ontem&to=hoje");
    expect(bad.status).toBe(400);
    const theirs = await other.client.get(`/api/v1/billing/statement.csv?from=${period.from}&to=${period.to}`);
    expect(String(theirs.body).trim().split("\r\n").length).toBe(2);
  });
});
