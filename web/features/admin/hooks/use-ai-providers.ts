import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import type { AppRouter } from "../../../../routers/_app";
import { providerFields } from "../../../../src/schemas/admin";

export type Provider = inferRouterOutputs<AppRouter>["admin"]["ai"]["list"][number];
export type TestResult = inferRouterOutputs<AppRouter>["admin"]["ai"]["test"];

/** A provider can answer when it is active and has a key, or a base URL of a keyless server. */
export const isUsable = (p: Provider) => p.isActive && (p.hasApiKey || !!p.baseUrl);

/** The form's shape over the server's own field rules (src/schemas/admin.ts). */
export const providerForm = z.object({
  ...providerFields,
  baseUrl: z.union([z.literal(""), providerFields.baseUrl]),
  selectedModels: z.array(z.string()).max(100),
  removeKey: z.boolean(),
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
