import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { agents } from "./agents";
import { workspaces } from "./workspaces";

/** WhatsApp Cloud API settings as stored: the access token and app secret are SecretBox ciphertexts. */
export type WhatsAppCloudStoredConfig = {
  accessToken: string;
  appSecret: string;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
};

/** Telegram bot settings as stored: the bot token and webhook secret are SecretBox ciphertexts. */
export type TelegramStoredConfig = {
  botToken: string;
  botUsername: string | null;
  webhookSecret: string;
  /** webhook when the product has a public https URL, polling (getUpdates by the worker) otherwise. */
  mode?: "webhook" | "polling";
  /** Polling: the next update_id to ask for (last seen + 1). */
  pollOffset?: number;
};

/** WhatsApp through an own UAZAPI server: tokens and the webhook path secret are SecretBox ciphertexts. */
export type UazapiStoredConfig = {
  serverUrl: string;
  adminToken: string;
  instanceName: string;
  instanceToken: string;
  phoneNumber: string | null;
  sessionActive: boolean;
  /** UAZAPI signs nothing: its webhook URL carries this secret. */
  webhookSecret: string;
  /** The product created the instance (admin token): disconnecting deletes it; a given instance is left alone. */
  createdByUs?: boolean;
  /** Connected through the platform's gateway (/admin/uazapi): counts against the workspace's instance limit. */
  viaPlatform?: boolean;
};

/** Instagram messaging: the access token and app secret are SecretBox ciphertexts. */
export type InstagramStoredConfig = {
  accessToken: string;
  appSecret: string;
  businessId: string;
  pageId: string;
  webhookVerifyToken: string;
};

/** The last "Testar conexão" of any channel, kept in the same JSON (json_set, never a rewrite). */
export type ConnectionTestFields = { lastTestedAt?: number; testStatus?: "ok" | "error"; testMessage?: string };

export type ChannelStoredConfig = (WhatsAppCloudStoredConfig | TelegramStoredConfig | UazapiStoredConfig | InstagramStoredConfig) & ConnectionTestFields;

/** One channel connection of an agent (SPEC §3 channel configs). */
export const channelConnections = sqliteTable(
  "channel_connections",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["whatsapp_cloud", "telegram", "whatsapp_uaz", "instagram"] }).notNull(),
    /** The provider's id of the receiving endpoint (WhatsApp: phone_number_id; Telegram: the bot id); webhooks are routed by it. */
    externalId: text("external_id").notNull(),
    config: text("config", { mode: "json" }).$type<WhatsAppCloudStoredConfig>().notNull(),
    configured: integer("configured", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("channel_connections_workspace_idx").on(t.workspaceId),
    index("channel_connections_agent_idx").on(t.agentId),
    uniqueIndex("channel_connections_external_idx").on(t.channel, t.externalId),
  ],
);

/**
 * Webhook routing keys that live beside a connection's externalId: an Instagram connection is
 * reached by its account id and by its page id. One primary key over (channel, key) makes every
 * key unique across the platform, whichever field it came from, so no connection can claim
 * another's id as its page (or account) and take over its deliveries.
 */
export const channelRoutes = sqliteTable(
  "channel_routes",
  {
    channel: text("channel", { enum: ["instagram"] }).notNull(),
    routeKey: text("route_key").notNull(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => channelConnections.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.channel, t.routeKey] }), index("channel_routes_connection_idx").on(t.connectionId)],
);

/**
 * Every provider message id ever accepted: written in the same transaction as the job, so a
 * redelivery (even after the job completed and released its dedupe key) is ignored forever.
 */
export const inboundMessageIds = sqliteTable(
  "inbound_message_ids",
  {
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    receivedAt: ms("received_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerMessageId] })],
);
