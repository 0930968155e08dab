import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { type ConversationSettings, type PersonalitySettings, defaultConversationSettings } from "../../src/schemas/agents";
import type { AgentAiFeatures } from "../../src/schemas/insights";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** An agent and every editor section that is a plain setting (channels and integrations live in their own tables). */
export const agents = sqliteTable(
  "agents",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    avatarUrl: text("avatar_url"),
    activity: text("activity"),
    voiceTone: text("voice_tone"),
    aiProvider: text("ai_provider").notNull().default("openai"),
    aiModel: text("ai_model"),
    personality: text("personality"),
    personalityMode: text("personality_mode", { enum: ["simplificado", "avancado"] }).notNull().default("simplificado"),
    personalityPreset: text("personality_preset"),
    personalitySettings: text("personality_settings", { mode: "json" }).$type<PersonalitySettings>().notNull().default({}),
    agentMission: text("agent_mission"),
    agentAudience: text("agent_audience"),
    specialInstructions: text("special_instructions"),
    unknownResponseMessage: text("unknown_response_message"),
    errorResponseMessage: text("error_response_message"),
    greetingMessage: text("greeting_message"),
    enableCustomErrorResponses: integer("enable_custom_error_responses", { mode: "boolean" }).notNull().default(false),
    avoidedThemes: text("avoided_themes", { mode: "json" }).$type<string[]>().notNull().default([]),
    avoidedWords: text("avoided_words", { mode: "json" }).$type<string[]>().notNull().default([]),
    allowedDomains: text("allowed_domains", { mode: "json" }).$type<string[]>().notNull().default([]),
    customPersonalitySections: text("custom_personality_sections", { mode: "json" }).$type<{ title: string; content: string }[]>().notNull().default([]),
    profileFieldsOrder: text("profile_fields_order", { mode: "json" }).$type<string[]>().notNull().default([]),
    companyName: text("company_name"),
    companyWebsite: text("company_website"),
    companySegment: text("company_segment"),
    companyDetails: text("company_details"),
    conversationSettings: text("conversation_settings", { mode: "json" })
      .$type<ConversationSettings>()
      .notNull()
      .default(defaultConversationSettings),
    /** Issue 18: sentiment, alerts, memory, summaries and tags, each switched on per agent (missing = off; aiFeaturesOf). */
    aiFeatures: text("ai_features", { mode: "json" }).$type<Partial<AgentAiFeatures>>().notNull().default({}),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Set when a downgrade paused the agent (beyond the plan's limit): an upgrade may wake exactly these. */
    pausedByPlanAt: ms("paused_by_plan_at"),
    /** A platform admin stopped this agent (abuse, issue 17): it answers nobody and its owner cannot reactivate it. */
    adminBlockedAt: ms("admin_blocked_at"),
    adminBlockedReason: text("admin_blocked_reason"),
    lastTrainedHash: text("last_trained_hash"),
    /** Bumped on every change of the agent's chunks: in-process indexes and the semantic cache key on it. */
    knowledgeVersion: integer("knowledge_version").notNull().default(0),
    /**
     * Bumped by triggers on every write of the agent's intents and integrations (migration 0012_config_versions): a
     * turn's one version read tells every thread whether its cached copy of them is current.
     */
    configVersion: integer("config_version").notNull().default(0),
    trainingStatus: text("training_status").notNull().default("untrained"),
    trainedAt: ms("trained_at"),
    /** sha256 (64 hex) of the effective config: changes whenever the agent would behave differently. */
    configHash: text("config_hash").notNull().default(""),
    ...timestamps,
  },
  // agents_created_idx: the admin's list of every agent pages by creation without a sort.
  // agents_user_idx: deleting an account hands its agents to each workspace's owner (src/services/account).
  (t) => [index("agents_workspace_idx").on(t.workspaceId), index("agents_created_idx").on(t.createdAt), index("agents_user_idx").on(t.userId)],
);

