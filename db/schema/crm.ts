import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { agents, conversations } from "./agents";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * One person the business talks to (SPEC §3 CRM contact). `phone` is E.164 ("+5511987654321") and
 * `email` lower-case: each is unique in a workspace, so two channels or a retry find the same row.
 * Channel ids that are neither (a Telegram chat, an Instagram user, a web session) live in
 * contact_identities.
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    companyName: text("company_name"),
    jobTitle: text("job_title"),
    gender: text("gender"),
    /** ISO date (YYYY-MM-DD): a birthday has no time zone. */
    birthDate: text("birth_date"),
    website: text("website"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country: text("country").notNull().default("Brasil"),
    zipCode: text("zip_code"),
    /** Where the contact came from: whatsapp, telegram, instagram, web_chat, manual, import, api. */
    source: text("source").notNull().default("manual"),
    status: text("status").notNull().default("lead"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    customFields: text("custom_fields", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    notes: text("notes"),
    visibleInFunnel: integer("visible_in_funnel", { mode: "boolean" }).notNull().default(true),
    /** null until checked; set by the WhatsApp channels (a message arrived) or a validation. */
    isValidWhatsApp: integer("is_valid_whatsapp", { mode: "boolean" }),
    lastContactAt: ms("last_contact_at"),
    createdByUserId: text("created_by_user_id"),
    /** The CSV import that created the contact: that import indexed it in contacts_fts, not the insert trigger (0014). */
    importId: text("import_id"),
    ...timestamps,
  },
  (t) => [
    // The list's default order (newest first, then id) is read off the index, never sorted.
    index("contacts_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    // Name order (case-insensitive) and 1–2 letter name prefixes (LIKE is NOCASE) off the index.
    index("contacts_workspace_name_idx").on(t.workspaceId, sql`${t.name} COLLATE NOCASE`, t.id),
    // "Último contato" order: never-contacted (null) last, read off the index.
    index("contacts_workspace_last_contact_idx").on(t.workspaceId, sql`ifnull(${t.lastContactAt}, 0)`, t.id),
    index("contacts_workspace_status_idx").on(t.workspaceId, t.status, t.createdAt),
    uniqueIndex("contacts_phone_idx")
      .on(t.workspaceId, t.phone)
      .where(sql`phone IS NOT NULL`),
    uniqueIndex("contacts_email_idx")
      .on(t.workspaceId, t.email)
      .where(sql`email IS NOT NULL`),
  ],
);

/** A channel's id of a contact that is not a phone or an email (telegram chat, instagram user, web session). */
export const contactIdentities = sqliteTable(
  "contact_identities",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** The channel: telegram, instagram, web_chat, whatsapp, uazapi. */
    channel: text("channel").notNull(),
    externalId: text("external_id").notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex("contact_identities_unique_idx").on(t.workspaceId, t.channel, t.externalId), index("contact_identities_contact_idx").on(t.contactId)],
);

/** A named set of contacts kept for a later campaign ("adicionar à lista"). */
export const contactLists = sqliteTable(
  "contact_lists",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    ...timestamps,
  },
  (t) => [uniqueIndex("contact_lists_name_idx").on(t.workspaceId, t.name)],
);

