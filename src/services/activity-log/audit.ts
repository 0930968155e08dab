import type { DbOrTx } from "../../../db/client";
import { type ActivityEntry, logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";

/** The signed-in person behind a call, or null for jobs, webhooks and visitors. */
export const actorUserId = (ctx: Pick<ServiceContext, "actor">): string | null => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/**
 * One audit line of a workspace verb, written by whoever calls it (issue 17 sweep): the actor and
 * the workspace come from the call, so the inserted line at each verb stays one short statement.
 */
export function auditWorkspace(
  ctx: Pick<ServiceContext, "actor" | "meta" | "db">,
  scope: Pick<WorkspaceScope, "id">,
  entry: Omit<ActivityEntry, "userId" | "workspaceId" | "sessionId">,
  db: DbOrTx = ctx.db,
) {
  const sessionId = ctx.actor.type === "user" ? ctx.actor.sessionId : null;
  return logActivity(db, ctx.meta, { ...entry, userId: actorUserId(ctx), workspaceId: scope.id, sessionId });
}

const CHANNEL_LABEL: Record<string, string> = {
  whatsapp_cloud: "WhatsApp (API oficial)",
  whatsapp_uaz: "WhatsApp (servidor próprio)",
  telegram: "Telegram",
  instagram: "Instagram",
  web_chat: "Chat web",
};

/** A channel connection's audit line: connected, changed or disconnected, with no secret in it. */
export function auditChannel(
  ctx: Pick<ServiceContext, "actor" | "meta" | "db">,
  scope: Pick<WorkspaceScope, "id">,
  verb: "connect" | "update" | "disconnect",
  row: { id: string; agentId: string; channel: string; externalId: string | null },
) {
  const name = CHANNEL_LABEL[row.channel] ?? row.channel;
  const text = { connect: "Canal conectado", update: "Canal alterado", disconnect: "Canal desconectado" }[verb];
  // A UAZAPI connection's external id is derived from its instance token: not for an audit line.
  const values = { channel: row.channel, externalId: row.channel === "whatsapp_uaz" ? null : row.externalId };
  return auditWorkspace(ctx, scope, {
    agentId: row.agentId,
    action: `channel.${verb}`,
    category: "channel",
    resourceType: "channel_connection",
    resourceId: row.id,
    description: `${text}: ${name}`,
    ...(verb === "disconnect" ? { oldValues: values } : { newValues: values }),
  });
}

const INTEGRATION_LABEL: Record<string, string> = {
  agendor: "Agendor",
  n8n: "n8n",
  nuvemshop: "Nuvemshop",
  notion: "Notion",
  email: "E-mail",
  web_search: "Busca na web",
  google_calendar: "Google Agenda",
};
/** An integration kind as a person reads it on /logs. */
export const integrationLabel = (kind: string) => INTEGRATION_LABEL[kind] ?? kind;
