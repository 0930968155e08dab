import { z } from "zod";

/** Field rules of the admin's AI provider form, shared by routers/admin.ts and the SPA form. */
export const providerFields = {
  provider: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{2,40}$/, "Identificador do provedor inválido"),
  displayName: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(60, "Nome deve ter no máximo 60 caracteres"),
  apiKey: z.string().trim().max(500, "Chave muito longa"),
  baseUrl: z.url({ message: "URL inválida" }),
  isActive: z.boolean(),
  availableModels: z.array(z.string().trim().min(1).max(100)).max(100, "No máximo 100 modelos"),
  selectedModels: z.array(z.string().trim().min(1).max(100)).max(100),
};

/** admin.ai.save: an omitted apiKey keeps the stored one, "" removes it. */
export const aiProviderInput = z.object({
  provider: providerFields.provider,
  displayName: providerFields.displayName,
  apiKey: providerFields.apiKey.nullable().optional(),
  baseUrl: providerFields.baseUrl.nullable().optional(),
  isActive: providerFields.isActive,
  availableModels: providerFields.availableModels,
  selectedModels: providerFields.selectedModels,
});

export const systemPromptInput = z.object({
  content: z.string().trim().min(20, "O prompt deve ter pelo menos 20 caracteres").max(20000, "O prompt deve ter no máximo 20.000 caracteres"),
  changeDescription: z.string().trim().max(500, "A descrição deve ter no máximo 500 caracteres").nullable(),
});
