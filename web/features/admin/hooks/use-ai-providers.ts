import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import type { AppRouter } from "../../../../routers/_app";

export type Provider = inferRouterOutputs<AppRouter>["admin"]["ai"]["list"][number];
export type TestResult = inferRouterOutputs<AppRouter>["admin"]["ai"]["test"];

/** A provider can answer when it is active and has a key, or a base URL of a keyless server. */
export const isUsable = (p: Provider) => p.isActive && (p.hasApiKey || !!p.baseUrl);

/**
 * The same rules and messages as admin.ai.save's input (routers/admin.ts), which is not in
 * src/schemas yet; the server validates again either way.
 */
export const providerForm = z.object({
  provider: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{2,40}$/, "Identificador do provedor inválido"),
  displayName: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(60, "Nome deve ter no máximo 60 caracteres"),
  baseUrl: z.union([z.literal(""), z.url({ message: "URL inválida" })]),
  apiKey: z.string().trim().max(500, "Chave muito longa"),
  removeKey: z.boolean(),
  isActive: z.boolean(),
  availableModels: z.array(z.string().trim().min(1).max(100)).max(100, "No máximo 100 modelos"),
  selectedModels: z.array(z.string()).max(100),
});
export type ProviderDraft = z.input<typeof providerForm>;

export const PROVIDER_PRESETS: { label: string; draft: Partial<ProviderDraft> }[] = [
  { label: "OpenAI", draft: { provider: "openai", displayName: "OpenAI", baseUrl: "", availableModels: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"] } },
  { label: "OpenRouter", draft: { provider: "openrouter", displayName: "OpenRouter", baseUrl: "https://openrouter.ai/api/v1" } },
  { label: "Ollama", draft: { provider: "ollama", displayName: "Ollama (local)", baseUrl: "http://localhost:11434/v1" } },
  { label: "vLLM", draft: { provider: "vllm", displayName: "vLLM", baseUrl: "http://localhost:8000/v1" } },
];

export const emptyProvider = (): ProviderDraft => ({
  provider: "",
  displayName: "",
  baseUrl: "",
  apiKey: "",
  removeKey: false,
  isActive: true,
  availableModels: [],
  selectedModels: [],
});

export const draftFromProvider = (p: Provider): ProviderDraft => ({
  provider: p.provider,
  displayName: p.displayName,
  baseUrl: p.baseUrl ?? "",
  apiKey: "",
  removeKey: false,
  isActive: p.isActive,
  availableModels: p.availableModels,
  selectedModels: p.selectedModels,
});

/** Form → admin.ai.save input: a blank key keeps the stored one (omitted), "remove" sends "". */
export function toSaveInput(d: z.output<typeof providerForm>) {
  return {
    provider: d.provider,
    displayName: d.displayName,
    baseUrl: d.baseUrl || null,
    ...(d.removeKey ? { apiKey: "" } : d.apiKey ? { apiKey: d.apiKey } : {}),
    isActive: d.isActive,
    availableModels: d.availableModels,
    selectedModels: d.selectedModels.filter((m) => d.availableModels.includes(m)),
  };
}
