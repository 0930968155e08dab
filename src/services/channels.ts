import { and, asc, eq, sql } from "drizzle-orm";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type TelegramStoredConfig, type WhatsAppCloudStoredConfig, channelConnections } from "../../db/schema";
import { prepared } from "../../db/prepared";
import { TelegramApiError, deleteWebhook, getMe, setWebhook } from "../adapters/telegram/client";
import { WhatsAppApiError, getPhoneNumber } from "../adapters/whatsapp-cloud/client";
import { forgetSigner } from "../channels/inbound/signer-cache";
import { AppError } from "../lib/errors";
import { auditChannel } from "./activity-log/audit";
import { platformMetaApp } from "./admin/platform/whatsapp";
import { log } from "../lib/logger";
import type { ConnectTelegram, ConnectWhatsApp, ConnectionRef, ListConnections, UpdateWhatsApp } from "../schemas/channels";
import { type EditorScope, holds } from "./access";
import { getAgent } from "./agents";
import { NOT_FOUND, isUniqueViolation, ownedConnection } from "./channel-common";
import { releaseUazapiInstance } from "./channel-uazapi";
import { asColumn, publicConnection, telegramWebhookUrl } from "./channel-view";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";

const NUMBER_TAKEN = "Este número do WhatsApp já está conectado a um agente";

/**
 * GET /{phone-number-id} with the given token before the number is stored, so nobody can claim a
 * number (and lock its owner out) with a token that does not reach it.
 */
async function verifyPhoneNumber(deps: AppDeps, phoneNumberId: string, accessToken: string) {
  let id: string;
  try {
    ({ id } = await getPhoneNumber({ baseUrl: deps.env.WHATSAPP_GRAPH_BASE, version: deps.env.WHATSAPP_GRAPH_VERSION, phoneNumberId, accessToken }));
  } catch (err) {
    if (!(err instanceof WhatsAppApiError) || err.status === null || err.retryable) {
      throw new AppError("UNAVAILABLE", "Não foi possível validar o número com o WhatsApp. Tente novamente.");
    }
    if (err.status === 401 || err.code === 190) throw new AppError("VALIDATION", "O WhatsApp recusou o access token para este Phone number ID");
    throw new AppError("VALIDATION", `O WhatsApp não reconheceu o Phone number ID com este access token: ${err.message}`);
  }
  if (id !== phoneNumberId) throw new AppError("VALIDATION", "O WhatsApp respondeu com outro Phone number ID");
}

type Row = typeof channelConnections.$inferSelect;

export { telegramConfig, telegramWebhookUrl, whatsappWebhookUrl } from "./channel-view";

/** Telegram only delivers webhooks to a public https URL. */
const hasPublicUrl = (deps: AppDeps) => {
  if (!deps.appUrl.startsWith("https://")) return false;
  const host = new URL(deps.appUrl).hostname;
  return !["localhost", "127.0.0.1", "::1", "[::1]"].includes(host);
};

export async function listConnections(ctx: ServiceContext, scope: WorkspaceScope, input: ListConnections) {
  // Another workspace's agent is NOT_FOUND, like every other id, not an empty list.
  if (input?.agentId) await getAgent(ctx.db, scope, input.agentId);
  const where = input?.agentId
    ? and(eq(channelConnections.workspaceId, scope.id), eq(channelConnections.agentId, input.agentId))
    : eq(channelConnections.workspaceId, scope.id);
  const rows = await ctx.db.select().from(channelConnections).where(where).orderBy(asc(channelConnections.createdAt));
  // The Meta verify token is part of the app's credentials: shown to editors, who configure it.
  const editor = holds(scope, "canEditAgents");
  return rows.map((r) => {
    const pub = publicConnection(ctx, r);
    return editor || !("webhookVerifyToken" in pub) ? pub : { ...pub, webhookVerifyToken: null };
  });
}

