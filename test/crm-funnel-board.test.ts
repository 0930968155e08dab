import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dealStageHistory, deals } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { must } from "./helpers/client";
import { type Person, contactIn, memberOf, ok, owner } from "./helpers/crm-funnel";

/** The kanban's columns, totals, filters and "Carregar mais", the list view and the charts' data. */
let app: TestApp;
let a: Person;
let seller: Person;
let pipelineId: string;
let stages: { id: string; name: string; probability: number }[];
const stageId = (name: string) => must(stages.find((s) => s.name === name), name).id;

beforeAll(async () => {
  app = await startTestApp();
  a = await owner(app);
  seller = await memberOf(app, a, "member");
  const p = must(ok(await a.client.trpc.funnel.pipelines.list.query())[0], "pipeline");
  pipelineId = p.id;
  stages = p.stages;
  const contactId = await contactIn(app, a.workspaceId, "Júlia Prado");
  const make = (title: string, valueCents: number, extra: Record<string, unknown> = {}) =>
    a.client.trpc.funnel.deals.create.mutate({ title, valueCents, contactId, ...extra }).then((r) => ok(r, title));
  // Novo lead (10 %): 25 deals of R$ 100 → 2 pages of 20; Proposta (50 %): two, one with its own 90 %.
  for (let i = 1; i <= 25; i++) await make(`Lead ${String(i).padStart(2, "0")}`, 100_00, i <= 3 ? { ownerUserId: seller.userId, tags: ["atacado"] } : {});
  await make("Proposta Grande", 1_000_00, { stageId: stageId("Proposta"), probability: 90, ownerUserId: seller.userId });
  await make("Proposta Pequena", 300_00, { stageId: stageId("Proposta"), tags: ["atacado"] });
});
afterAll(() => app.stop());

