import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { dealStageHistory, deals } from "../db/schema";
import { FUNNEL_ERRORS } from "../src/schemas/crm/funnel";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { type TestApp, startTestApp } from "./helpers/app";
import { must } from "./helpers/client";
import { type Person, contactIn, memberOf, ok, owner } from "./helpers/crm-funnel";

/** Deals over real HTTP: create/update/delete, moves with history, refusals that change nothing. */
let app: TestApp;
let a: Person;
let stages: { id: string; name: string }[];
let pipelineId: string;
let contactId: string;

const dealRow = async (id: string) => (await app.deps.db.select().from(deals).where(eq(deals.id, id)))[0];
const historyOf = (id: string) => app.deps.db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, id)).orderBy(asc(dealStageHistory.createdAt));
const stageId = (name: string) => must(stages.find((s) => s.name === name), name).id;

beforeAll(async () => {
  app = await startTestApp();
  a = await owner(app);
  contactId = await contactIn(app, a.workspaceId, "Renata Souza");
});
afterAll(() => app.stop());

describe("funnel deals", () => {
  test("the first read creates the default pipeline with its six stages, once", async () => {
    const [one, two] = await Promise.all([a.client.trpc.funnel.pipelines.list.query(), a.client.trpc.funnel.pipelines.list.query()]);
    const list = ok(one);
    expect(ok(two).map((p) => p.id)).toEqual(list.map((p) => p.id));
    expect(list.map((p) => [p.name, p.isDefault])).toEqual([["Funil de vendas", true]]);
    const first = must(list[0], "pipeline");
    pipelineId = first.id;
    stages = first.stages;
    expect(first.stages.map((s) => [s.name, s.isWon, s.isLost])).toEqual([
      ["Novo lead", false, false],
      ["Qualificado", false, false],
      ["Proposta", false, false],
      ["Negociação", false, false],
      ["Ganho", true, false],
      ["Perdido", false, true],
    ]);
  });

  test("create, update and delete a deal; contact and owner must be of the workspace", async () => {
    const created = ok(
      await a.client.trpc.funnel.deals.create.mutate({ title: "  Loja   Centro ", valueCents: 1_250_00, contactId, ownerUserId: a.userId, expectedCloseDate: "2026-12-20", tags: ["varejo"] }),
    );
    expect([created.title, created.stageId, created.status, created.pipelineId, created.valueCents]).toEqual(["Loja Centro", stageId("Novo lead"), "open", pipelineId, 125_000]);

    const bad = await a.client.trpc.funnel.deals.create.mutate({ title: "X", valueCents: -1 });
    expect([bad.status, bad.error?.message]).toEqual([400, "Título deve ter pelo menos 2 caracteres"]);
    const badDate = await a.client.trpc.funnel.deals.create.mutate({ title: "Data ruim", expectedCloseDate: "2026-02-30" });
    expect(badDate.error?.message).toBe("Data inválida");
    const other = await owner(app);
    const foreignContact = await contactIn(app, other.workspaceId, "Outra Pessoa");
    const withForeign = await a.client.trpc.funnel.deals.create.mutate({ title: "Contato alheio", contactId: foreignContact });
    expect([withForeign.status, withForeign.error?.message]).toEqual([404, FUNNEL_ERRORS.contactNotFound]);
    const outsider = await a.client.trpc.funnel.deals.create.mutate({ title: "Dono alheio", ownerUserId: other.userId });
    expect([outsider.status, outsider.error?.message]).toEqual([400, FUNNEL_ERRORS.ownerNotMember]);

    const updated = ok(await a.client.trpc.funnel.deals.update.mutate({ dealId: created.id, expectedVersion: 1, patch: { valueCents: 2_000_00, probability: 40, notes: "Cliente pediu desconto" } }));
    expect([updated.valueCents, updated.probability, updated.version, updated.title]).toEqual([200_000, 40, 2, "Loja Centro"]);
    const stale = await a.client.trpc.funnel.deals.update.mutate({ dealId: created.id, expectedVersion: 1, patch: { valueCents: 1 } });
    expect([stale.status, stale.error?.message]).toEqual([409, FUNNEL_ERRORS.concurrentMove]);
    expect((await dealRow(created.id))?.valueCents).toBe(200_000);

    ok(await a.client.trpc.funnel.deals.delete.mutate({ dealId: created.id }));
    expect(await dealRow(created.id)).toBeUndefined();
    expect(await historyOf(created.id)).toEqual([]);
  });

  test("a move writes who/when/notes to the history and the status follows won/lost", async () => {
    const deal = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Escola Aurora", valueCents: 5_000_00, contactId }));
    const moved = ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Proposta"), notes: "Proposta enviada por e-mail", expectedVersion: 1 }));
    expect([moved.stageId, moved.status, moved.version]).toEqual([stageId("Proposta"), "open", 2]);

    const noReason = await a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Perdido"), expectedVersion: 2 });
    expect([noReason.status, noReason.error?.message]).toEqual([400, FUNNEL_ERRORS.lostReasonRequired]);
    expect((await dealRow(deal.id))?.stageId).toBe(stageId("Proposta"));

    const lost = ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Perdido"), expectedVersion: 2, lostReason: "Preço acima do orçamento" }));
    expect([lost.status, lost.lostReason, typeof lost.closedAt]).toEqual(["lost", "Preço acima do orçamento", "number"]);
    const won = ok(await a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Ganho"), notes: "Voltou e fechou" }));
    expect([won.status, won.lostReason]).toEqual(["won", null]);

    const history = await historyOf(deal.id);
    expect(history.map((h) => [h.fromStageId, h.toStageId, h.actorType, h.userId, h.notes])).toEqual([
      [null, stageId("Novo lead"), "user", a.userId, null],
      [stageId("Novo lead"), stageId("Proposta"), "user", a.userId, "Proposta enviada por e-mail"],
      [stageId("Proposta"), stageId("Perdido"), "user", a.userId, null],
      [stageId("Perdido"), stageId("Ganho"), "user", a.userId, "Voltou e fechou"],
    ]);
    expect(history.every((h) => h.createdAt >= deal.createdAt)).toBe(true);
  });

  test("a stage of another pipeline is refused and nothing changes", async () => {
    const deal = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Padaria Sol" }));
    const second = ok(await a.client.trpc.funnel.pipelines.create.mutate({ name: "Revenda" }));
    const [otherStage] = ok(await a.client.trpc.funnel.pipelines.list.query()).find((p) => p.id === second.id)?.stages ?? [];
    const res = await a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: must(otherStage, "stage").id });
    expect([res.status, res.error?.message]).toEqual([400, FUNNEL_ERRORS.stageOfOtherPipeline]);
    const row = await dealRow(deal.id);
    expect([row?.stageId, row?.pipelineId, row?.version]).toEqual([stageId("Novo lead"), pipelineId, 1]);
    expect((await historyOf(deal.id)).length).toBe(1);
  });

  test("two people moving the same deal at once: one wins, the other gets CONFLICT and changes nothing", async () => {
    const deal = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Clínica Vida" }));
    const [x, y] = await Promise.all([
      a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Qualificado"), expectedVersion: 1 }),
      a.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Negociação"), expectedVersion: 1 }),
    ]);
    const winner = x.ok ? x : y;
    const loser = x.ok ? y : x;
    expect([winner.ok, loser.status, loser.error?.message]).toEqual([true, 409, FUNNEL_ERRORS.concurrentMove]);
    const row = await dealRow(deal.id);
    expect([row?.stageId, row?.version]).toEqual([winner.data?.stageId, 2]);
    expect((await historyOf(deal.id)).length).toBe(2);
  });

  test("a viewer reads the board but cannot create, move or delete", async () => {
    const viewer = await memberOf(app, a, "viewer");
    const deal = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Mercado Bom Preço" }));
    expect(ok(await viewer.client.trpc.funnel.deals.board.query({ pipelineId })).columns.length).toBe(6);
    for (const res of [
      await viewer.client.trpc.funnel.deals.create.mutate({ title: "Do leitor" }),
      await viewer.client.trpc.funnel.deals.move.mutate({ dealId: deal.id, targetStageId: stageId("Proposta") }),
      await viewer.client.trpc.funnel.deals.delete.mutate({ dealId: deal.id }),
    ]) {
      expect([res.status, res.error?.message]).toEqual([403, CRM_READ_ONLY]);
    }
    expect((await dealRow(deal.id))?.stageId).toBe(stageId("Novo lead"));
  });

  test("another workspace's deal, stage and pipeline are not found", async () => {
    const b = await owner(app);
    const mine = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Só meu" }));
    const theirs = must(ok(await b.client.trpc.funnel.pipelines.list.query())[0], "pipeline of B");
    const theirStage = must(theirs.stages[0], "stage of B").id;
    const calls = [
      await b.client.trpc.funnel.deals.update.mutate({ dealId: mine.id, patch: { title: "Invadido" } }),
      await b.client.trpc.funnel.deals.delete.mutate({ dealId: mine.id }),
      await a.client.trpc.funnel.deals.move.mutate({ dealId: mine.id, targetStageId: theirStage }),
      await a.client.trpc.funnel.deals.create.mutate({ title: "No funil alheio", stageId: theirStage }),
      await a.client.trpc.funnel.deals.board.query({ pipelineId: theirs.id }),
    ];
    expect(calls.map((c) => c.status)).toEqual([404, 404, 404, 404, 404]);
    const row = await dealRow(mine.id);
    expect([row?.title, row?.stageId, row?.version]).toEqual(["Só meu", stageId("Novo lead"), 1]);
  });
});
