/**
 * The platform's own-server WhatsApp gateway (/admin/uazapi): a UAZAPI server and admin token the
 * operator runs, which a workspace without its own server may use, up to an instance limit per
 * workspace (the platform default, or the workspace's limitOverrides.uazapiInstances).
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { channelConnections, users, workspaces } from "../../../../db/schema";
import { listInstances } from "../../../adapters/uazapi/client";
import { uazapiFetch } from "../../../channels/targets";
import { AppError } from "../../../lib/errors";
import type { ConnectUazapiPlatform, UazapiPlatformInput } from "../../../schemas/admin-platform";
import type { EditorScope } from "../../access";
import { changedFields, logActivity } from "../../activity";
import { getAgent } from "../../agents";
import { connectUazapi, uazapiError } from "../../channel-uazapi";
import type { AppDeps, ServiceContext } from "../../context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "../../platform-settings";

type Stored = { enabled?: boolean; serverUrl?: string; adminToken?: string; instancesPerWorkspace?: number };

export const DEFAULT_INSTANCES = 1;
const NOT_OFFERED = "O servidor da plataforma não está disponível. Use o seu próprio servidor UAZAPI.";

const actorId = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/** What the admin form shows: the address, the limit and whether a token is stored (never the token). */
export async function getUazapiPlatform(deps: AppDeps) {
  const { value, updatedAt } = await publicPlatformSetting(deps, "uazapi_platform");
  return {
    enabled: value.enabled === true,
    serverUrl: typeof value.serverUrl === "string" ? value.serverUrl : "",
    hasAdminToken: value.hasAdminToken === true,
    instancesPerWorkspace: typeof value.instancesPerWorkspace === "number" ? value.instancesPerWorkspace : DEFAULT_INSTANCES,
    updatedAt,
  };
}

export async function saveUazapiPlatform(ctx: ServiceContext, input: UazapiPlatformInput) {
  const before = await getUazapiPlatform(ctx);
  if (input.enabled && !input.adminToken && !before.hasAdminToken) throw new AppError("VALIDATION", "Informe o admin token do servidor", { field: "adminToken" });
  const serverUrl = new URL(input.serverUrl).href.replace(/\/+$/, "");
  await savePlatformSetting(ctx, "uazapi_platform", { ...input, serverUrl }, actorId(ctx));
  const after = await getUazapiPlatform(ctx);
  const pick = (x: typeof after) => ({ enabled: x.enabled, serverUrl: x.serverUrl, instancesPerWorkspace: x.instancesPerWorkspace });
  const diff = changedFields(pick(before), pick(after));
  await logActivity(ctx.db, ctx.meta, {
    userId: actorId(ctx),
    action: "admin.uazapi_platform.save",
    category: "admin",
    resourceType: "platform_setting",
    resourceId: "uazapi_platform",
    description: input.adminToken ? "Servidor UAZAPI da plataforma salvo (admin token trocado)" : "Servidor UAZAPI da plataforma salvo",
    ...diff,
  });
  return after;
}

/** Lists the server's instances with the admin token: typed values first, the saved ones otherwise. */
export async function testUazapiPlatform(deps: AppDeps, typed: { serverUrl?: string; adminToken?: string }) {
  const saved = await getPlatformSetting<Stored>(deps, "uazapi_platform");
  const serverUrl = typed.serverUrl ?? saved?.serverUrl;
  const adminToken = typed.adminToken ?? saved?.adminToken;
  if (!serverUrl || !adminToken) throw new AppError("VALIDATION", "Informe a URL do servidor e o admin token para testar");
  try {
    const r = await listInstances({ serverUrl, adminToken, fetch: uazapiFetch });
    return { ok: true as const, instances: r.total, connected: r.connected, error: null };
  } catch (err) {
    return { ok: false as const, instances: 0, connected: 0, error: uazapiError(err, "admin").message };
  }
}

/** The workspace's limit of instances on the platform gateway: its override, else the platform default. */
export async function platformInstanceLimit(deps: AppDeps, workspaceId: string, fallback?: number) {
  const [row] = await deps.db.select({ overrides: workspaces.limitOverrides }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  const own = row?.overrides?.uazapiInstances;
  if (typeof own === "number") return own;
  if (fallback !== undefined) return fallback;
  return (await getUazapiPlatform(deps)).instancesPerWorkspace;
}

async function instancesUsed(deps: AppDeps, workspaceId: string) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.workspaceId, workspaceId),
        eq(channelConnections.channel, "whatsapp_uaz"),
        sql`json_extract(${channelConnections.config}, '$.viaPlatform') = 1`,
      ),
    );
  return row?.n ?? 0;
}

/** What the agent's channel card needs to offer the gateway: offered at all, the limit and what is used (no address, no token). */
export async function platformGatewayInfo(deps: AppDeps, workspaceId: string) {
  const saved = await getPlatformSetting<Stored>(deps, "uazapi_platform");
  const available = Boolean(saved?.enabled && saved.serverUrl && saved.adminToken);
  if (!available) return { available: false, limit: 0, used: 0 };
  const limit = await platformInstanceLimit(deps, workspaceId, saved?.instancesPerWorkspace ?? DEFAULT_INSTANCES);
  return { available: true, limit, used: await instancesUsed(deps, workspaceId) };
}

