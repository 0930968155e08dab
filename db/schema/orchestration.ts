import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { HandoffContext, RouterManualRule, RuleCondition } from "../../src/schemas/orchestration";
import { id, ms, timestamps } from "./_columns";
import { agents, conversations } from "./agents";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Multi-agent orchestration (issue 18, SPEC §3 Orchestration): agents joined by rules, a router per
 * channel kind, every routing decision, and handoffs between agents and people.
 */
export const orchestrations = sqliteTable(
  "orchestrations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Free settings of the graph (viewport…) and of transfers. */
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("orchestrations_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** An agent of an orchestration: one of them is the entry point; position is its place on the graph. */
export const orchestrationAgents = sqliteTable(
  "orchestration_agents",
  {
    id: id(),
    orchestrationId: text("orchestration_id")
      .notNull()
      .references(() => orchestrations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    isEntryPoint: integer("is_entry_point", { mode: "boolean" }).notNull().default(false),
    position: text("position", { mode: "json" }).$type<{ x: number; y: number }>().notNull().default({ x: 0, y: 0 }),
    /** What this agent handles, in words: the router's model reads it to choose. */
    role: text("role"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  // orchestration_agents_agent_idx: a turn finds its agent's orchestrations (entry or member) off the index.
  (t) => [uniqueIndex("orchestration_agents_unique_idx").on(t.orchestrationId, t.agentId), index("orchestration_agents_agent_idx").on(t.agentId, t.isEntryPoint)],
);

/** A rule moves a conversation from one agent to another when its conditions hold (priority 1–10, highest first). */
export const orchestrationRules = sqliteTable(
  "orchestration_rules",
  {
    id: id(),
    orchestrationId: text("orchestration_id")
      .notNull()
      .references(() => orchestrations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fromAgentId: text("from_agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    toAgentId: text("to_agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    priority: integer("priority").notNull().default(5),
    conditions: text("conditions", { mode: "json" }).$type<RuleCondition[]>().notNull().default([]),
    conditionMode: text("condition_mode", { enum: ["all", "any"] }).notNull().default("all"),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index("orchestration_rules_from_idx").on(t.orchestrationId, t.fromAgentId, t.priority)],
);

/** SPEC §3 Router: one per orchestration and channel kind (whatsapp, telegram, instagram, widget). */
export const channelRouters = sqliteTable(
  "channel_routers",
  {
    id: id(),
    orchestrationId: text("orchestration_id")
      .notNull()
      .references(() => orchestrations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["whatsapp", "telegram", "instagram", "widget"] }).notNull(),
    aiEnabled: integer("ai_enabled", { mode: "boolean" }).notNull().default(true),
    aiConfidenceThreshold: real("ai_confidence_threshold").notNull().default(0.8),
    /** Null: the entry agent's model. */
    aiModel: text("ai_model"),
    manualRules: text("manual_rules", { mode: "json" }).$type<RouterManualRule[]>().notNull().default([]),
    /** Null: the entry agent. */
    defaultAgentId: text("default_agent_id").references(() => agents.id, { onDelete: "set null" }),
    /** Below the threshold: the default agent answers, or a person is called. */
    lowConfidenceAction: text("low_confidence_action", { enum: ["default_agent", "human"] }).notNull().default("default_agent"),
    ...timestamps,
  },
  (t) => [uniqueIndex("channel_routers_unique_idx").on(t.orchestrationId, t.channel)],
);

/** Every routing decision of a turn: who was chosen, how sure, by which rule or the model, and why. */
export const routingDecisions = sqliteTable(
  "routing_decisions",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    orchestrationId: text("orchestration_id")
      .notNull()
      .references(() => orchestrations.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    fromAgentId: text("from_agent_id"),
    /** Null when a person was called. */
    chosenAgentId: text("chosen_agent_id"),
    method: text("method", { enum: ["entry", "stay", "rule", "manual_rule", "model", "default", "human"] }).notNull(),
    ruleId: text("rule_id"),
    confidence: real("confidence"),
    reason: text("reason").notNull().default(""),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index("routing_decisions_orchestration_idx").on(t.orchestrationId, t.createdAt),
    index("routing_decisions_conversation_idx").on(t.conversationId, t.createdAt),
    // The page's keyset (id desc; ids are UUIDv7, time-ordered) walks this index without a sort.
    index("routing_decisions_orchestration_id_idx").on(t.orchestrationId, t.id),
  ],
);

/** Decisions per agent and method, kept by the decision's own write (the page never counts the log). */
export const routingCounters = sqliteTable(
  "routing_counters",
  {
    orchestrationId: text("orchestration_id")
      .notNull()
      .references(() => orchestrations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** '' for "a person". */
    agentId: text("agent_id").notNull(),
    method: text("method").notNull(),
    count: integer("count").notNull().default(0),
    lastAt: ms("last_at"),
  },
  (t) => [primaryKey({ columns: [t.orchestrationId, t.agentId, t.method] })],
);

/** A handoff (SPEC §3/§4): between agents (completed at once) or to a person (pending → accepted → completed, or expired). */
export const handoffs = sqliteTable(
  "handoffs",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    fromType: text("from_type", { enum: ["agent", "human"] }).notNull(),
    fromAgentId: text("from_agent_id"),
    fromUserId: text("from_user_id"),
    toType: text("to_type", { enum: ["agent", "human"] }).notNull(),
    toAgentId: text("to_agent_id"),
    /** The person who accepted it (SPEC "human user"). */
    humanUserId: text("human_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: ["manual", "low_confidence", "escalation", "timeout", "user_request"] }).notNull(),
    confidenceScore: real("confidence_score"),
    notes: text("notes"),
    context: text("context", { mode: "json" }).$type<HandoffContext>().notNull().default({}),
    status: text("status", { enum: ["pending", "accepted", "completed", "expired", "canceled"] })
      .notNull()
      .default("pending"),
    /** Pending to a person: when nobody accepting it counts as a timeout. */
    expiresAt: ms("expires_at"),
    acceptedAt: ms("accepted_at"),
    completedAt: ms("completed_at"),
    ...timestamps,
  },
  (t) => [
    index("handoffs_conversation_idx").on(t.conversationId, t.createdAt),
    index("handoffs_workspace_idx").on(t.workspaceId, t.createdAt),
    // The inbox badge counts only the pending ones.
    index("handoffs_pending_idx").on(t.workspaceId).where(sql`status = 'pending'`),
  ],
);

/** A workspace's handoff settings: who is told, how long a person has to accept, what happens then. */
export const handoffSettings = sqliteTable("handoff_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  acceptTimeoutMinutes: integer("accept_timeout_minutes").notNull().default(10),
  onTimeout: text("on_timeout", { enum: ["resume_ai", "keep_waiting"] }).notNull().default("resume_ai"),
  timeoutMessage: text("timeout_message"),
  notifyEmail: integer("notify_email", { mode: "boolean" }).notNull().default(false),
  /** An optional WhatsApp number (E.164) told of each handoff to a person, through notifyConnectionId. */
  notifyWhatsappNumber: text("notify_whatsapp_number"),
  notifyConnectionId: text("notify_connection_id"),
  updatedAt: ms("updated_at")
    .notNull()
    .$defaultFn(() => Date.now()),
});
