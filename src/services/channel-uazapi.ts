/**
 * WhatsApp through an own UAZAPI server: connect (create an instance with the admin token, or use
 * a given one), pair (QR or pairing code), status, and the instance's release on disconnect.
 * The server URL is tenant input: every call goes through the vetted fetch (src/channels/targets.ts).
 */
import { eq, sql } from "drizzle-orm";
import { type UazapiStoredConfig, channelConnections } from "../../db/schema";
import {
  type InstanceStatus,
  UazapiApiError,
  connectInstance,
  createInstance,
  deleteInstance,
  instanceStatus,
  setWebhook,
} from "../adapters/uazapi/client";
import { uazapiFetch, uazapiTarget } from "../channels/targets";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { auditChannel } from "./activity-log/audit";
import { log } from "../lib/logger";
import { SafeFetchError } from "../lib/safe-fetch";
import type { ConnectUazapi, ConnectionRef, UazapiPair } from "../schemas/channels";
import type { EditorScope } from "./access";
import { getAgent } from "./agents";
import { isUniqueViolation, ownedConnection } from "./channel-common";
import { asColumn, publicConnection, uazapiConfig, uazapiWebhookUrl } from "./channel-view";
import type { AppDeps, ServiceContext } from "./context";

type Row = typeof channelConnections.$inferSelect;

const INSTANCE_TAKEN = "Esta instância do UAZAPI já está conectada a um agente";

/**
 * The instance token is what identifies an instance on its server (names may repeat), so the
 * unique key is a hash of server + token: no plain token in an unencrypted column.
 */
export const uazapiExternalId = (serverUrl: string, instanceToken: string) => `uaz:${sha256Hex(`${serverUrl}\n${instanceToken}`)}`;

const normalizeServerUrl = (url: string) => new URL(url.trim()).href.replace(/\/+$/, "");

/** An adapter or vetting failure → the pt-BR error the editor shows. `who` names the token that was used. */
export function uazapiError(err: unknown, who: "admin" | "instance"): AppError {
  const cause = err instanceof UazapiApiError ? err.cause : err;
  if (cause instanceof SafeFetchError) {
    if (cause.code === "BLOCKED_ADDRESS") return new AppError("VALIDATION", "Endereço do servidor não permitido: ele aponta para uma rede privada ou local.");
    if (cause.code === "BAD_URL" || cause.code === "BAD_SCHEME") return new AppError("VALIDATION", "URL do servidor inválida");
    if (cause.code === "DNS") return new AppError("VALIDATION", "Servidor UAZAPI não encontrado. Confira a URL.");
    return new AppError("UNAVAILABLE", "Não foi possível conectar ao servidor UAZAPI. Tente novamente.");
  }
  if (err instanceof UazapiApiError && (err.status === 401 || err.status === 403)) {
    return new AppError("VALIDATION", who === "admin" ? "Admin token recusado pelo servidor UAZAPI" : "Token da instância recusado pelo servidor UAZAPI");
  }
  if (err instanceof UazapiApiError && err.status === 429) return new AppError("UNAVAILABLE", "O servidor UAZAPI recusou por limite (muitas instâncias ou requisições). Tente mais tarde.");
  if (err instanceof AppError) return err;
  return new AppError("UNAVAILABLE", `Não foi possível falar com o servidor UAZAPI: ${err instanceof Error ? err.message : String(err)}`);
}

async function attempt<T>(who: "admin" | "instance", fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw uazapiError(err, who);
  }
}

/** Session flags as UAZAPI reports them, written with json_set so a concurrent config change is kept. */
export async function setUazapiSession(deps: AppDeps, id: string, s: { active: boolean; phone?: string | null }) {
  const phone = s.phone ? sql`, '$.phoneNumber', ${s.phone}` : sql``;
  await deps.db
    .update(channelConnections)
    .set({ config: sql`json_set(${channelConnections.config}, '$.sessionActive', json(${s.active ? "true" : "false"})${phone})` })
    .where(eq(channelConnections.id, id));
}

