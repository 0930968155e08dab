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
  (t) => [
    index("agent_integrations_agent_idx").on(t.agentId),
    uniqueIndex("agent_integrations_unique_idx").on(t.agentId, t.kind, t.name),
    index("agent_integrations_workspace_idx").on(t.workspaceId),
  ],
);

/**
 * Platform-wide integration settings an admin sets once (SPEC §3: the Google Calendar OAuth
 * client, the workflow-automation global switch, the web-search provider). One row per key;
 * secret fields inside `value` are SecretBox ciphertexts (src/services/platform-settings.ts).
 */
export const platformSettings = sqliteTable("platform_settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedByUserId: text("updated_by_user_id"),
  updatedAt: ms("updated_at")
    .notNull()
    .$defaultFn(() => Date.now())
    .$onUpdateFn(() => Date.now()),
});

/**
 * Version counters of platform-wide configuration, bumped by triggers (migration 0012_config_versions): the row
 * 'platform' moves on every write of platform_settings, system_prompts, ai_models_config,
 * model_pricing and credit_system_config, so every thread's caches of them notice the next turn.
 */
export const configHeads = sqliteTable("config_heads", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** SPEC §3 calendar event log: every booking, reschedule and cancel, by the AI or a person. */
export const calendarEvents = sqliteTable(
  "calendar_events",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id"),
    googleEventId: text("google_event_id").notNull(),
    calendarId: text("calendar_id").notNull(),
    summary: text("summary").notNull(),
    description: text("description"),
    location: text("location"),
    startAt: ms("start_at").notNull(),
    endAt: ms("end_at").notNull(),
    attendeeEmails: text("attendee_emails", { mode: "json" }).$type<string[]>().notNull().default([]),
    meetLink: text("meet_link"),
    actionType: text("action_type", { enum: ["created", "rescheduled", "cancelled"] }).notNull(),
    previousEventData: text("previous_event_data", { mode: "json" }).$type<Record<string, unknown>>(),
    status: text("status", { enum: ["active", "cancelled"] }).notNull().default("active"),
    createdByAi: integer("created_by_ai", { mode: "boolean" }).notNull().default(true),
    cancelledAt: ms("cancelled_at"),
    userMessage: text("user_message"),
    aiResponse: text("ai_response"),
    ...timestamps,
  },
  (t) => [
    index("calendar_events_agent_idx").on(t.agentId, t.startAt),
    index("calendar_events_agent_created_idx").on(t.agentId, t.createdAt),
    index("calendar_events_google_idx").on(t.googleEventId),
    index("calendar_events_workspace_idx").on(t.workspaceId),
  ],
);

/**
 * What an outside CRM already knows of one customer of an agent (Agendor person, organization
 * and open deal ids), so a second conversation updates instead of duplicating. `customerKey`
 * is the normalized email, else the phone digits, else the conversation's contact key.
 */
export const crmLinks = sqliteTable(
  "crm_links",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    customerKey: text("customer_key").notNull(),
    personId: text("person_id"),
    organizationId: text("organization_id"),
    dealId: text("deal_id"),
    lastSyncAt: ms("last_sync_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("crm_links_customer_idx").on(t.agentId, t.provider, t.customerKey), index("crm_links_workspace_idx").on(t.workspaceId)],
);
