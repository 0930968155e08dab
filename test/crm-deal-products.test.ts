import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dealProducts, deals } from "../db/schema";
import { lineTotalCents } from "../src/schemas/crm/deal-details";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { withTransaction } from "../src/services/context";
import { ensureDefaultPipeline, moveDealToStage, openDeal } from "../src/services/crm/pipeline-core";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { type Client, must } from "./helpers/client";
import { viewerOf } from "./helpers/guard-fixtures";

/** Products on a deal (totals computed on the server) and the deal's stage history, over real HTTP. */
let app: TestApp;
let owner: Client;
let userId: string;
let workspaceId: string;
let agentId: string;

const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1]) => withTransaction(app.deps.db, fn);
const newDeal = (title: string) => tx((t) => openDeal(t, { workspaceId, title, valueCents: 99_00, actor: { type: "user", userId } }));

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  userId = o.user.id;
  workspaceId = o.workspaceId;
  agentId = o.agent.id;
}, 30_000);
afterAll(() => app.stop());

describe("products", () => {
  test("the line total is computed on the server; a total sent by the client is ignored", async () => {
    const deal = await newDeal("Escola Aprender");
    // 3 × R$ 19,99 − 10 % + 5 % = 56,67165 → R$ 56,67
    const res = await owner.mutate<{ product: { totalCents: number }; totalCents: number }>("funnel.products.add", {
      dealId: deal.id,
      name: "Licença",
      quantity: 3,
      unitPriceCents: 1999,
      discount: 10,
      tax: 5,
      totalCents: 1,
    });
    expect(res.ok).toBe(true);
    expect([res.data.product.totalCents, res.data.totalCents]).toEqual([5667, 5667]);
    const [row] = await app.deps.db.select().from(dealProducts).where(eq(dealProducts.dealId, deal.id));
    expect(row?.totalCents).toBe(5667);
    // Changing the price recomputes the line; a client total in the patch is not even accepted as a field.
    const upd = await owner.mutate<{ product: { totalCents: number } }>("funnel.products.update", { id: row?.id, patch: { unitPriceCents: 2000, totalCents: 3 } });
    expect(upd.data.product.totalCents).toBe(5670);
  });

  test("half a centavo rounds up, and the deal total sums the lines", async () => {
    expect(lineTotalCents({ quantity: 1, unitPriceCents: 1, discount: 50, tax: 0 })).toBe(1);
    expect(lineTotalCents({ quantity: 0.5, unitPriceCents: 333, discount: 0, tax: 0 })).toBe(167);
    expect(lineTotalCents({ quantity: 0.1, unitPriceCents: 30, discount: 0, tax: 0 })).toBe(3);
    expect(lineTotalCents({ quantity: 2, unitPriceCents: 10_000, discount: 100, tax: 10 })).toBe(0);
    const deal = await newDeal("Padaria Pão Quente");
    await owner.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "Meio", quantity: 0.5, unitPriceCents: 333, discount: 0, tax: 0, useAsDealValue: false });
    const second = await owner.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "Serviço", quantity: 2, unitPriceCents: 12_345, discount: 0, tax: 10, useAsDealValue: false });
    // 2 × 123,45 × 1,10 = 271,59
    expect([second.data?.product.totalCents, second.data?.totalCents, second.data?.dealValueCents]).toEqual([27_159, 27_326, 99_00]);
    const list = must((await owner.trpc.funnel.products.list.query({ dealId: deal.id })).data, "list");
    expect([list.items.map((p) => p.name), list.totalCents]).toEqual([["Meio", "Serviço"], 27_326]);
  });

  test("'usar total dos produtos como valor do negócio' sets the deal's value and bumps its version; delete keeps it in step", async () => {
    const deal = await newDeal("Oficina Auto");
    const added = must((await owner.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "Revisão", quantity: 1, unitPriceCents: 45_000, discount: 0, tax: 0, useAsDealValue: true })).data, "added");
    expect(added.dealValueCents).toBe(45_000);
    const [after] = await app.deps.db.select().from(deals).where(eq(deals.id, deal.id));
    expect([after?.valueCents, after?.version]).toEqual([45_000, deal.version + 1]);
    await owner.trpc.funnel.products.delete.mutate({ id: added.product.id, useAsDealValue: true });
    const [emptied] = await app.deps.db.select({ valueCents: deals.valueCents }).from(deals).where(eq(deals.id, deal.id));
    expect(emptied?.valueCents).toBe(0);
  });

  test("SPEC §5 refusals in pt-BR", async () => {
    const deal = await newDeal("Mercado Bom Preço");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", quantity: 1, unitPriceCents: 100 }, "Nome do produto é obrigatório"],
      [{ name: "x".repeat(201), quantity: 1, unitPriceCents: 100 }, "Nome do produto deve ter no máximo 200 caracteres"],
      [{ name: "Caixa", quantity: 0, unitPriceCents: 100 }, "Quantidade deve ser maior que zero"],
      [{ name: "Caixa", quantity: 1, unitPriceCents: -1 }, "Preço unitário não pode ser negativo"],
      [{ name: "Caixa", quantity: 1, unitPriceCents: 100, discount: 101 }, "Desconto deve ser entre 0 e 100%"],
      [{ name: "Caixa", quantity: 1, unitPriceCents: 100, tax: -5 }, "Imposto deve ser entre 0 e 100%"],
    ];
    for (const [body, message] of cases) {
      const res = await owner.mutate("funnel.products.add", { dealId: deal.id, ...body });
      expect([res.status, res.error?.message]).toEqual([400, message]);
    }
  });

  test("a viewer cannot add; another workspace's product and deal ids are NOT_FOUND", async () => {
    const deal = await newDeal("Hotel Mar Azul");
    const mine = must((await owner.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "Diária", quantity: 2, unitPriceCents: 30_000, discount: 0, tax: 0, useAsDealValue: false })).data, "mine");
    const viewer = await viewerOf(app, { client: owner, userId });
    const refused = await viewer.client.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "Extra", quantity: 1, unitPriceCents: 1, discount: 0, tax: 0, useAsDealValue: false });
    expect([refused.status, refused.error?.message]).toEqual([403, CRM_READ_ONLY]);
    expect((await viewer.client.trpc.funnel.products.list.query({ dealId: deal.id })).data?.totalCents).toBe(60_000);

    const other = await ownerWithAgent(app);
    const upd = await other.client.trpc.funnel.products.update.mutate({ id: mine.product.id, patch: { quantity: 99 }, useAsDealValue: true });
    const del = await other.client.trpc.funnel.products.delete.mutate({ id: mine.product.id, useAsDealValue: false });
    for (const r of [upd, del]) expect([r.status, r.error?.message]).toEqual([404, "Produto não encontrado"]);
    const list = await other.client.trpc.funnel.products.list.query({ dealId: deal.id });
    const add = await other.client.trpc.funnel.products.add.mutate({ dealId: deal.id, name: "X", quantity: 1, unitPriceCents: 1, discount: 0, tax: 0, useAsDealValue: true });
    for (const r of [list, add]) expect([r.status, r.error?.message]).toEqual([404, "Negócio não encontrado"]);
    const [row] = await app.deps.db.select().from(dealProducts).where(eq(dealProducts.id, mine.product.id));
    expect([row?.quantity, row?.totalCents]).toEqual([2, 60_000]);
  });
});