export const agentIntents = sqliteTable(
  "agent_intents",
  {
    id: id(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    examples: text("examples", { mode: "json" }).$type<string[]>().notNull(),
    parameters: text("parameters", { mode: "json" }).$type<unknown[]>().notNull().default([]),
    action: text("action", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    responseTemplate: text("response_template"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    priority: integer("priority").notNull().default(5),
    ...timestamps,
  },
  (t) => [index("intents_agent_idx").on(t.agentId), index("intents_workspace_idx").on(t.workspaceId)],
);

export const chatFeedback = sqliteTable(
  "chat_feedback",
  {
    id: id(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    userMessage: text("user_message"),
    agentResponse: text("agent_response").notNull(),
    feedbackType: text("feedback_type", { enum: ["like", "dislike"] }).notNull(),
    observation: text("observation"),
    context: text("context", { mode: "json" }).$type<Record<string, unknown>>(),
    weight: real("weight").notNull().default(1),
    resolved: integer("resolved", { mode: "boolean" }).notNull().default(false),
    resolvedAt: ms("resolved_at"),
    resolvedByUserId: text("resolved_by_user_id"),
    /** The training text made from it ("transformar em texto de treinamento"). */
    trainingSourceId: text("training_source_id"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("feedback_agent_idx").on(t.agentId, t.createdAt), index("feedback_workspace_idx").on(t.workspaceId)],
);

/** One customer thread on any channel; usersServed counts these per month. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    channel: text("channel").notNull(),
    /** The channel's identifier of the customer: phone, chat id, user id or web session id. */
    contactKey: text("contact_key").notNull(),
    clientName: text("client_name"),
    clientAvatar: text("client_avatar"),
    clientPhone: text("client_phone"),
    clientEmail: text("client_email"),
    status: text("status").notNull().default("active"),
    assignedToUserId: text("assigned_to_user_id"),
    lastMessageAt: ms("last_message_at"),
    unreadCount: integer("unread_count").notNull().default(0),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    /** The channel connection replies go out on (null for web chat). */
    connectionId: text("connection_id"),
    /** Who answers now: the AI, or a person who took over (the AI stays silent). */
    handledBy: text("handled_by", { enum: ["ai", "human"] }).notNull().default("ai"),
    /** While a person handles it: when the AI may answer again (null = until handed back). */
    aiPausedUntil: ms("ai_paused_until"),
    waitingForUser: integer("waiting_for_user", { mode: "boolean" }).notNull().default(false),
    needsHumanSupport: integer("needs_human_support", { mode: "boolean" }).notNull().default(false),
    needsReview: integer("needs_review", { mode: "boolean" }).notNull().default(false),
    finishedAt: ms("finished_at"),
    executedFollowUpSteps: integer("executed_follow_up_steps").notNull().default(0),
    /** AI replies in the current service, for maxInteractionsPerService. */
    interactionCount: integer("interaction_count").notNull().default(0),
    /** actionOnLimit 'Bloquear por …': the AI ignores the customer until then. */
    blockedUntil: ms("blocked_until"),
    lastCustomerMessageAt: ms("last_customer_message_at"),
    /** Id of the newest customer message already answered (or deliberately left to a person). */
    replyCursor: text("reply_cursor"),
    /**
     * Issue 18: the agent answering now when an orchestration moved the conversation along its rules
     * (null = agentId, the entry agent it came in through; agentId never changes, so a contact's
     * conversation is still found by it).
     */
    activeAgentId: text("active_agent_id"),
    /** The campaign whose message opened (or last reached) this conversation: the inbox tags it. */
    campaignId: text("campaign_id"),
    ...timestamps,
  },
  (t) => [
    // Covers the dashboard's distinct contacts of a month without reading the rows.
    index("conversations_workspace_idx").on(t.workspaceId, t.createdAt, t.contactKey),
    // A contact's newest conversation (web chat, channels) is read off the index.
    index("conversations_agent_contact_idx").on(t.agentId, t.channel, t.contactKey, t.createdAt),
    // The inbox's order (newest activity, then id): a page is read off the index, never sorted.
    index("conversations_inbox_idx").on(t.workspaceId, sql`coalesce(${t.lastMessageAt}, ${t.createdAt})`, t.id),
    // The sidebar badge counts only the matching rows.
    index("conversations_unread_idx").on(t.workspaceId).where(sql`unread_count > 0`),
    index("conversations_needs_human_idx").on(t.workspaceId).where(sql`needs_human_support = 1 AND status = 'active'`),
    index("conversations_connection_contact_idx").on(t.connectionId, t.contactKey),
    // An agent's last activity (admin agents list) is the first entry of its slice.
    index("conversations_agent_activity_idx").on(t.agentId, t.lastMessageAt),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    senderId: text("sender_id"),
    senderType: text("sender_type", { enum: ["customer", "agent", "human", "system"] }).notNull(),
    senderName: text("sender_name"),
    content: text("content").notNull(),
    messageType: text("message_type").notNull().default("text"),
    /** ref: the provider's handle to download an inbound file; url: where an outbound file is. */
    attachments: text("attachments", { mode: "json" }).$type<{ type: string; mime?: string; size?: number; ref?: string; url?: string; fileName?: string }[]>(),
    /** What the AI used: model, tokens, credits, latency, sources, tools. */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    sentAt: ms("sent_at")
      .notNull()
      .$defaultFn(() => Date.now()),
    /** The channel's id of this message (inbound: idempotency; outbound: set once sent, statuses match on it). */
    providerMessageId: text("provider_message_id"),
    /** Outbound only: pending (in the outbox) → sent → delivered → read, or failed / skipped. */
    deliveryStatus: text("delivery_status", { enum: ["pending", "sent", "delivered", "read", "failed", "skipped"] }),
    deliveryError: text("delivery_error"),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.sentAt, t.id),
    // The thread's pages (newest id first).
    index("messages_thread_idx").on(t.conversationId, t.id),
    // Partial: a web chat message has neither a provider id nor a delivery, and each index a row
    // enters is a page more for its commit (bench/chat.ts, issue 12). "= ?" on the column implies
    // the condition, so the lookups by provider id and the outbox still use them.
    index("messages_provider_idx").on(t.providerMessageId).where(sql`${t.providerMessageId} IS NOT NULL`),
    index("messages_outbox_idx").on(t.conversationId, t.id).where(sql`${t.deliveryStatus} = 'pending'`),
    index("messages_workspace_idx").on(t.workspaceId),
  ],
);
