/** What the editor may see of a channel connection (ids, flags, URLs), never a token or secret. */
import type {
  ConnectionTestFields,
  InstagramStoredConfig,
  TelegramStoredConfig,
  UazapiStoredConfig,
  WhatsAppCloudStoredConfig,
  channelConnections,
} from "../../db/schema";
import type { AppDeps } from "./context";

type Row = typeof channelConnections.$inferSelect;

/** The config column is typed for WhatsApp Cloud; each channel's row stores its own shape. */
export const telegramConfig = (row: Row) => row.config as unknown as TelegramStoredConfig;
export const uazapiConfig = (row: Row) => row.config as unknown as UazapiStoredConfig;
export const instagramConfig = (row: Row) => row.config as unknown as InstagramStoredConfig;
const testFields = (row: Row) => row.config as unknown as ConnectionTestFields;
/** Any channel's stored shape as the column's declared type (the JSON column is typed for WhatsApp). */
export const asColumn = (config: TelegramStoredConfig | UazapiStoredConfig | InstagramStoredConfig) => config as unknown as WhatsAppCloudStoredConfig;

export const whatsappWebhookUrl = (deps: AppDeps) => `${deps.appUrl}/webhooks/whatsapp`;
export const telegramWebhookUrl = (deps: AppDeps, connectionId: string) => `${deps.appUrl}/webhooks/telegram/${connectionId}`;
export const instagramWebhookUrl = (deps: AppDeps) => `${deps.appUrl}/webhooks/instagram`;
/** Carries the connection's secret: registered on the UAZAPI server, never shown. */
export const uazapiWebhookUrl = (deps: AppDeps, connectionId: string, secret: string) => `${deps.appUrl}/webhooks/uazapi/${connectionId}/${secret}`;

function common(row: Row) {
  const t = testFields(row);
  return {
    id: row.id,
    agentId: row.agentId,
    configured: row.configured,
    lastTestedAt: t.lastTestedAt ?? null,
    testStatus: t.testStatus ?? null,
    testMessage: t.testMessage ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function publicConnection(deps: AppDeps, row: Row) {
  if (row.channel === "telegram") {
    const c = telegramConfig(row);
    return {
      ...common(row),
      channel: "telegram" as const,
      botId: row.externalId,
      botUsername: c.botUsername,
      hasBotToken: Boolean(c.botToken),
      webhookUrl: telegramWebhookUrl(deps, row.id),
      webhookMode: c.mode !== "polling",
      mode: c.mode ?? "webhook",
    };
  }
  if (row.channel === "whatsapp_uaz") {
    const c = uazapiConfig(row);
    return {
      ...common(row),
      channel: "whatsapp_uaz" as const,
      // The platform gateway's address is the operator's, not the workspace's to see.
      serverUrl: c.viaPlatform ? null : c.serverUrl,
      viaPlatform: c.viaPlatform === true,
      instanceName: c.instanceName,
      phoneNumber: c.phoneNumber,
      sessionActive: c.sessionActive,
      hasAdminToken: Boolean(c.adminToken),
      hasInstanceToken: Boolean(c.instanceToken),
    };
  }
  if (row.channel === "instagram") {
    const c = instagramConfig(row);
    return {
      ...common(row),
      channel: "instagram" as const,
      businessId: c.businessId,
      pageId: c.pageId,
      webhookVerifyToken: c.webhookVerifyToken,
      hasAccessToken: Boolean(c.accessToken),
      hasAppSecret: Boolean(c.appSecret),
      webhookUrl: instagramWebhookUrl(deps),
    };
  }
  return {
    ...common(row),
    channel: "whatsapp_cloud" as const,
    phoneNumberId: row.config.phoneNumberId,
    businessAccountId: row.config.businessAccountId,
    webhookVerifyToken: row.config.webhookVerifyToken,
    hasAccessToken: Boolean(row.config.accessToken),
    hasAppSecret: Boolean(row.config.appSecret),
    webhookUrl: whatsappWebhookUrl(deps),
  };
}
