/**
 * The Meta app behind the platform-level WhatsApp webhook (/admin/whatsapp-config): its id, app
 * secret and verify token (encrypted) and the Graph version. With it saved, /webhooks/whatsapp
 * answers Meta's handshake with the platform verify token and accepts deliveries signed with the
 * platform app secret, besides each connection's own (src/channels/inbound/whatsapp-cloud.ts).
 */
import { GraphApiError, graphRequest } from "../../../adapters/meta-graph/client";
import { ownerKey, TtlCache } from "../../../lib/ttl-cache";
import type { WhatsappPlatformInput } from "../../../schemas/admin-platform";
import { changedFields, logActivity } from "../../activity";
import type { AppDeps, ServiceContext } from "../../context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "../../platform-settings";
import { AppError } from "../../../lib/errors";

type Stored = { appId?: string; appSecret?: string; verifyToken?: string; graphVersion?: string };
export type PlatformMetaApp = { appId: string; appSecret: string | null; verifyToken: string | null; graphVersion: string };

/** Read on every webhook delivery: kept a few seconds, dropped at once on save (same process). */
const cache = new TtlCache<PlatformMetaApp | null>(5_000);

const graph = { name: "Graph API", retryableCodes: new Set<number>(), error: GraphApiError };

export async function getWhatsappPlatform(deps: AppDeps) {
  const { value, updatedAt } = await publicPlatformSetting(deps, "whatsapp_platform");
  return {
    appId: typeof value.appId === "string" ? value.appId : "",
    graphVersion: typeof value.graphVersion === "string" ? value.graphVersion : deps.env.WHATSAPP_GRAPH_VERSION,
    hasAppSecret: value.hasAppSecret === true,
    hasVerifyToken: value.hasVerifyToken === true,
    webhookUrl: `${deps.appUrl}/webhooks/whatsapp`,
    updatedAt,
  };
}

export async function saveWhatsappPlatform(ctx: ServiceContext, input: WhatsappPlatformInput) {
  const before = await getWhatsappPlatform(ctx);
  const userId = ctx.actor.type === "user" ? ctx.actor.userId : null;
  await savePlatformSetting(ctx, "whatsapp_platform", input, userId);
  cache.clear();
  const after = await getWhatsappPlatform(ctx);
  const pick = (x: typeof after) => ({ appId: x.appId, graphVersion: x.graphVersion });
  const secretsChanged = [input.appSecret ? "app secret" : null, input.verifyToken ? "verify token" : null].filter(Boolean);
  await logActivity(ctx.db, ctx.meta, {
    userId,
    action: "admin.whatsapp_platform.save",
    category: "admin",
    resourceType: "platform_setting",
    resourceId: "whatsapp_platform",
    description: `Configuração do app da Meta salva${secretsChanged.length ? ` (${secretsChanged.join(" e ")} trocado)` : ""}`,
    ...changedFields(pick(before), pick(after)),
  });
  return after;
}

/** The saved app, secrets decrypted: for the webhook (server-side only). */
export async function platformMetaApp(deps: AppDeps): Promise<PlatformMetaApp | null> {
  return cache.get(
    String(ownerKey(deps.db)),
    async () => {
      const s = await getPlatformSetting<Stored>(deps, "whatsapp_platform");
      if (!s?.appId) return null;
      return { appId: s.appId, appSecret: s.appSecret ?? null, verifyToken: s.verifyToken ?? null, graphVersion: s.graphVersion ?? deps.env.WHATSAPP_GRAPH_VERSION };
    },
    deps.now(),
  );
}

/** Reads the app from the Graph with its app access token ("{id}|{secret}"): proves the id, secret and version work together. */
export async function testWhatsappPlatform(deps: AppDeps) {
  const app = await platformMetaApp(deps);
  if (!app?.appSecret) throw new AppError("VALIDATION", "Salve o App ID e o app secret antes de testar");
  try {
    const body = await graphRequest(graph, { baseUrl: deps.env.WHATSAPP_GRAPH_BASE, version: app.graphVersion, accessToken: `${app.appId}|${app.appSecret}` }, encodeURIComponent(app.appId), {
      method: "GET",
    });
    return { ok: true as const, appName: typeof body.name === "string" ? body.name : null, error: null };
  } catch (err) {
    const message = err instanceof GraphApiError ? (err.status === null ? "Não foi possível falar com a Graph API. Tente novamente." : `A Meta recusou: ${err.message}`) : "Falha inesperada ao testar";
    return { ok: false as const, appName: null, error: message };
  }
}
