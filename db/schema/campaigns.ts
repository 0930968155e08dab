import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { CampaignPacerState, CampaignSettings, CampaignTemplateChoice } from "../../src/schemas/campaigns/settings";
import { id, ms, timestamps } from "./_columns";
import { conversations } from "./agents";
import { channelConnections } from "./channels";
import { contacts } from "./crm";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * A list of people a campaign goes to (SPEC §3 "Campaign list"). Filled from contacts, a CSV, a
 * Leads Hunter list or typed numbers; its members are campaign_contacts, one per phone.
 */
export const campaignLists = sqliteTable(
  "campaign_lists",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    /** Members, kept by every write that adds or removes them (the list page never counts). */
    contactCount: integer("contact_count").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_lists_name_idx").on(t.workspaceId, t.name), index("campaign_lists_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** One person of a list (SPEC §3 "campaign contact"): phone is E.164 ('+' and 10–15 digits), unique per list. */
export const campaignContacts = sqliteTable(
  "campaign_contacts",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    listId: text("list_id")
      .notNull()
      .references(() => campaignLists.id, { onDelete: "cascade" }),
    /** The CRM contact it came from (or was matched to by phone); its variables fill {{…}}. */
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The Leads Hunter lead it came from. */
    leadId: text("lead_id"),
    name: text("name"),
    phone: text("phone").notNull(),
    company: text("company"),
    role: text("role"),
    city: text("city"),
    /** contacts, csv, leads, manual. */
    source: text("source").notNull().default("manual"),
    validationStatus: text("validation_status", { enum: ["pending", "valid", "invalid"] })
      .notNull()
      .default("pending"),
    /** Extra CSV columns, usable as {{coluna}} in the messages. */
    extra: text("extra", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    uniqueIndex("campaign_contacts_list_phone_idx").on(t.listId, t.phone),
    // The list page's order (oldest first, then id) off the index.
    index("campaign_contacts_list_created_idx").on(t.listId, t.createdAt, t.id),
    index("campaign_contacts_workspace_phone_idx").on(t.workspaceId, t.phone),
  ],
);

/**
 * Numbers that asked not to be contacted ('SAIR', 'PARAR'…): never added to a list, never sent to.
 * Kept by phone, not contact, so a lead or a typed number is covered too.
 */
export const campaignOptOuts = sqliteTable(
  "campaign_opt_outs",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    /** The word the customer wrote, or 'manual'. */
    reason: text("reason").notNull(),
    campaignId: text("campaign_id"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  // "Descadastrados" lists them newest first off the second index.
  (t) => [primaryKey({ columns: [t.workspaceId, t.phone] }), index("campaign_opt_outs_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);

/** Campaign status (SPEC §4: default draft). paused_failures = 'pausada por falhas' (failure detection stopped it). */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "running", "paused", "paused_failures", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    listId: text("list_id").references(() => campaignLists.id, { onDelete: "set null" }),
    /** The WhatsApp connection it sends from (whatsapp_uaz: free text and media; whatsapp_cloud: templates). */
    connectionId: text("connection_id").references(() => channelConnections.id, { onDelete: "set null" }),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    /** Why it stopped or paused (failure detection's reason, the connection gone…), pt-BR. */
    statusReason: text("status_reason"),
    /** The official channel's approved template and how its {{1}}… are filled. */
    template: text("template", { mode: "json" }).$type<CampaignTemplateChoice>(),
    /** Optional image or document sent with the message (own-server WhatsApp). */
    mediaUrl: text("media_url"),
    mediaKind: text("media_kind", { enum: ["image", "document"] }),
    mediaName: text("media_name"),
    /** The §9 anti-block settings (profile + every bound), validated by campaignSettingsSchema. */
    settings: text("settings", { mode: "json" }).$type<CampaignSettings>().notNull(),
    pacerState: text("pacer_state", { mode: "json" }).$type<CampaignPacerState>(),
    startAt: ms("start_at"),
    startedAt: ms("started_at"),
    completedAt: ms("completed_at"),
    /** Sends to make (the list's members when it started, minus opted-out numbers). */
    totalCount: integer("total_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    deliveredCount: integer("delivered_count").notNull().default(0),
    readCount: integer("read_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    respondedCount: integer("responded_count").notNull().default(0),
    convertedCount: integer("converted_count").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("campaigns_workspace_idx").on(t.workspaceId, t.createdAt), index("campaigns_status_idx").on(t.status)],
);

/** The message variants of a campaign (SPEC §5: 1–4096 characters), rotated when rotateContent is on. */
export const campaignMessages = sqliteTable(
  "campaign_messages",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    content: text("content").notNull(),
  },
  (t) => [uniqueIndex("campaign_messages_position_idx").on(t.campaignId, t.position)],
);

/**
 * One message of a campaign to one person (SPEC §3 "Campaign send"). Created for every member when
 * the campaign starts; unique per campaign contact, so a restart never sends twice.
 */
export const campaignSends = sqliteTable(
  "campaign_sends",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    campaignContactId: text("campaign_contact_id").notNull(),
    /** Copied from the campaign: the hour/day caps count per connection across campaigns. */
    connectionId: text("connection_id"),
    phone: text("phone").notNull(),
    /** pending → sending → sent → delivered → read, or failed / skipped (opted out, invalid number). */
    status: text("status", { enum: ["pending", "sending", "sent", "delivered", "read", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    /** Lower first: engaged contacts are moved ahead when prioritizeEngaged is on. */
    priority: integer("priority").notNull().default(0),
    variant: integer("variant"),
    providerMessageId: text("provider_message_id"),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    errorMessage: text("error_message"),
    sentAt: ms("sent_at"),
    deliveredAt: ms("delivered_at"),
    readAt: ms("read_at"),
    respondedAt: ms("responded_at"),
    /** A deal was opened for the contact after the send (conversion). */
    convertedAt: ms("converted_at"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    uniqueIndex("campaign_sends_contact_idx").on(t.campaignId, t.campaignContactId),
    // The pacer's next send: pending rows in priority order, read off the index.
    index("campaign_sends_queue_idx").on(t.campaignId, t.status, t.priority, t.id),
    // The per-connection hour/day caps count sends in a time range.
    index("campaign_sends_connection_sent_idx").on(t.connectionId, t.sentAt),
    index("campaign_sends_provider_idx")
      .on(t.providerMessageId)
      .where(sql`provider_message_id IS NOT NULL`),
    // "Responded": the inbound pipeline finds the open send of a phone.
    index("campaign_sends_phone_idx").on(t.workspaceId, t.phone, t.sentAt),
  ],
);

/** A Leads Hunter list (SPEC §3: source default google_maps, status default active). */
export const leadLists = sqliteTable(
  "lead_lists",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    source: text("source", { enum: ["google_maps", "linkedin", "instagram", "custom"] })
      .notNull()
      .default("google_maps"),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    leadsCount: integer("leads_count").notNull().default(0),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("lead_lists_name_idx").on(t.workspaceId, t.name), index("lead_lists_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** A search that fills a lead list, run as a durable job (SPEC §3 "Jobs": status default pending, progress, leadsFound). */
export const leadSearches = sqliteTable(
  "lead_searches",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    listId: text("list_id")
      .notNull()
      .references(() => leadLists.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    location: text("location"),
    source: text("source", { enum: ["google_maps", "linkedin", "instagram", "custom"] }).notNull(),
    status: text("status", { enum: ["pending", "running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    /** 0–100. */
    progress: integer("progress").notNull().default(0),
    leadsFound: integer("leads_found").notNull().default(0),
    maxResults: integer("max_results").notNull().default(60),
    errorMessage: text("error_message"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("lead_searches_list_idx").on(t.listId, t.createdAt)],
);

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    listId: text("list_id")
      .notNull()
      .references(() => leadLists.id, { onDelete: "cascade" }),
    businessName: text("business_name").notNull(),
    category: text("category"),
    address: text("address"),
    city: text("city"),
    /** E.164 when it parsed as a phone. */
    phone: text("phone"),
    website: text("website"),
    email: text("email"),
    rating: real("rating"),
    reviewsCount: integer("reviews_count"),
    mapUrl: text("map_url"),
    placeId: text("place_id"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    socialProfiles: text("social_profiles", { mode: "json" }).$type<Record<string, string>>(),
    openingHours: text("opening_hours", { mode: "json" }).$type<string[]>(),
    /** null until validated. */
    isValidWhatsApp: integer("is_valid_whatsapp", { mode: "boolean" }),
    /** new, contacted, qualified, discarded. */
    status: text("status").notNull().default("new"),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    exportedToContactsAt: ms("exported_to_contacts_at"),
    exportedToCampaignAt: ms("exported_to_campaign_at"),
    searchId: text("search_id"),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index("leads_list_created_idx").on(t.listId, t.createdAt, t.id),
    uniqueIndex("leads_list_place_idx")
      .on(t.listId, t.placeId)
      .where(sql`place_id IS NOT NULL`),
    uniqueIndex("leads_list_phone_idx")
      .on(t.listId, t.phone)
      .where(sql`phone IS NOT NULL`),
  ],
);

/** A WhatsApp number check (/validation): a batch job through the own-server gateway. */
export const validationRuns = sqliteTable(
  "validation_runs",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectionId: text("connection_id").references(() => channelConnections.id, { onDelete: "set null" }),
    /** What was checked: typed numbers, a campaign list, a lead list or contacts. */
    targetKind: text("target_kind", { enum: ["numbers", "campaign_list", "lead_list", "contacts"] }).notNull(),
    targetId: text("target_id"),
    status: text("status", { enum: ["pending", "running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    totalCount: integer("total_count").notNull().default(0),
    processedCount: integer("processed_count").notNull().default(0),
    validCount: integer("valid_count").notNull().default(0),
    invalidCount: integer("invalid_count").notNull().default(0),
    errorMessage: text("error_message"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("validation_runs_workspace_idx").on(t.workspaceId, t.createdAt)],
);

export const validationResults = sqliteTable(
  "validation_results",
  {
    runId: text("run_id")
      .notNull()
      .references(() => validationRuns.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    /** null while not yet checked. */
    valid: integer("valid", { mode: "boolean" }),
    /** The gateway's WhatsApp id and business name, when it has one. */
    jid: text("jid"),
    verifiedName: text("verified_name"),
    checkedAt: ms("checked_at"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.phone] })],
);
