import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";

/** One row per provider (openai, openrouter, ollama, vllm, …), all OpenAI-compatible. */
export const aiModelsConfig = sqliteTable("ai_models_config", {
  id: id(),
  provider: text("provider").notNull().unique(),
  displayName: text("display_name").notNull(),
  /** SecretBox-encrypted ("enc:v1:…"); null for keyless servers such as a local Ollama. */
  apiKey: text("api_key"),
  baseUrl: text("base_url"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  availableModels: text("available_models", { mode: "json" }).$type<string[]>().notNull().default([]),
  selectedModels: text("selected_models", { mode: "json" }).$type<string[]>().notNull().default([]),
  lastTested: ms("last_tested"),
  testStatus: text("test_status", { enum: ["untested", "ok", "failed"] }).notNull().default("untested"),
  errorMessage: text("error_message"),
  ...timestamps,
});

/** The admin's platform system prompt; every save is a new version, the highest is current. */
export const systemPrompts = sqliteTable("system_prompts", {
  id: id(),
  content: text("content").notNull(),
  version: integer("version").notNull().unique(),
  changeDescription: text("change_description"),
  createdBy: text("created_by"),
  createdAt: ms("created_at")
    .notNull()
    .$defaultFn(() => Date.now()),
});
