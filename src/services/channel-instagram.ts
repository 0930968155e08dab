/**
 * Instagram Direct connections: the token is proven with getAccount before anything is stored,
 * secrets are encrypted, one connection per Instagram business account. Webhook lookups too.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { type InstagramStoredConfig, channelConnections } from "../../db/schema";
import { InstagramApiError, getAccount } from "../adapters/instagram/client";
import { AppError } from "../lib/errors";
import { connectInstagramInput, updateInstagramInput } from "../schemas/channels";
import { getAgent, requireFlag } from "./agents";
import { EDIT, NOT_FOUND, isUniqueViolation, ownedConnection } from "./channel-common";
import { asColumn, instagramConfig, publicConnection } from "./channel-view";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";

const ACCOUNT_TAKEN = "Esta conta do Instagram já está conectada a um agente";

/** Graph refusals of the token or ids → pt-BR; an outage stays retryable for the caller. */
export function instagramError(err: unknown): AppError {
  if (err instanceof InstagramApiError && err.status !== null && err.status < 500 && !err.retryable) {
    return new AppError("VALIDATION", `O Instagram recusou o token ou o ID da conta: ${err.message}`);
  }
  return new AppError("UNAVAILABLE", "Não foi possível falar com o Instagram. Tente novamente.");
}

/** Proves the token reaches the business account; the plain token never touches the db. */
async function verifyAccount(deps: AppDeps, c: Pick<InstagramStoredConfig, "businessId" | "pageId">, accessToken: string) {
  try {
    const { baseUrl, version } = { baseUrl: deps.env.INSTAGRAM_GRAPH_BASE, version: deps.env.INSTAGRAM_GRAPH_VERSION };
    await getAccount({ baseUrl, version, pageId: c.pageId, businessId: c.businessId, accessToken });
  } catch (err) {
    throw instagramError(err);
  }
}

function withConflict<T>(p: Promise<T>): Promise<T> {
  return p.catch((err) => {
    throw isUniqueViolation(err) ? new AppError("CONFLICT", ACCOUNT_TAKEN) : err;
  });
}

export async function connectInstagram(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  requireFlag(scope, "canEditAgents", EDIT);
  const input = connectInstagramInput.parse(raw);
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
    ctx.db
      .insert(channelConnections)
      .values({ workspaceId: scope.id, agentId: input.agentId, channel: "instagram", externalId: input.businessId, config: asColumn(config), configured: true })
      .returning(),
  );
  if (!row) throw new AppError("INTERNAL", "Falha ao salvar a conexão");
  return publicConnection(ctx, row);
}

/** Left-out secrets keep the stored ones; the (new or kept) token is checked again. */
export async function updateInstagram(ctx: ServiceContext, scope: WorkspaceScope, raw: unknown) {
  requireFlag(scope, "canEditAgents", EDIT);
  const input = updateInstagramInput.parse(raw);
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
    ctx.db
      .update(channelConnections)
      .set({ config: asColumn(config), externalId: c.businessId, configured: true, updatedAt: ctx.now() })
      .where(and(eq(channelConnections.id, row.id), eq(channelConnections.workspaceId, scope.id)))
      .returning(),
  );
  if (!updated) throw new AppError("NOT_FOUND", NOT_FOUND);
  return publicConnection(ctx, updated);
}

/** Webhook routing: entry.id is the Instagram account id, or the Page id for Messenger-platform apps. */
export async function instagramConnectionByAccount(deps: AppDeps, accountId: string) {
  const [row] = await deps.db
    .select()
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.channel, "instagram"),
        or(eq(channelConnections.externalId, accountId), sql`json_extract(${channelConnections.config}, '$.pageId') = ${accountId}`),
      ),
    )
    .limit(1);
  return row ?? null;
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
