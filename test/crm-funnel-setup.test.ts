import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dealStageHistory, deals, pipelines } from "../db/schema";
import { FUNNEL_ERRORS } from "../src/schemas/crm/funnel";
import { type TestApp, startTestApp } from "./helpers/app";
import { must } from "./helpers/client";
import { type Person, memberOf, ok, owner } from "./helpers/crm-funnel";

/** Pipelines and stages: the SPEC §5 rules, and what is refused so no deal is left without a place. */
let app: TestApp;
let a: Person;
const pipelinesOf = async (p: Person) => ok(await p.client.trpc.funnel.pipelines.list.query());

beforeAll(async () => {
  app = await startTestApp();
  a = await owner(app);
});
afterAll(() => app.stop());

describe("pipelines", () => {
  test("create (default stages or given ones), rename, set default; names 2–100", async () => {
    const plain = ok(await a.client.trpc.funnel.pipelines.create.mutate({ name: "Revenda" }));
    const custom = ok(
      await a.client.trpc.funnel.pipelines.create.mutate({ name: "Pós-venda", stages: [{ name: "Onboarding" }, { name: "Renovado", isWon: true, color: "#16A34A", probability: 100 }] }),
    );
    const list = await pipelinesOf(a);
    expect(list.map((p) => p.name)).toEqual(["Funil de vendas", "Revenda", "Pós-venda"]);
    expect(list.find((p) => p.id === plain.id)?.stages.length).toBe(6);
    expect(list.find((p) => p.id === custom.id)?.stages.map((s) => [s.name, s.color, s.probability, s.isWon])).toEqual([
      ["Onboarding", "#6B7280", 0, false],
      ["Renovado", "#16A34A", 100, true],
    ]);
    for (const [name, message] of [
      ["R", "Nome do funil deve ter pelo menos 2 caracteres"],
      ["x".repeat(101), "Nome do funil deve ter no máximo 100 caracteres"],
    ]) {
      const res = await a.client.trpc.funnel.pipelines.create.mutate({ name: must(name) });
      expect([res.status, res.error?.message]).toEqual([400, message]);
    }
    ok(await a.client.trpc.funnel.pipelines.rename.mutate({ pipelineId: plain.id, name: "Revenda B2B" }));
    ok(await a.client.trpc.funnel.pipelines.setDefault.mutate({ pipelineId: plain.id }));
    const after = await pipelinesOf(a);
    expect(after.filter((p) => p.isDefault).map((p) => p.name)).toEqual(["Revenda B2B"]);
    // Back, so the rest of the file works on 'Funil de vendas'.
    ok(await a.client.trpc.funnel.pipelines.setDefault.mutate({ pipelineId: must(after[0]).id }));
  });

  test("delete: never the default; with deals only after choosing to move or delete them", async () => {
    const [main] = await pipelinesOf(a);
    const refusedDefault = await a.client.trpc.funnel.pipelines.delete.mutate({ pipelineId: must(main).id });
    expect([refusedDefault.status, refusedDefault.error?.message]).toEqual([412, FUNNEL_ERRORS.deleteDefaultPipeline]);

    const temp = ok(await a.client.trpc.funnel.pipelines.create.mutate({ name: "Feira 2026" }));
    const tempStage = must((await pipelinesOf(a)).find((p) => p.id === temp.id)?.stages[2]).id;
    const d1 = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Estande A", stageId: tempStage, valueCents: 10_00 }));
    const d2 = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Estande B", stageId: tempStage }));
    const refused = await a.client.trpc.funnel.pipelines.delete.mutate({ pipelineId: temp.id });
    expect([refused.status, refused.error?.message]).toEqual([412, FUNNEL_ERRORS.pipelineHasDeals]);
    const sameTarget = await a.client.trpc.funnel.pipelines.delete.mutate({ pipelineId: temp.id, deals: "move", targetStageId: tempStage });
    expect(sameTarget.error?.message).toBe(FUNNEL_ERRORS.moveTargetSamePipeline);
    expect((await app.deps.db.select().from(pipelines).where(eq(pipelines.id, temp.id))).length).toBe(1);

    const target = must(must(main).stages[1]);
    expect(ok(await a.client.trpc.funnel.pipelines.delete.mutate({ pipelineId: temp.id, deals: "move", targetStageId: target.id })).affected).toBe(2);
    const moved = await app.deps.db.select().from(deals).where(eq(deals.stageId, target.id));
    expect(moved.map((d) => [d.title, d.pipelineId]).sort()).toEqual([
      ["Estande A", must(main).id],
      ["Estande B", must(main).id],
    ]);
    const lines = await app.deps.db.select().from(dealStageHistory).where(eq(dealStageHistory.dealId, d1.id));
    expect(lines.at(-1)?.notes).toBe('Funil "Feira 2026" excluído');

    const gone = ok(await a.client.trpc.funnel.pipelines.create.mutate({ name: "Descartável" }));
    const goneStage = must((await pipelinesOf(a)).find((p) => p.id === gone.id)?.stages[0]).id;
    const d3 = ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Vai junto", stageId: goneStage }));
    expect(ok(await a.client.trpc.funnel.pipelines.delete.mutate({ pipelineId: gone.id, deals: "delete" })).affected).toBe(1);
    expect(await app.deps.db.select().from(deals).where(eq(deals.id, d3.id))).toEqual([]);
    expect((await pipelinesOf(a)).map((p) => p.id)).not.toContain(gone.id);
    expect(d2.id).toBeTruthy();
  });
});

