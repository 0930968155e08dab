import { z } from "zod";
import { providerFields } from "./admin";

/**
 * Inputs of adminCredits.* (issue 17): the grant history's filters, the credit system config and
 * the model price editor, shared by routers/admin-credits.ts and the admin screens. The grant
 * itself is creditGrantInput (src/schemas/workspaces.ts, SPEC §5).
 */
const uuid = z.uuid({ message: "deve ser um UUID válido" });

export const workspaceSearchInput = z.object({
  search: z.string().trim().max(100, "Busca deve ter no máximo 100 caracteres").default(""),
});

export const workspaceIdInput = z.object({ workspaceId: uuid });

export const GRANT_PERIODS = ["7d", "30d", "90d", "365d", "all"] as const;
export type GrantPeriod = (typeof GRANT_PERIODS)[number];

export const grantHistoryInput = z.object({
  workspaceId: uuid.optional(),
  period: z.enum(GRANT_PERIODS, { message: "Período inválido" }).default("all"),
  search: z.string().trim().max(100, "Busca deve ter no máximo 100 caracteres").default(""),
  page: z.number().int().min(1, "Página inválida").max(10_000, "Página inválida").default(1),
  pageSize: z.number().int().min(5).max(100).default(20),
});
export type GrantHistoryInput = z.output<typeof grantHistoryInput>;

export const creditConfigInput = z.object({
  creditsPerUsd: z
    .number({ message: "Créditos por dólar é obrigatório" })
    .int("Créditos por dólar deve ser um número inteiro")
    .min(1, "Mínimo 1 crédito por dólar")
    .max(1_000_000, "Máximo 1.000.000 créditos por dólar"),
  usdToBrlRate: z
    .number({ message: "Cotação é obrigatória" })
    .min(0.01, "A cotação deve ser de pelo menos R$ 0,01")
    .max(100, "A cotação deve ser de no máximo R$ 100,00"),
  autoUpdateExchangeRate: z.boolean(),
});
export type CreditConfigInput = z.output<typeof creditConfigInput>;

const price = (label: string) =>
  z
    .number({ message: `${label} é obrigatório` })
    .min(0, `${label} não pode ser negativo`)
    .max(1000, `${label} deve ser no máximo US$ 1.000 por 1k tokens`);

/** One model's price (SPEC §3 model_pricing): USD per 1k tokens, a minimum in credits per call. */
export const modelPricingFields = z.object({
  provider: providerFields.provider,
  modelId: z.string().trim().min(1, "Modelo é obrigatório").max(100, "Modelo deve ter no máximo 100 caracteres"),
  displayName: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(100, "Nome deve ter no máximo 100 caracteres"),
  inputPricePer1k: price("Preço de entrada"),
  outputPricePer1k: price("Preço de saída"),
  creditsPerInteraction: z
    .number({ message: "Créditos por interação é obrigatório" })
    .min(0, "Créditos por interação não pode ser negativo")
    .max(1000, "Créditos por interação deve ser no máximo 1000"),
  supportsVision: z.boolean(),
  supportsFunctionCalling: z.boolean(),
  isActive: z.boolean(),
});
export type ModelPricingValues = z.output<typeof modelPricingFields>;

export const modelPricingUpdateInput = modelPricingFields.extend({ id: uuid });
export const modelPricingIdInput = z.object({ id: uuid });
export const modelPricingActiveInput = z.object({ id: uuid, isActive: z.boolean() });
