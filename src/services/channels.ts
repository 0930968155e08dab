import { and, asc, eq, sql } from "drizzle-orm";
import { type WhatsAppCloudStoredConfig, channelConnections } from "../../db/schema";
import { AppError } from "../lib/errors";
import { connectWhatsAppInput, connectionIdInput, listConnectionsInput, updateWhatsAppInput } from "../schemas/channels";
import { getAgent, requireFlag } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";

const EDIT = "Você não tem permissão para editar agentes neste workspace";
const NOT_FOUND = "Conexão não encontrada";
const NUMBER_TAKEN = "Este número do WhatsApp já está conectado a um agente";

type Row = typeof channelConnections.$inferSelect;

/** What the editor may see of a connection: ids and flags, never a token or secret. */
function publicConnection(deps: AppDeps, row: Row) {
  return {
    id: row.id,
    agentId: row.agentId,
    channel: row.channel,
    configured: row.configured,
    phoneNumberId: row.config.phoneNumberId,
    businessAccountId: row.config.businessAccountId,
    webhookVerifyToken: row.config.webhookVerifyToken,
    hasAccessToken: Boolean(row.config.accessToken),
    hasAppSecret: Boolean(row.config.appSecret),
    webhookUrl: whatsappWebhookUrl(deps),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const whatsappWebhookUrl = (deps: AppDeps) => `${deps.appUrl}/webhooks/whatsapp`;

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed/i.test(String((err as { cause?: unknown })?.cause ?? err));

export async function listConnections(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  const input = listConnectionsInput.parse(raw);
  const where = input?.agentId
    ? and(eq(channelConnections.workspaceId, scope.id), eq(channelConnections.agentId, input.agentId))
    : eq(channelConnections.workspaceId, scope.id);
  const rows = await ctx.db.select().from(channelConnections).where(where).orderBy(asc(channelConnections.createdAt));
  return rows.map((r) => publicConnection(ctx, r));
}

async function ownedConnection(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const [row] = await ctx.db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.id, id), eq(channelConnections.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

export async function connectWhatsApp(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  requireFlag(scope, "canEditAgents", EDIT);
  const input = connectWhatsAppInput.parse(raw);
  await getAgent(ctx.db, scope, input.agentId);
  const c = input.config;
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
    return publicConnection(ctx, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", NUMBER_TAKEN);
    throw err;
  }
}

export async function updateWhatsApp(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  requireFlag(scope, "canEditAgents", EDIT);
  const input = updateWhatsAppInput.parse(raw);
  const row = await ownedConnection(ctx, scope, input.id);
  const c = input.config;
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
    return publicConnection(ctx, updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", NUMBER_TAKEN);
    throw err;
  }
}

export async function disconnectChannel(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  requireFlag(scope, "canEditAgents", EDIT);
  const { id } = connectionIdInput.parse(raw);
  const deleted = await ctx.db
    .delete(channelConnections)
    .where(and(eq(channelConnections.id, id), eq(channelConnections.workspaceId, scope.id)))
    .returning({ id: channelConnections.id });
  if (!deleted.length) throw new AppError("NOT_FOUND", NOT_FOUND);
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
export async function isWhatsAppVerifyToken(deps: AppDeps, token: string) {
  if (!token) return false;
  const [row] = await deps.db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, "whatsapp_cloud"), sql`json_extract(${channelConnections.config}, '$.webhookVerifyToken') = ${token}`))
    .limit(1);
  return Boolean(row);
}

export async function connectionById(deps: AppDeps, id: string) {
  const [row] = await deps.db.select().from(channelConnections).where(eq(channelConnections.id, id)).limit(1);
  return row ?? null;
}
