/** adminCredits.models.* (issue 17 item 6): the model price editor, the price the next debit uses, "Buscar modelos" from the providers. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { modelPricing, userActivityLogs } from "../db/schema";
import { priceCall } from "../src/services/credit-debit";
import { startFakeOpenAi } from "./fakes/openai";
import { type AgentRow, chat, ledger, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { loginAdmin } from "./helpers/factories";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let admin: Client;
let adminId: string;
let owner: Awaited<ReturnType<typeof ownerWithAgent>>;
let agent: AgentRow;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  const a = await loginAdmin(app);
  admin = a.client;
  adminId = a.user.id;
  owner = await ownerWithAgent(app);
  agent = owner.agent;
});
afterAll(async () => {
  await app.stop();
  fake.stop();
});

const price = (over: Record<string, unknown> = {}) => ({
  provider: "openai",
  modelId: "gpt-teste-1",
  displayName: "GPT Teste 1",
  inputPricePer1k: 0.5,
  outputPricePer1k: 1.5,
  creditsPerInteraction: 2,
  supportsVision: false,
  supportsFunctionCalling: true,
  isActive: true,
  ...over,
});
const lastAudit = async (action: string) =>
  (await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, action)).orderBy(desc(userActivityLogs.createdAt)).limit(1))[0];

describe("[admin-models] only admins", () => {
  test("an owner is FORBIDDEN on every write and on 'Buscar modelos'; anonymous UNAUTHORIZED", async () => {
    const anon = await new Client(app.base).warmUp();
    for (const c of [owner.client, anon]) {
      const expected = c === anon ? "UNAUTHORIZED" : "FORBIDDEN";
      expect((await c.trpc.adminCredits.models.list.query()).error?.code).toBe(expected);
      expect((await c.trpc.adminCredits.models.create.mutate(price())).error?.code).toBe(expected);
      expect((await c.trpc.adminCredits.models.fetchFromProviders.mutate()).error?.code).toBe(expected);
    }
    expect(await app.deps.db.select().from(modelPricing).where(eq(modelPricing.modelId, "gpt-teste-1"))).toEqual([]);
    expect(fake.requests.filter((r) => r.path === "/v1/models")).toEqual([]);
  });
});

describe("[admin-models] price editor", () => {
  test("create, refuse a duplicate and bad numbers, edit, deactivate and delete, each audited", async () => {
    const created = await admin.trpc.adminCredits.models.create.mutate(price());
    expect(created.data).toMatchObject({ provider: "openai", modelId: "gpt-teste-1", inputPricePer1k: 0.5, creditsPerInteraction: 2, isActive: true });
    const id = created.data.id;
    expect(await lastAudit("model_pricing.created")).toMatchObject({ userId: adminId, resourceId: id, category: "admin" });

    const dup = await admin.trpc.adminCredits.models.create.mutate(price({ displayName: "Outro nome" }));
    expect(dup.error).toMatchObject({ code: "CONFLICT", message: "Já existe um preço para este modelo deste provedor" });
    const bad: [Record<string, unknown>, string][] = [
      [{ inputPricePer1k: -1 }, "Preço de entrada não pode ser negativo"],
      [{ outputPricePer1k: 1001 }, "Preço de saída deve ser no máximo US$ 1.000 por 1k tokens"],
      [{ creditsPerInteraction: -0.5 }, "Créditos por interação não pode ser negativo"],
      [{ displayName: "G" }, "Nome deve ter pelo menos 2 caracteres"],
      [{ modelId: "  " }, "Modelo é obrigatório"],
      [{ provider: "Open AI!" }, "Identificador do provedor inválido"],
    ];
    for (const [over, message] of bad) {
      const r = await admin.trpc.adminCredits.models.create.mutate(price({ modelId: "gpt-ruim", ...over }));
      expect(r.status).toBe(400);
      expect(r.error?.message).toBe(message);
    }

    const edited = await admin.trpc.adminCredits.models.update.mutate({ id, ...price({ outputPricePer1k: 2, supportsVision: true }) });
    expect(edited.data).toMatchObject({ outputPricePer1k: 2, supportsVision: true });
    expect(await lastAudit("model_pricing.updated")).toMatchObject({ oldValues: { outputPricePer1k: 1.5, supportsVision: false }, newValues: { outputPricePer1k: 2, supportsVision: true } });
    const off = await admin.trpc.adminCredits.models.setActive.mutate({ id, isActive: false });
    expect(off.data.isActive).toBe(false);

    const removed = await admin.trpc.adminCredits.models.remove.mutate({ id });
    expect(removed.ok).toBe(true);
    expect((await admin.trpc.adminCredits.models.list.query()).data.some((r) => r.id === id)).toBe(false);
    expect(await lastAudit("model_pricing.deleted")).toMatchObject({ userId: adminId, resourceId: id, oldValues: { modelId: "gpt-teste-1" } });
    const again = await admin.trpc.adminCredits.models.remove.mutate({ id });
    expect(again.error).toMatchObject({ code: "NOT_FOUND", message: "Preço de modelo não encontrado" });
  });

  test("a saved price is used by the very next debit: the 30 s price cache is dropped", async () => {
    const usage = { inputTokens: 2000, outputTokens: 1000 };
    const row = must((await admin.trpc.adminCredits.models.list.query()).data.find((r) => r.provider === "openai" && r.modelId === "gpt-4o-mini"));
    const warm = await priceCall(app.deps.db, "openai", "gpt-4o-mini", usage);
    // Seeded: US$ 0.00015 / 0.0006 per 1k → 0.0003 + 0.0006 = US$ 0.0009 → 0.9 credit, below the 1-credit minimum.
    expect(warm.creditsMilli).toBe(1000);
    const { id, createdAt: _c, updatedAt: _u, ...fields } = row;
    expect((await admin.trpc.adminCredits.models.update.mutate({ id, ...fields, inputPricePer1k: 1, outputPricePer1k: 3 })).ok).toBe(true);
    // (2 × US$ 1 + 1 × US$ 3) × 1000 credits per dollar = 5000 credits.
    expect((await priceCall(app.deps.db, "openai", "gpt-4o-mini", usage)).creditsMilli).toBe(5_000_000);

    // And through a real turn: the ledger row is priced from the tokens at the new price.
    await setWallet(app, owner.workspaceId, { regular: 1_000_000 });
    const res = await chat(app, agent.id, { message: "Qual é o horário de atendimento?", chatHistory: [] });
    expect(res.status).toBe(200);
    const tx = (await ledger(app, owner.workspaceId)).at(-1);
    const t = must(tx, "the turn's ledger row");
    expect(t.modelUsed).toBe("gpt-4o-mini");
    expect(t.creditsConsumed).toBe(Math.max(1000, Math.ceil(t.inputTokens * 1000 + t.outputTokens * 3000)));
    await admin.trpc.adminCredits.models.update.mutate({ id, ...fields });
  });

  test("a deactivated price takes its model out of the agent editor's choices until it is active again", async () => {
    const offered = async () => (await owner.client.trpc.agents.models.query()).data.providers.find((p) => p.provider === "openai")?.models;
    expect(await offered()).toContain("gpt-4o-mini");
    const row = must((await admin.trpc.adminCredits.models.list.query()).data.find((r) => r.provider === "openai" && r.modelId === "gpt-4o-mini"));
    expect((await admin.trpc.adminCredits.models.setActive.mutate({ id: row.id, isActive: false })).data.isActive).toBe(false);
    expect(await offered()).not.toContain("gpt-4o-mini");
    expect((await admin.trpc.adminCredits.models.setActive.mutate({ id: row.id, isActive: true })).data.isActive).toBe(true);
    expect(await offered()).toContain("gpt-4o-mini");
  });

  test("'Buscar modelos' lists the provider's models, marking those already priced", async () => {
    const res = await admin.trpc.adminCredits.models.fetchFromProviders.mutate();
    expect(res.ok).toBe(true);
    const openai = must(res.data.find((p) => p.provider === "openai"));
    expect(openai.error).toBeNull();
    expect(openai.models).toEqual(
      expect.arrayContaining([
        { id: "gpt-4o-mini", priced: true },
        { id: "whisper-1", priced: false },
      ]),
    );
    expect(fake.requests.some((r) => r.path === "/v1/models")).toBe(true);
    fake.stop();
    const down = await admin.trpc.adminCredits.models.fetchFromProviders.mutate();
    const failed = must(down.data.find((p) => p.provider === "openai"));
    expect(failed.models).toEqual([]);
    expect(failed.error).toEqual(expect.any(String));
  });
});
