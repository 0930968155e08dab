/**
 * Instagram Direct connections: the token is proven with getAccount, and the page with its linked
 * account, before anything is stored; secrets are encrypted. The account id and the page id are
 * both routing keys (channel_routes), each unique across all connections. Webhook lookups too.
 */
import { and, eq, sql } from "drizzle-orm";
import { type InstagramStoredConfig, channelConnections, channelRoutes } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { InstagramApiError, getAccount, getPageInstagramAccount } from "../adapters/instagram/client";
import { AppError } from "../lib/errors";
import { auditChannel } from "./activity-log/audit";
import type { ConnectInstagram, UpdateInstagram } from "../schemas/channels";
import type { EditorScope } from "./access";
import { getAgent } from "./agents";
import { NOT_FOUND, isUniqueViolation, ownedConnection } from "./channel-common";
import { asColumn, instagramConfig, publicConnection } from "./channel-view";
import { type AppDeps, type ServiceContext, withTransaction } from "./context";

const ACCOUNT_TAKEN = "Esta conta ou página do Instagram já está conectada a um agente";

/** Graph refusals of the token or ids → pt-BR; an outage stays retryable for the caller. */
export function instagramError(err: unknown): AppError {
  if (err instanceof InstagramApiError && err.status !== null && err.status < 500 && !err.retryable) {
    return new AppError("VALIDATION", `O Instagram recusou o token ou o ID da conta: ${err.message}`);
  }
  return new AppError("UNAVAILABLE", "Não foi possível falar com o Instagram. Tente novamente.");
}

/**
 * Proves the token reaches the business account and that the page is linked to that account, so
 * a connection cannot name someone else's id as its page; the plain token never touches the db.
 */
async function verifyAccount(deps: AppDeps, c: Pick<InstagramStoredConfig, "businessId" | "pageId">, accessToken: string) {
  if (c.businessId === c.pageId) throw new AppError("VALIDATION", "O Page ID e o Instagram business ID não podem ser iguais");
  let linked: string | null;
  try {
    const target = { baseUrl: deps.env.INSTAGRAM_GRAPH_BASE, version: deps.env.INSTAGRAM_GRAPH_VERSION, pageId: c.pageId, businessId: c.businessId, accessToken };
    await getAccount(target);
    linked = await getPageInstagramAccount(target);
  } catch (err) {
    throw instagramError(err);
  }
  if (linked !== c.businessId) throw new AppError("VALIDATION", `A página ${c.pageId} não está vinculada à conta do Instagram ${c.businessId}`);
}

/** The connection's routing keys, replaced in the caller's transaction; a key someone else holds violates the primary key. */
async function setRoutes(tx: DbOrTx, connectionId: string, c: Pick<InstagramStoredConfig, "businessId" | "pageId">) {
  await tx.delete(channelRoutes).where(eq(channelRoutes.connectionId, connectionId));
  await tx.insert(channelRoutes).values([c.businessId, c.pageId].map((routeKey) => ({ channel: "instagram" as const, routeKey, connectionId })));
}

function withConflict<T>(p: Promise<T>): Promise<T> {
  return p.catch((err) => {
    throw isUniqueViolation(err) ? new AppError("CONFLICT", ACCOUNT_TAKEN) : err;
  });
}

export async function connectInstagram(ctx: ServiceContext, scope: EditorScope, input: ConnectInstagram) {
  await getAgent(ctx.db, scope, input.agentId);
  await verifyAccount(ctx, input, input.accessToken);
  const config: InstagramStoredConfig = {
    accessToken: ctx.secrets.encrypt(input.accessToken),
    appSecret: ctx.secrets.encrypt(input.appSecret),
    businessId: input.businessId,
    pageId: input.pageId,
    webhookVerifyToken: input.webhookVerifyToken,
  };
  const [row] = await withConflict(
    withTransaction(ctx.db, async (tx) => {
      const rows = await tx
        .insert(channelConnections)
        .values({ workspaceId: scope.id, agentId: input.agentId, channel: "instagram", externalId: input.businessId, config: asColumn(config), configured: true })
        .returning();
      if (rows[0]) await setRoutes(tx, rows[0].id, input);
      return rows;
    }),
  );
  if (!row) throw new AppError("INTERNAL", "Falha ao salvar a conexão");
  await auditChannel(ctx, scope, "connect", row);
  return publicConnection(ctx, row);
}

/** Left-out secrets keep the stored ones; the (new or kept) token is checked again. */
export async function updateInstagram(ctx: ServiceContext, scope: EditorScope, input: UpdateInstagram) {
  const row = await ownedConnection(ctx, scope, input.id, "instagram");
  const stored = instagramConfig(row);
  const c = input.config;
  await verifyAccount(ctx, c, c.accessToken ?? ctx.secrets.decrypt(stored.accessToken));
  const config: InstagramStoredConfig = {
    ...stored,
    businessId: c.businessId,
    pageId: c.pageId,
    webhookVerifyToken: c.webhookVerifyToken,
    accessToken: c.accessToken ? ctx.secrets.encrypt(c.accessToken) : stored.accessToken,
    appSecret: c.appSecret ? ctx.secrets.encrypt(c.appSecret) : stored.appSecret,
  };
  const [updated] = await withConflict(
    withTransaction(ctx.db, async (tx) => {
      const rows = await tx
        .update(channelConnections)
        .set({ config: asColumn(config), externalId: c.businessId, configured: true, updatedAt: ctx.now() })
        .where(and(eq(channelConnections.id, row.id), eq(channelConnections.workspaceId, scope.id)))
        .returning();
      if (rows[0]) await setRoutes(tx, rows[0].id, c);
      return rows;
    }),
  );
  if (!updated) throw new AppError("NOT_FOUND", NOT_FOUND);
  await auditChannel(ctx, scope, "update", updated);
  return publicConnection(ctx, updated);
}

/**
 * Webhook routing: entry.id is the Instagram account id, or the Page id for Messenger-platform apps.
 * Either is one exact key of channel_routes, which names exactly one connection.
 */
export async function instagramConnectionByAccount(deps: AppDeps, accountId: string) {
  const [found] = await deps.db
    .select({ row: channelConnections })
    .from(channelRoutes)
    .innerJoin(channelConnections, eq(channelConnections.id, channelRoutes.connectionId))
    .where(and(eq(channelRoutes.channel, "instagram"), eq(channelRoutes.routeKey, accountId)));
  return found?.row ?? null;
}

/** GET verification: the token must be the verify token of some Instagram connection. */
export async function isInstagramVerifyToken(deps: AppDeps, token: string) {
  if (!token) return false;
  const [row] = await deps.db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, "instagram"), sql`json_extract(${channelConnections.config}, '$.webhookVerifyToken') = ${token}`))
    .limit(1);
  return Boolean(row);
}
