import { and, eq, inArray } from "drizzle-orm";
import { channelConnections, handoffSettings } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  DEFAULT_ACCEPT_TIMEOUT_MINUTES,
  DEFAULT_TIMEOUT_MESSAGE,
  type HandoffOnTimeout,
  type HandoffSettingsValues,
} from "../../schemas/handoffs";
import type { ScopeWith } from "../access";
import { logActivity } from "../activity";
import type { DbOrTx, ServiceContext, WorkspaceScope } from "../context";

export type HandoffSettings = {
  acceptTimeoutMinutes: number;
  onTimeout: HandoffOnTimeout;
  timeoutMessage: string;
  notifyEmail: boolean;
  notifyWhatsappNumber: string | null;
  notifyConnectionId: string | null;
};

const WHATSAPP_KINDS = ["whatsapp_cloud", "whatsapp_uaz"] as const;

/** A workspace's settings; a workspace without a row works with the defaults (10 min, the AI resumes). */
export async function handoffSettingsOf(db: DbOrTx, workspaceId: string): Promise<HandoffSettings> {
  const [row] = await db.select().from(handoffSettings).where(eq(handoffSettings.workspaceId, workspaceId)).limit(1);
  return {
    acceptTimeoutMinutes: row?.acceptTimeoutMinutes ?? DEFAULT_ACCEPT_TIMEOUT_MINUTES,
    onTimeout: row?.onTimeout ?? "resume_ai",
    timeoutMessage: row?.timeoutMessage?.trim() || DEFAULT_TIMEOUT_MESSAGE,
    notifyEmail: row?.notifyEmail ?? false,
    notifyWhatsappNumber: row?.notifyWhatsappNumber ?? null,
    notifyConnectionId: row?.notifyConnectionId ?? null,
  };
}

/** The WhatsApp connections of the workspace the notice may go out through (the form's choices). */
export async function whatsappConnectionsOf(db: DbOrTx, workspaceId: string) {
  const rows = await db
    .select({ id: channelConnections.id, channel: channelConnections.channel, externalId: channelConnections.externalId, agentId: channelConnections.agentId })
    .from(channelConnections)
    .where(and(eq(channelConnections.workspaceId, workspaceId), inArray(channelConnections.channel, [...WHATSAPP_KINDS])))
    .limit(100);
  return rows.map((r) => ({ id: r.id, label: `${r.channel === "whatsapp_cloud" ? "WhatsApp Cloud" : "WhatsApp (UAZAPI)"} · ${r.externalId}` }));
}

export async function getHandoffSettings(ctx: ServiceContext, scope: WorkspaceScope) {
  const [settings, connections] = await Promise.all([handoffSettingsOf(ctx.db, scope.id), whatsappConnectionsOf(ctx.db, scope.id)]);
  return { settings, connections };
}

/** Saves the settings; the notice's connection must be a WhatsApp connection of this workspace. */
export async function updateHandoffSettings(ctx: ServiceContext, scope: ScopeWith<"canManageSettings">, userId: string, input: HandoffSettingsValues) {
  const number = input.notifyWhatsappNumber || null;
  const connectionId = number ? (input.notifyConnectionId ?? null) : null;
  if (connectionId) {
    const [conn] = await ctx.db
      .select({ id: channelConnections.id })
      .from(channelConnections)
      .where(and(eq(channelConnections.id, connectionId), eq(channelConnections.workspaceId, scope.id), inArray(channelConnections.channel, [...WHATSAPP_KINDS])))
      .limit(1);
    if (!conn) throw new AppError("VALIDATION", "Escolha uma conexão de WhatsApp deste workspace", { field: "notifyConnectionId" });
  }
  const values = {
    acceptTimeoutMinutes: input.acceptTimeoutMinutes,
    onTimeout: input.onTimeout,
    timeoutMessage: input.timeoutMessage || null,
    notifyEmail: input.notifyEmail,
    notifyWhatsappNumber: number,
    notifyConnectionId: connectionId,
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(handoffSettings)
    .values({ workspaceId: scope.id, ...values })
    .onConflictDoUpdate({ target: handoffSettings.workspaceId, set: values });
  await logActivity(ctx.db, ctx.meta, {
    userId,
    workspaceId: scope.id,
    action: "handoff.settings",
    category: "conversation",
    resourceType: "workspace",
    resourceId: scope.id,
    details: { acceptTimeoutMinutes: values.acceptTimeoutMinutes, onTimeout: values.onTimeout, notifyEmail: values.notifyEmail, whatsapp: Boolean(number) },
  });
  return getHandoffSettings(ctx, scope);
}