describe("stages", () => {
  test("create before won/lost, rules of name/colour/probability, won and lost never both", async () => {
    const main = must((await pipelinesOf(a))[0]);
    const demo = ok(await a.client.trpc.funnel.stages.create.mutate({ pipelineId: main.id, name: "Demonstração", probability: 60 }));
    expect(demo.color).toBe("#6B7280");
    expect(must((await pipelinesOf(a))[0]).stages.map((s) => s.name)).toEqual(["Novo lead", "Qualificado", "Proposta", "Negociação", "Demonstração", "Ganho", "Perdido"]);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "D" }, "Nome da etapa deve ter pelo menos 2 caracteres"],
      [{ name: "x".repeat(51) }, "Nome da etapa deve ter no máximo 50 caracteres"],
      [{ name: "Certa", probability: 101 }, "Probabilidade deve ser entre 0 e 100"],
      [{ name: "Certa", color: "azul" }, "Cor inválida (use #RRGGBB)"],
      [{ name: "Certa", isWon: true, isLost: true }, "Uma etapa não pode ser de ganho e de perda ao mesmo tempo"],
    ];
    for (const [input, message] of cases) {
      const res = await a.client.trpc.funnel.stages.create.mutate({ pipelineId: main.id, name: "", ...input } as { pipelineId: string; name: string });
      expect([res.status, res.error?.message]).toEqual([400, message]);
    }
    const renamed = ok(await a.client.trpc.funnel.stages.update.mutate({ stageId: demo.id, patch: { name: "Demo", color: "#0EA5E9" } }));
    expect([renamed.name, renamed.color, renamed.probability]).toEqual(["Demo", "#0EA5E9", 60]);
    const both = await a.client.trpc.funnel.stages.update.mutate({ stageId: must(main.stages.find((s) => s.isWon)).id, patch: { isLost: true } });
    expect(both.error?.message).toBe("Uma etapa não pode ser de ganho e de perda ao mesmo tempo");
  });

  test("reorder needs the exact set; a stage with deals is neither deleted nor flipped to won/lost", async () => {
    const main = must((await pipelinesOf(a))[0]);
    const ids = main.stages.map((s) => s.id);
    const swapped = [ids[1], ids[0], ...ids.slice(2)].map((id) => must(id));
    expect(ok(await a.client.trpc.funnel.stages.reorder.mutate({ pipelineId: main.id, stageIds: swapped })).map((s) => s.id)).toEqual(swapped);
    const partial = await a.client.trpc.funnel.stages.reorder.mutate({ pipelineId: main.id, stageIds: swapped.slice(1) });
    expect([partial.status, partial.error?.message]).toEqual([409, FUNNEL_ERRORS.stageOrderMismatch]);

    const busy = must(main.stages[1]);
    ok(await a.client.trpc.funnel.deals.create.mutate({ title: "Ocupa a etapa", stageId: busy.id }));
    const del = await a.client.trpc.funnel.stages.delete.mutate({ stageId: busy.id });
    expect([del.status, del.error?.message]).toEqual([412, FUNNEL_ERRORS.stageHasDeals]);
    const flip = await a.client.trpc.funnel.stages.update.mutate({ stageId: busy.id, patch: { isWon: true } });
    expect([flip.status, flip.error?.message]).toEqual([412, FUNNEL_ERRORS.stageFlagsWithDeals]);

    const empty = must(main.stages.find((s) => s.name === "Demo"));
    ok(await a.client.trpc.funnel.stages.delete.mutate({ stageId: empty.id }));
    const left = must((await pipelinesOf(a))[0]).stages;
    expect(left.map((s) => s.position)).toEqual(left.map((_, i) => i));
    expect(left.map((s) => s.id)).not.toContain(empty.id);
  });

  test("a member works deals but does not change pipelines or stages (canManageSettings)", async () => {
    const member = await memberOf(app, a, "member");
    const main = must((await pipelinesOf(member))[0]);
    expect(ok(await member.client.trpc.funnel.deals.create.mutate({ title: "Do vendedor" })).title).toBe("Do vendedor");
    const res = await member.client.trpc.funnel.stages.create.mutate({ pipelineId: main.id, name: "Minha etapa" });
    expect(res.status).toBe(403);
    expect((await member.client.trpc.funnel.pipelines.rename.mutate({ pipelineId: main.id, name: "Meu funil" })).status).toBe(403);
  });
});
