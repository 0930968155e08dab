import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { agents, conversations, messages } from "./agents";
import { contacts } from "./crm";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Conversation insights (issue 18, SPEC §3 Analytics and memory tables): sentiment per customer
 * message, alert rules and alerts, daily metrics, summaries, contact memory, tags.
 */
export const messageSentiments = sqliteTable(
  "message_sentiments",
  {
    messageId: text("message_id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    agentId: text("agent_id"),
    sentiment: text("sentiment", { enum: ["positive", "neutral", "negative"] }).notNull(),
    /** -1 (very negative) … 1 (very positive). */
    score: real("score").notNull().default(0),
    emotions: text("emotions", { mode: "json" }).$type<string[]>().notNull().default([]),
    intensity: real("intensity").notNull().default(0),
    urgency: text("urgency", { enum: ["low", "medium", "high"] }).notNull().default("low"),
    satisfaction: real("satisfaction"),
    confidence: real("confidence").notNull().default(0),
    source: text("source", { enum: ["model", "lexicon"] }).notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("message_sentiments_conversation_idx").on(t.conversationId, t.createdAt), index("message_sentiments_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** SPEC §9: cooldownMinutes default 30. */
export const alertRules = sqliteTable(
  "alert_rules",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null: every agent of the workspace. */
    agentId: text("agent_id").references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["consecutive_negative", "urgency_high", "keyword", "low_satisfaction"] }).notNull(),
    /** consecutive_negative: how many in a row; low_satisfaction: the bound (0–1). */
    threshold: real("threshold").notNull().default(3),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default([]),
    cooldownMinutes: integer("cooldown_minutes").notNull().default(30),
    triggerHandoff: integer("trigger_handoff", { mode: "boolean" }).notNull().default(false),
    notifyEmail: integer("notify_email", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index("alert_rules_workspace_idx").on(t.workspaceId)],
);

export const sentimentAlerts = sqliteTable(
  "sentiment_alerts",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    ruleId: text("rule_id")
      .notNull()
      .references(() => alertRules.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    agentId: text("agent_id"),
    messageId: text("message_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: ["open", "acknowledged"] }).notNull().default("open"),
    handoffId: text("handoff_id"),
    acknowledgedAt: ms("acknowledged_at"),
    acknowledgedByUserId: text("acknowledged_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  // sentiment_alerts_cooldown_idx: "did this rule fire for this conversation in the last N minutes" is one seek.
  (t) => [index("sentiment_alerts_cooldown_idx").on(t.ruleId, t.conversationId, t.createdAt), index("sentiment_alerts_workspace_idx").on(t.workspaceId, t.createdAt, t.id)],
);

/** The workspace got its default alert rules once: deleting them all does not bring them back. */
export const alertRuleSeeds = sqliteTable("alert_rule_seeds", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  seededAt: ms("seeded_at").notNull(),
});

/** Per agent and São Paulo day, kept by each sentiment's own write (charts read these, never the messages). */
export const sentimentDaily = sqliteTable(
  "sentiment_daily",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").notNull(),
    day: text("day").notNull(),
    positive: integer("positive").notNull().default(0),
    neutral: integer("neutral").notNull().default(0),
    negative: integer("negative").notNull().default(0),
    scoreSum: real("score_sum").notNull().default(0),
    urgent: integer("urgent").notNull().default(0),
    alerts: integer("alerts").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.agentId, t.day] }), index("sentiment_daily_day_idx").on(t.workspaceId, t.day)],
);

/** Written when a conversation is resolved or idle (and before a transfer): shown in the inbox and on the contact. */
export const conversationSummaries = sqliteTable(
  "conversation_summaries",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    agentId: text("agent_id"),
    summary: text("summary").notNull(),
    reason: text("reason", { enum: ["resolved", "idle", "transfer", "manual"] }).notNull(),
    source: text("source", { enum: ["model", "offline"] }).notNull(),
    /** The newest message it covers: a summary is not written twice for the same messages. */
    lastMessageId: text("last_message_id"),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("conversation_summaries_conversation_idx").on(t.conversationId, t.createdAt), index("conversation_summaries_contact_idx").on(t.contactId, t.createdAt)],
);

/** A durable fact the customer told ("tem dois cachorros"): recalled in later conversations on any channel. */
export const contactMemories = sqliteTable(
  "contact_memories",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    fact: text("fact").notNull(),
    /** The fact folded (lowercase, no accents, single spaces): the same fact is not stored twice. */
    factKey: text("fact_key").notNull(),
    category: text("category").notNull().default("geral"),
    source: text("source", { enum: ["extracted", "manual"] }).notNull(),
    confidence: real("confidence").notNull().default(1),
    sourceConversationId: text("source_conversation_id"),
    sourceMessageId: text("source_message_id"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("contact_memories_fact_idx").on(t.contactId, t.factKey), index("contact_memories_contact_idx").on(t.contactId, t.updatedAt)],
);

/** One extraction pass over a customer message (model or patterns): never run twice for the same message. */
export const memoryExtractions = sqliteTable(
  "memory_extractions",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id").notNull(),
    messageId: text("message_id").notNull(),
    contactId: text("contact_id"),
    factsFound: integer("facts_found").notNull().default(0),
    source: text("source", { enum: ["model", "offline"] }).notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex("memory_extractions_message_idx").on(t.messageId)],
);

export const conversationTags = sqliteTable(
  "conversation_tags",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    source: text("source", { enum: ["auto", "manual"] }).notNull().default("auto"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.tag] }), index("conversation_tags_workspace_idx").on(t.workspaceId, t.tag)],
);

/** The workspace's tags by use, kept by each tag's own write. */
export const popularTags = sqliteTable(
  "popular_tags",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    count: integer("count").notNull().default(0),
    lastUsedAt: ms("last_used_at"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.tag] }), index("popular_tags_count_idx").on(t.workspaceId, t.count)],
);