export const contactListMembers = sqliteTable(
  "contact_list_members",
  {
    listId: text("list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    addedAt: ms("added_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [primaryKey({ columns: [t.listId, t.contactId] }), index("contact_list_members_contact_idx").on(t.contactId)],
);

/** A CSV import, run as a durable job; its file waits in contact_import_files, `report` keeps the refused rows. */
export const contactImports = sqliteTable(
  "contact_imports",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** cancelled: stopped by a person; the rows already written stay. */
    status: text("status", { enum: ["pending", "running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    /** What to do with a row whose phone or email matches an existing contact. */
    onDuplicate: text("on_duplicate", { enum: ["update", "skip"] })
      .notNull()
      .default("skip"),
    /** CSV column → contact field. */
    mapping: text("mapping", { mode: "json" }).$type<Record<string, string>>().notNull(),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    createdCount: integer("created_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    /** Refused rows: the spreadsheet's line number (1 = the header) and the pt-BR reason; capped. */
    report: text("report", { mode: "json" })
      .$type<{ row: number; message: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    error: text("error"),
    completedAt: ms("completed_at"),
    ...timestamps,
  },
  (t) => [index("contact_imports_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * The uploaded file of an import, deleted once the import ends. Apart from contact_imports: the job
 * updates the import's counts after every chunk, and a row holding 15 MB of CSV was rewritten (and
 * read through, to reach the report) each time.
 */
export const contactImportFiles = sqliteTable("contact_import_files", {
  importId: text("import_id")
    .primaryKey()
    .references(() => contactImports.id, { onDelete: "cascade" }),
  csv: text("csv").notNull(),
});

/** SPEC §3 variable definition: a workspace's own variables (the system ones are constants in code). */
export const variableDefinitions = sqliteTable(
  "variable_definitions",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    category: text("category").notNull().default("custom"),
    dataType: text("data_type").notNull().default("string"),
    format: text("format"),
    description: text("description"),
    isSystem: integer("is_system", { mode: "boolean" }).notNull().default(false),
    defaultValue: text("default_value"),
    /** Whether the agent looks for it in conversations. */
    extractable: integer("extractable", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("variable_definitions_name_idx").on(t.workspaceId, t.name)],
);

/** SPEC §3 contact variable: one value per contact and name, with where it came from. */
export const contactVariables = sqliteTable(
  "contact_variables",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    variableName: text("variable_name").notNull(),
    value: text("value").notNull(),
    dataType: text("data_type").notNull().default("string"),
    source: text("source", { enum: ["manual", "extracted", "api", "webhook", "integration"] })
      .notNull()
      .default("manual"),
    confidenceScore: real("confidence_score").notNull().default(1),
    conversationId: text("conversation_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("contact_variables_unique_idx").on(t.contactId, t.variableName), index("contact_variables_workspace_idx").on(t.workspaceId)],
);

/** Every value the agent extracted, applied or not (a manual value is never overwritten). */
export const variableExtractions = sqliteTable(
  "variable_extractions",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id"),
    variableName: text("variable_name").notNull(),
    value: text("value").notNull(),
    confidenceScore: real("confidence_score").notNull(),
    /** llm (a tool call of the model) or pattern (offline matching). */
    method: text("method", { enum: ["llm", "pattern"] }).notNull(),
    applied: integer("applied", { mode: "boolean" }).notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("variable_extractions_contact_idx").on(t.contactId, t.createdAt), index("variable_extractions_workspace_idx").on(t.workspaceId, t.createdAt)],
);

export const pipelines = sqliteTable(
  "pipelines",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Where the agents open deals (autoAddToFunnel); exactly one per workspace. */
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("pipelines_workspace_idx").on(t.workspaceId, t.position),
    // Two first visits at once cannot both create the starting pipeline.
    uniqueIndex("pipelines_default_idx")
      .on(t.workspaceId)
      .where(sql`is_default = 1`),
  ],
);

export const pipelineStages = sqliteTable(
  "pipeline_stages",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull().default("#6B7280"),
    probability: integer("probability").notNull().default(0),
    position: integer("position").notNull().default(0),
    isWon: integer("is_won", { mode: "boolean" }).notNull().default(false),
    isLost: integer("is_lost", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index("pipeline_stages_pipeline_idx").on(t.pipelineId, t.position), index("pipeline_stages_workspace_idx").on(t.workspaceId)],
);

export const deals = sqliteTable(
  "deals",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    stageId: text("stage_id")
      .notNull()
      .references(() => pipelineStages.id),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** Integer centavos. */
    valueCents: integer("value_cents").notNull().default(0),
    currency: text("currency").notNull().default("BRL"),
    /** null = the stage's probability. */
    probability: integer("probability"),
    /** ISO date (YYYY-MM-DD). */
    expectedCloseDate: text("expected_close_date"),
    status: text("status", { enum: ["open", "won", "lost"] })
      .notNull()
      .default("open"),
    lostReason: text("lost_reason"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    notes: text("notes"),
    /** manual, agent, import, api. */
    source: text("source").notNull().default("manual"),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    conversationId: text("conversation_id"),
    /** Order inside the stage's column (smaller first). */
    position: real("position").notNull().default(0),
    /** Bumped by every change: a move carrying an older version is a concurrent edit. */
    version: integer("version").notNull().default(1),
    closedAt: ms("closed_at"),
    createdByUserId: text("created_by_user_id"),
    ...timestamps,
  },
  (t) => [
    // The kanban reads each stage's column in order off this index (a deal's status follows its
    // stage's won/lost flags, so a column never mixes statuses).
    index("deals_board_idx").on(t.stageId, t.position),
    // A column's count, total and weighted forecast read off this index alone (covering).
    index("deals_stage_value_idx").on(t.stageId, t.valueCents, t.probability),
    index("deals_workspace_idx").on(t.workspaceId, t.createdAt),
    index("deals_contact_idx").on(t.contactId),
    index("deals_closed_idx").on(t.workspaceId, t.status, t.closedAt),
    // The funnel's list view: each sort of a pipeline's deals is read off an index (rowid breaks ties).
    index("deals_pipeline_created_idx").on(t.pipelineId, t.createdAt),
    index("deals_pipeline_value_idx").on(t.pipelineId, t.valueCents),
    index("deals_pipeline_title_idx").on(t.pipelineId, sql`${t.title} COLLATE NOCASE`),
    // Deals without a date last.
    index("deals_pipeline_close_idx").on(t.pipelineId, sql`ifnull(${t.expectedCloseDate}, '9999-12-31')`),
  ],
);

export const dealStageHistory = sqliteTable(
  "deal_stage_history",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    fromStageId: text("from_stage_id"),
    toStageId: text("to_stage_id").notNull(),
    /** user (a person), agent (the AI, agentId set) or system (import, automation). */
    actorType: text("actor_type", { enum: ["user", "agent", "system"] }).notNull(),
    userId: text("user_id"),
    agentId: text("agent_id"),
    notes: text("notes"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("deal_stage_history_deal_idx").on(t.dealId, t.createdAt), index("deal_stage_history_workspace_idx").on(t.workspaceId, t.createdAt)],
);

export const dealActivities = sqliteTable(
  "deal_activities",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    dealId: text("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["email", "call", "meeting", "task", "note"] }).notNull(),
    subject: text("subject").notNull(),
    description: text("description"),
    status: text("status", { enum: ["pending", "completed", "cancelled"] })
      .notNull()
      .default("pending"),
    scheduledAt: ms("scheduled_at"),
    /** Minutes. */
    duration: integer("duration"),
    outcome: text("outcome"),
    completedAt: ms("completed_at"),
    createdByUserId: text("created_by_user_id"),
    agentId: text("agent_id"),
    ...timestamps,
  },
  (t) => [
    index("deal_activities_deal_idx").on(t.dealId, t.createdAt),
    index("deal_activities_contact_idx").on(t.contactId, t.createdAt),
    // "Para hoje": pending activities of a workspace by due time.
    index("deal_activities_due_idx").on(t.workspaceId, t.status, t.scheduledAt),
  ],
);

export const dealProducts = sqliteTable(
  "deal_products",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    quantity: real("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** Percent off the line (0–100). */
    discount: real("discount").notNull().default(0),
    /** Percent added on the discounted line (0–100). */
    tax: real("tax").notNull().default(0),
    /** Computed on the server: round(quantity × unitPrice × (1 − discount%) × (1 + tax%)). */
    totalCents: integer("total_cents").notNull(),
    ...timestamps,
  },
  (t) => [index("deal_products_deal_idx").on(t.dealId)],
);

/** Links a conversation to its contact (conversations.contact_id would widen a hot row; this is written once). */
export const conversationContacts = sqliteTable(
  "conversation_contacts",
  {
    conversationId: text("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index("conversation_contacts_contact_idx").on(t.contactId, t.createdAt), index("conversation_contacts_workspace_idx").on(t.workspaceId)],
);
