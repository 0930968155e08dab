import { eq } from "drizzle-orm";
import { aiModelsConfig, modelPricing } from "../../../../db/schema";
import type { DbOrTx } from "../../../../db/client";
import { createLlmClient, describeLlmError } from "../../../adapters/llm/openai-compatible";
import { AppError } from "../../../lib/errors";
import type { ModelPricingValues } from "../../../schemas/admin-credits";
import { changedFields, logActivity } from "../../activity";
import type { AppDeps, ServiceContext } from "../../context";
import { invalidatePricing } from "../../credit-debit";
import { listModelPricing } from "../../credits";

/**
 * /admin/modelos (issue 17): the model price list. Every write drops the debit's price cache, so
 * the next charge on this thread uses the new price at once (other threads: the platform version).
 */
type PricingRow = typeof modelPricing.$inferSelect;

const DUPLICATE = "Já existe um preço para este modelo deste provedor";
const NOT_FOUND = "Preço de modelo não encontrado";

export const listPricing = (db: DbOrTx) => listModelPricing(db);

async function rowById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(modelPricing).where(eq(modelPricing.id, id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

async function assertFree(db: DbOrTx, provider: string, modelId: string, exceptId: string | null) {
  const rows = await db.select({ id: modelPricing.id, provider: modelPricing.provider }).from(modelPricing).where(eq(modelPricing.modelId, modelId));
  if (rows.some((r) => r.provider === provider && r.id !== exceptId)) throw new AppError("CONFLICT", DUPLICATE, { field: "modelId" });
}

const fieldsOf = (r: ModelPricingValues | PricingRow) => ({
  provider: r.provider,
  modelId: r.modelId,
  displayName: r.displayName,
  inputPricePer1k: r.inputPricePer1k,
  outputPricePer1k: r.outputPricePer1k,
  creditsPerInteraction: r.creditsPerInteraction,
  supportsVision: r.supportsVision,
  supportsFunctionCalling: r.supportsFunctionCalling,
  isActive: r.isActive,
});

function audit(ctx: ServiceContext, adminUserId: string, action: string, row: PricingRow, description: string, diff?: ReturnType<typeof changedFields>) {
  return logActivity(ctx.db, ctx.meta, {
    userId: adminUserId,
    action,
    category: "admin",
    resourceType: "model_pricing",
    resourceId: row.id,
    description,
    oldValues: diff?.oldValues ?? null,
    newValues: diff?.newValues ?? (action === "model_pricing.created" ? fieldsOf(row) : null),
  });
}

export async function createPricing(ctx: ServiceContext, adminUserId: string, input: ModelPricingValues) {
  await assertFree(ctx.db, input.provider, input.modelId, null);
  const [row] = await ctx.db.insert(modelPricing).values(fieldsOf(input)).onConflictDoNothing().returning();
  if (!row) throw new AppError("CONFLICT", DUPLICATE, { field: "modelId" });
  invalidatePricing();
  await audit(ctx, adminUserId, "model_pricing.created", row, `Preço do modelo ${row.displayName} (${row.provider}/${row.modelId}) criado`);
  return row;
}

export async function updatePricing(ctx: ServiceContext, adminUserId: string, id: string, input: ModelPricingValues) {
  const before = await rowById(ctx.db, id);
  await assertFree(ctx.db, input.provider, input.modelId, id);
  const [row] = await ctx.db
    .update(modelPricing)
    .set({ ...fieldsOf(input), updatedAt: ctx.now() })
    .where(eq(modelPricing.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  invalidatePricing();
  await audit(ctx, adminUserId, "model_pricing.updated", row, `Preço do modelo ${row.displayName} (${row.provider}/${row.modelId}) alterado`, changedFields(fieldsOf(before), fieldsOf(row)));
  return row;
}

export async function setPricingActive(ctx: ServiceContext, adminUserId: string, id: string, isActive: boolean) {
  const before = await rowById(ctx.db, id);
  return updatePricing(ctx, adminUserId, id, { ...fieldsOf(before), isActive });
}

export async function removePricing(ctx: ServiceContext, adminUserId: string, id: string) {
  const row = await rowById(ctx.db, id);
  await ctx.db.delete(modelPricing).where(eq(modelPricing.id, id));
  invalidatePricing();
  await audit(ctx, adminUserId, "model_pricing.deleted", row, `Preço do modelo ${row.displayName} (${row.provider}/${row.modelId}) excluído`, {
    oldValues: fieldsOf(row),
    newValues: {},
  });
  return { id };
}

/**
 * "Buscar modelos": GET {baseUrl}/models of every active provider (OpenAI-compatible), each model
 * marked when it already has a price. A provider that fails is listed with its pt-BR reason.
 */
export async function fetchProviderModels(deps: AppDeps) {
  const providers = await deps.db.select().from(aiModelsConfig).where(eq(aiModelsConfig.isActive, true));
  const priced = await listModelPricing(deps.db);
  const usable = providers.filter((p) => p.apiKey || p.baseUrl);
  return Promise.all(
    usable.map(async (p) => {
      const client = createLlmClient({ apiKey: p.apiKey ? deps.secrets.decrypt(p.apiKey) : null, baseUrl: p.baseUrl, maxRetries: 0, timeoutMs: 15_000 });
      try {
        const models = await client.listModels();
        return {
          provider: p.provider,
          displayName: p.displayName,
          error: null,
          models: models.slice(0, 500).map((id) => ({ id, priced: priced.some((r) => r.provider === p.provider && r.modelId === id) })),
        };
      } catch (err) {
        return { provider: p.provider, displayName: p.displayName, error: describeLlmError(err), models: [] };
      }
    }),
  );
}