describe("funnel board", () => {
  test("columns carry count, total in centavos and weighted forecast (deal's own or the stage's probability)", async () => {
    const board = ok(await a.client.trpc.funnel.deals.board.query({ pipelineId, perStage: 20 }));
    const col = (name: string) => must(board.columns.find((c) => c.stage.name === name), name);
    expect(board.columns.map((c) => c.stage.name)).toEqual(["Novo lead", "Qualificado", "Proposta", "Negociação", "Ganho", "Perdido"]);
    expect(col("Novo lead").totals).toEqual({ count: 25, valueCents: 2_500_00, weightedCents: 250_00, capped: false });
    expect(col("Novo lead").cards.map((c) => c.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Lead ${String(i + 1).padStart(2, "0")}`));
    // 1000 × 90 % + 300 × 50 % = R$ 1.050,00
    expect(col("Proposta").totals).toEqual({ count: 2, valueCents: 1_300_00, weightedCents: 1_050_00, capped: false });
    expect(col("Qualificado").totals).toEqual({ count: 0, valueCents: 0, weightedCents: 0, capped: false });
    const card = must(col("Proposta").cards[0], "card");
    expect([card.contactName, card.ownerName, typeof card.enteredStageAt]).toEqual(["Júlia Prado", "Marcos Lima", "number"]);

    const cursor = must(col("Novo lead").nextCursor, "cursor");
    const more = ok(await a.client.trpc.funnel.deals.column.query({ stageId: stageId("Novo lead"), after: cursor, limit: 20 }));
    expect([more.cards.map((c) => c.title), more.nextCursor]).toEqual([["Lead 21", "Lead 22", "Lead 23", "Lead 24", "Lead 25"], null]);
    expect(col("Proposta").nextCursor).toBeNull();
  });

  test("a card moved before another keeps that place after a reload", async () => {
    const board = ok(await a.client.trpc.funnel.deals.board.query({ pipelineId }));
    const lead = must(board.columns[0], "column").cards;
    const last = must(lead[19], "Lead 20");
    ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: last.id, targetStageId: stageId("Novo lead"), beforeDealId: must(lead[1], "Lead 02").id, expectedVersion: last.version }));
    const again = ok(await a.client.trpc.funnel.deals.board.query({ pipelineId }));
    expect(must(again.columns[0], "column").cards.slice(0, 3).map((c) => c.title)).toEqual(["Lead 01", "Lead 20", "Lead 02"]);
    // A reorder inside the column is no stage change: no history line.
    expect((await app.deps.db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, last.id))).length).toBe(1);
  });

  test("filters by owner, tag, value range and title apply to cards and totals", async () => {
    const q = (f: Record<string, unknown>) => a.client.trpc.funnel.deals.board.query({ pipelineId, ...f }).then((r) => ok(r));
    const summary = async (f: Record<string, unknown>) =>
      (await q(f)).columns.filter((c) => c.totals.count > 0).map((c) => [c.stage.name, c.totals.count, c.totals.valueCents, c.cards.map((d) => d.title).sort().join(",")]);
    expect(await summary({ ownerUserId: seller.userId })).toEqual([
      ["Novo lead", 3, 300_00, "Lead 01,Lead 02,Lead 03"],
      ["Proposta", 1, 1_000_00, "Proposta Grande"],
    ]);
    expect(await summary({ tag: "atacado" })).toEqual([
      ["Novo lead", 3, 300_00, "Lead 01,Lead 02,Lead 03"],
      ["Proposta", 1, 300_00, "Proposta Pequena"],
    ]);
    expect(await summary({ minValueCents: 200_00, maxValueCents: 500_00 })).toEqual([["Proposta", 1, 300_00, "Proposta Pequena"]]);
    expect(await summary({ search: "grande" })).toEqual([["Proposta", 1, 1_000_00, "Proposta Grande"]]);
    expect(await summary({ search: "100%_" })).toEqual([]);
  });

  test("the list view pages and sorts the pipeline's deals", async () => {
    const page1 = ok(await a.client.trpc.funnel.deals.list.query({ pipelineId, sort: "value_desc", pageSize: 5 }));
    expect([page1.total, page1.items.length]).toEqual([27, 5]);
    expect(page1.items.slice(0, 2).map((d) => [d.title, d.stageName])).toEqual([
      ["Proposta Grande", "Proposta"],
      ["Proposta Pequena", "Proposta"],
    ]);
    const titles = ok(await a.client.trpc.funnel.deals.list.query({ pipelineId, sort: "title", page: 6, pageSize: 5 }));
    expect(titles.items.map((d) => d.title)).toEqual(["Proposta Pequena", "Proposta Grande"].sort((x, y) => x.localeCompare(y)));
    const seen = new Set<string>();
    for (let page = 1; page <= 6; page++) for (const d of ok(await a.client.trpc.funnel.deals.list.query({ pipelineId, sort: "value_asc", page, pageSize: 5 })).items) seen.add(d.id);
    expect(seen.size).toBe(27);
    const filtered = ok(await a.client.trpc.funnel.deals.list.query({ pipelineId, ownerUserId: seller.userId }));
    expect(filtered.total).toBe(4);
  });

  test("stats: won per São Paulo week over 12 weeks and the share of deals that reached each stage", async () => {
    const board = ok(await a.client.trpc.funnel.deals.board.query({ pipelineId }));
    const [d1, d2] = must(board.columns[0], "column").cards;
    ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: must(d1, "d1").id, targetStageId: stageId("Negociação") }));
    ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: must(d1, "d1").id, targetStageId: stageId("Ganho") }));
    ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: must(d2, "d2").id, targetStageId: stageId("Perdido"), lostReason: "Sem orçamento" }));
    // A deal won 3 weeks ago (closedAt in the past) lands in that week's bar.
    const [old] = await app.deps.db.select().from(deals).where(eq(deals.title, "Proposta Grande"));
    ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: must(old, "old").id, targetStageId: stageId("Ganho") }));
    await app.deps.db.update(deals).set({ closedAt: Date.now() - 21 * 86_400_000 }).where(eq(deals.title, "Proposta Grande"));

    const stats = ok(await a.client.trpc.funnel.stats.query({ pipelineId }));
    expect(stats.weeks.length).toBe(12);
    expect(stats.weeks.map((w) => w.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1]);
    expect(stats.weeks.at(-1)?.valueCents).toBe(100_00);
    expect(stats.weeks.every((w) => /^\d{4}-\d{2}-\d{2}$/.test(w.weekStart) && new Date(`${w.weekStart}T12:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(stats.cohort).toBe(27);
    const reached = Object.fromEntries(stats.conversion.map((c) => [c.name, c.reached]));
    // Everyone started somewhere (≥ Novo lead); 3 reached Proposta or beyond (two created there, one via Negociação).
    expect(reached).toEqual({ "Novo lead": 27, Qualificado: 3, Proposta: 3, "Negociação": 2, Ganho: 2, Perdido: 1 });
  });
});