/** One connect at a time per workspace in this process: two at once could both pass the limit check. */
const locks = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(fn);
  locks.set(key, run);
  try {
    return await run;
  } finally {
    if (locks.get(key) === run) locks.delete(key);
  }
}

/** The own-server connect flow on the platform's server and admin token, within the workspace's instance limit. */
export async function connectUazapiViaPlatform(ctx: ServiceContext, scope: EditorScope, input: ConnectUazapiPlatform) {
  // Another workspace's agent is "not found" before anything about the gateway is said.
  await getAgent(ctx.db, scope, input.agentId);
  return oneAtATime(`uaz-platform:${scope.id}`, async () => {
    const saved = await getPlatformSetting<Stored>(ctx, "uazapi_platform");
    if (!saved?.enabled || !saved.serverUrl || !saved.adminToken) throw new AppError("PRECONDITION_FAILED", NOT_OFFERED);
    const limit = await platformInstanceLimit(ctx, scope.id, saved.instancesPerWorkspace ?? DEFAULT_INSTANCES);
    const used = await instancesUsed(ctx, scope.id);
    if (used >= limit) {
      throw new AppError(
        "LIMIT_EXCEEDED",
        limit === 0
          ? "Este workspace não pode usar o servidor da plataforma. Use o seu próprio servidor UAZAPI."
          : `Este workspace já usa ${used} de ${limit} ${limit === 1 ? "instância" : "instâncias"} do servidor da plataforma. Desconecte uma ou use o seu próprio servidor.`,
      );
    }
    const connection = await connectUazapi(
      ctx,
      scope,
      { agentId: input.agentId, serverUrl: saved.serverUrl, adminToken: saved.adminToken, instanceName: input.instanceName, phoneNumber: input.phoneNumber, instanceToken: undefined },
      { viaPlatform: true },
    );
    await logActivity(ctx.db, ctx.meta, {
      userId: actorId(ctx),
      workspaceId: scope.id,
      agentId: input.agentId,
      action: "channel.uazapi_platform.connect",
      category: "channel",
      resourceType: "channel_connection",
      resourceId: connection.id,
      description: `WhatsApp conectado pelo servidor da plataforma (instância ${input.instanceName})`,
    });
    return connection;
  });
}

/**
 * The workspaces of one owner (exact e-mail, the users' unique index) with their gateway use and
 * limit: how the admin finds a workspace to give its own limit, without scanning every workspace.
 */
export async function workspaceInstanceUsage(deps: AppDeps, ownerEmail: string) {
  const defaults = (await getUazapiPlatform(deps)).instancesPerWorkspace;
  const rows = await deps.db
    .select({ id: workspaces.id, name: workspaces.name, ownerEmail: users.email, overrides: workspaces.limitOverrides })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.ownerId, users.id))
    .where(eq(users.email, ownerEmail.trim().toLowerCase()))
    .orderBy(asc(workspaces.name))
    .limit(50);
  return Promise.all(
    rows.map(async (r) => {
      const override = typeof r.overrides?.uazapiInstances === "number" ? r.overrides.uazapiInstances : null;
      return { id: r.id, name: r.name, ownerEmail: r.ownerEmail, override, limit: override ?? defaults, used: await instancesUsed(deps, r.id) };
    }),
  );
}

/** Sets (or, with null, clears) one workspace's instance limit; other overrides in the column are kept. */
export async function setWorkspaceInstances(ctx: ServiceContext, input: { workspaceId: string; uazapiInstances: number | null }) {
  const [before] = await ctx.db.select({ overrides: workspaces.limitOverrides, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, input.workspaceId)).limit(1);
  if (!before) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  const value = input.uazapiInstances === null ? sql`json('null')` : sql`${input.uazapiInstances}`;
  await ctx.db
    .update(workspaces)
    .set({ limitOverrides: sql`json_set(coalesce(${workspaces.limitOverrides}, '{}'), '$.uazapiInstances', ${value})` })
    .where(eq(workspaces.id, input.workspaceId));
  const old = before.overrides?.uazapiInstances ?? null;
  await logActivity(ctx.db, ctx.meta, {
    userId: actorId(ctx),
    workspaceId: input.workspaceId,
    action: "admin.workspace.uazapi_instances",
    category: "admin",
    resourceType: "workspace",
    resourceId: input.workspaceId,
    description:
      input.uazapiInstances === null
        ? `Limite de instâncias do servidor da plataforma de "${before.name}" volta ao padrão`
        : `Limite de instâncias do servidor da plataforma de "${before.name}": ${input.uazapiInstances}`,
    oldValues: { uazapiInstances: old },
    newValues: { uazapiInstances: input.uazapiInstances },
  });
  return { ok: true };
}