export async function connectWhatsApp(ctx: ServiceContext, scope: EditorScope, input: ConnectWhatsApp) {
  await getAgent(ctx.db, scope, input.agentId);
  const c = input.config;
  await verifyPhoneNumber(ctx, c.phoneNumberId, c.accessToken);
  const config: WhatsAppCloudStoredConfig = {
    ...c,
    accessToken: ctx.secrets.encrypt(c.accessToken),
    appSecret: ctx.secrets.encrypt(c.appSecret),
  };
  try {
    const [row] = await ctx.db
      .insert(channelConnections)
      .values({ workspaceId: scope.id, agentId: input.agentId, channel: "whatsapp_cloud", externalId: c.phoneNumberId, config, configured: true })
      .returning();
    if (!row) throw new AppError("INTERNAL", "Falha ao salvar a conexão");
    forgetSigner(ctx.db, row.channel, row.externalId);
    await auditChannel(ctx, scope, "connect", row);
    return publicConnection(ctx, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", NUMBER_TAKEN);
    throw err;
  }
}

const BOT_TAKEN = "Este bot do Telegram já está conectado a um agente";

/**
 * Connects a Telegram bot: the token is checked with getMe (a refused token stores nothing), kept
 * encrypted with a random webhook secret; with a public https APP_URL the webhook is registered.
 */
export async function connectTelegram(ctx: ServiceContext, scope: EditorScope, input: ConnectTelegram) {
  await getAgent(ctx.db, scope, input.agentId);
  const target = { baseUrl: ctx.env.TELEGRAM_API_BASE, botToken: input.botToken };
  let bot: Awaited<ReturnType<typeof getMe>>;
  try {
    bot = await getMe(target);
  } catch (err) {
    if (err instanceof TelegramApiError && err.status !== null && err.status < 500 && err.status !== 429) {
      throw new AppError("VALIDATION", "Token do bot inválido: o Telegram recusou este token");
    }
    throw new AppError("UNAVAILABLE", "Não foi possível validar o token com o Telegram. Tente novamente.");
  }
  const webhookSecret = randomBytes(32).toString("base64url");
  const mode = hasPublicUrl(ctx) ? "webhook" : "polling";
  const config: TelegramStoredConfig = {
    botToken: ctx.secrets.encrypt(input.botToken),
    botUsername: bot.username,
    webhookSecret: ctx.secrets.encrypt(webhookSecret),
    mode,
  };
  let row: Row | undefined;
  try {
    [row] = await ctx.db
      .insert(channelConnections)
      .values({
        workspaceId: scope.id,
        agentId: input.agentId,
        channel: "telegram",
        externalId: String(bot.id),
        config: asColumn(config),
        configured: true,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", BOT_TAKEN);
    throw err;
  }
  if (!row) throw new AppError("INTERNAL", "Falha ao salvar a conexão");
  if (mode === "webhook") {
    try {
      await setWebhook(target, telegramWebhookUrl(ctx, row.id), webhookSecret);
    } catch (err) {
      await ctx.db.delete(channelConnections).where(eq(channelConnections.id, row.id));
      throw new AppError("UNAVAILABLE", `O Telegram recusou o webhook: ${err instanceof Error ? err.message : String(err)}`);
    }
  } else {
    // No public https URL: the worker long-polls getUpdates (workers/telegram-poller.ts), which
    // Telegram refuses while a webhook is set, so an old one is removed.
    await deleteWebhook(target).catch((err) => log.warn("telegram deleteWebhook failed", { connectionId: row?.id, error: String(err) }));
  }
  await auditChannel(ctx, scope, "connect", row);
  return publicConnection(ctx, row);
}

export async function updateWhatsApp(ctx: ServiceContext, scope: EditorScope, input: UpdateWhatsApp) {
  const row = await ownedConnection(ctx, scope, input.id);
  if (row.channel !== "whatsapp_cloud") throw new AppError("NOT_FOUND", NOT_FOUND);
  const c = input.config;
  await verifyPhoneNumber(ctx, c.phoneNumberId, c.accessToken ?? ctx.secrets.decrypt(row.config.accessToken));
  const config: WhatsAppCloudStoredConfig = {
    phoneNumberId: c.phoneNumberId,
    businessAccountId: c.businessAccountId,
    webhookVerifyToken: c.webhookVerifyToken,
    accessToken: c.accessToken ? ctx.secrets.encrypt(c.accessToken) : row.config.accessToken,
    appSecret: c.appSecret ? ctx.secrets.encrypt(c.appSecret) : row.config.appSecret,
  };
  try {
    const [updated] = await ctx.db
      .update(channelConnections)
      .set({ config, externalId: c.phoneNumberId, configured: true, updatedAt: ctx.now() })
      .where(and(eq(channelConnections.id, row.id), eq(channelConnections.workspaceId, scope.id)))
      .returning();
    if (!updated) throw new AppError("NOT_FOUND", NOT_FOUND);
    forgetSigner(ctx.db, row.channel, row.externalId);
    forgetSigner(ctx.db, updated.channel, updated.externalId);
    await auditChannel(ctx, scope, "update", updated);
    return publicConnection(ctx, updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", NUMBER_TAKEN);
    throw err;
  }
}

export async function disconnectChannel(ctx: ServiceContext, scope: EditorScope, { id }: ConnectionRef) {
  const deleted = await ctx.db
    .delete(channelConnections)
    .where(and(eq(channelConnections.id, id), eq(channelConnections.workspaceId, scope.id)))
    .returning();
  const row = deleted[0];
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (row.channel === "whatsapp_uaz") await releaseUazapiInstance(ctx, row);
  forgetSigner(ctx.db, row.channel, row.externalId);
  await auditChannel(ctx, scope, "disconnect", row);
  return { ok: true };
}

/** Webhook routing (no workspace yet: the provider's endpoint id decides it). */
export async function whatsappConnectionByPhoneId(deps: AppDeps, phoneNumberId: string) {
  const [row] = await deps.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, "whatsapp_cloud"), eq(channelConnections.externalId, phoneNumberId)))
    .limit(1);
  return row ?? null;
}

/** GET verification: the token must be the verify token of some WhatsApp connection. */
/** Compares a guessed token in constant time (same length first: timingSafeEqual needs it). */
function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function isWhatsAppVerifyToken(deps: AppDeps, token: string) {
  if (!token) return false;
  // The platform's Meta app (/admin/whatsapp-config) subscribes the same URL with its own token.
  const platform = await platformMetaApp(deps);
  if (platform?.verifyToken && safeEqual(platform.verifyToken, token)) return true;
  const [row] = await deps.db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, "whatsapp_cloud"), sql`json_extract(${channelConnections.config}, '$.webhookVerifyToken') = ${token}`))
    .limit(1);
  return Boolean(row);
}

/** Read for every channel message (prepared once per database). */
export async function connectionById(deps: AppDeps, id: string) {
  const q = prepared(deps.db, "channel:connection", (d) => d.select().from(channelConnections).where(eq(channelConnections.id, sql.placeholder("id"))).limit(1).prepare());
  return (await q.all({ id }))[0] ?? null;
}

/** Moves a polled bot's getUpdates offset past a batch that was accepted durably (json_set: the rest of the config is untouched). */
export async function saveTelegramPollOffset(deps: AppDeps, connectionId: string, offset: number): Promise<void> {
  await deps.db
    .update(channelConnections)
    .set({ config: sql`json_set(${channelConnections.config}, '$.pollOffset', ${offset})` })
    .where(eq(channelConnections.id, connectionId));
}