/** `viaPlatform`: the server and admin token are the platform gateway's (services/admin/platform/uazapi.ts). */
export async function connectUazapi(ctx: ServiceContext, scope: EditorScope, input: ConnectUazapi, opts: { viaPlatform?: boolean } = {}) {
  await getAgent(ctx.db, scope, input.agentId);
  const serverUrl = normalizeServerUrl(input.serverUrl);
  let token = input.instanceToken ?? "";
  let status: InstanceStatus | null = null;
  if (token) status = await attempt("instance", () => instanceStatus({ serverUrl, token, fetch: uazapiFetch }));
  else token = (await attempt("admin", () => createInstance({ serverUrl, adminToken: input.adminToken, fetch: uazapiFetch }, input.instanceName))).token;
  const createdByUs = !input.instanceToken;
  const target = { serverUrl, token, fetch: uazapiFetch };
  // Nothing of ours may outlive a failed connect: an instance we created is deleted again.
  const undo = async (row?: Row) => {
    if (row) await ctx.db.delete(channelConnections).where(eq(channelConnections.id, row.id));
    if (createdByUs) await deleteInstance(target).catch((err) => log.warn("uazapi instance cleanup failed", { error: String(err) }));
  };

  const webhookSecret = randomToken(32);
  const config: UazapiStoredConfig = {
    serverUrl,
    adminToken: ctx.secrets.encrypt(input.adminToken),
    instanceName: input.instanceName,
    instanceToken: ctx.secrets.encrypt(token),
    phoneNumber: status?.phoneNumber ?? input.phoneNumber?.replace(/^\+/, "") ?? null,
    sessionActive: status?.status === "connected",
    webhookSecret: ctx.secrets.encrypt(webhookSecret),
    createdByUs,
    ...(opts.viaPlatform ? { viaPlatform: true } : {}),
  };
  let row: Row | undefined;
  try {
    [row] = await ctx.db
      .insert(channelConnections)
      .values({ workspaceId: scope.id, agentId: input.agentId, channel: "whatsapp_uaz", externalId: uazapiExternalId(serverUrl, token), config: asColumn(config), configured: true })
      .returning();
  } catch (err) {
    await undo();
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", INSTANCE_TAKEN);
    throw err;
  }
  if (!row) throw new AppError("INTERNAL", "Falha ao salvar a conexão");
  try {
    await setWebhook(target, uazapiWebhookUrl(ctx, row.id, webhookSecret));
  } catch (err) {
    await undo(row);
    throw uazapiError(err, "instance");
  }
  await auditChannel(ctx, scope, "connect", row);
  return publicConnection(ctx, row);
}

/** A new QR code (or, with a phone, a pairing code) for the connection's instance. */
export async function uazapiPair(ctx: ServiceContext, scope: EditorScope, input: UazapiPair) {
  const row = await ownedConnection(ctx, scope, input.id, "whatsapp_uaz");
  const c = uazapiConfig(row);
  const phone = input.phone?.replace(/^\+/, "") ?? null;
  const r = await attempt("instance", () => connectInstance(uazapiTarget(ctx, c), phone));
  await setUazapiSession(ctx, row.id, { active: r.status === "connected" });
  return { state: r.status, qrcode: r.qrcode, paircode: r.paircode };
}

/**
 * Polled while the QR code is on screen: the instance's state, and the number once paired.
 * Editors only: the answer carries the pairing QR code while the number is not linked.
 */
export async function uazapiStatus(ctx: ServiceContext, scope: EditorScope, { id }: ConnectionRef) {
  const row = await ownedConnection(ctx, scope, id, "whatsapp_uaz");
  const s = await attempt("instance", () => instanceStatus(uazapiTarget(ctx, uazapiConfig(row))));
  await setUazapiSession(ctx, row.id, { active: s.status === "connected", phone: s.phoneNumber });
  return { state: s.status, phoneNumber: s.phoneNumber, profileName: s.profileName, qrcode: s.status === "connecting" ? s.qrcode : null };
}

/** Disconnect: an instance the product created is deleted; one the owner brought is left as it was. */
export async function releaseUazapiInstance(deps: AppDeps, row: Row) {
  const c = uazapiConfig(row);
  if (!c.createdByUs) return;
  await deleteInstance(uazapiTarget(deps, c)).catch((err) => log.warn("uazapi instance delete failed", { connectionId: row.id, error: String(err) }));
}
