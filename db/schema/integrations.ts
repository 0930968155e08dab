import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { agents } from "./agents";
import { workspaces } from "./workspaces";

export const integrationKinds = ["dynamic_api", "agendor", "n8n", "google_calendar", "nuvemshop", "notion", "web_search", "email"] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

/**
 * One integration of an agent (SPEC §3: dynamic API, CRM, workflow tool, calendar, e-commerce,
 * notes, web search, email). `config` holds the kind's settings; secret fields inside it are
 * SecretBox ciphertexts (src/integrations/store.ts encrypts the fields each kind declares).
 * `name` tells several of one kind apart (dynamic APIs); single-instance kinds use "default".
 */
export const agentIntegrations = sqliteTable(
  "agent_integrations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: integrationKinds }).notNull(),
    name: text("name").notNull().default("default"),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Kind-specific lifecycle (dynamic API: not_configured → … → ready_for_execution / execution_failed). */
    status: text("status").notNull().default("configured"),
    lastTestedAt: ms("last_tested_at"),
    testStatus: text("test_status", { enum: ["ok", "failed"] }),
    testMessage: text("test_message"),
    lastSyncAt: ms("last_sync_at"),
    ...timestamps,
  },
  (t) => [index("agent_integrations_agent_idx").on(t.agentId), uniqueIndex("agent_integrations_unique_idx").on(t.agentId, t.kind, t.name)],
);