describe("history", () => {
  test("user and agent moves are told with names, stages and notes, newest first", async () => {
    const deal = await newDeal("Loja Estrela");
    const { stages } = await tx((t) => ensureDefaultPipeline(t, workspaceId));
    const [novo, qualificado, proposta] = stages;
    if (!novo || !qualificado || !proposta) throw new Error("stages missing");
    await tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: qualificado.id, notes: "Orçamento aprovado" }, { type: "user", userId }));
    await tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: proposta.id }, { type: "agent", agentId }));
    await tx((t) => moveDealToStage(t, workspaceId, { dealId: deal.id, targetStageId: novo.id }, { type: "system" }));
    const history = must((await owner.trpc.funnel.activities.history.query({ dealId: deal.id })).data, "history");
    expect(history.map((h) => [h.from?.name ?? null, h.to.name, h.actor, h.notes])).toEqual([
      ["Proposta", "Novo lead", { type: "system" }, null],
      ["Qualificado", "Proposta", { type: "agent", name: "Ana Atendente" }, null],
      ["Novo lead", "Qualificado", { type: "user", name: expect.any(String) }, "Orçamento aprovado"],
      [null, "Novo lead", { type: "user", name: expect.any(String) }, null],
    ]);
    const page = must((await owner.trpc.funnel.activities.dealPage.query({ dealId: deal.id })).data, "page");
    expect([page.deal.title, page.stages.length, page.stages.find((s) => s.id === page.deal.stageId)?.name]).toEqual(["Loja Estrela", 6, "Novo lead"]);
  });
});
