/**
 * Starting, pausing, resuming and cancelling a campaign (the campaigns router calls these). Each
 * change is one UPDATE guarded by the statuses it may come from, so a double click or two tabs
 * never move a campaign twice; the scheduler re-reads the status before every send.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { campaignLists, campaignMessages, campaigns, channelConnections, jobs } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { CampaignStatus } from "../../schemas/campaigns/status";
import { auditWorkspace } from "../activity-log/audit";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { notifyJobEnqueued } from "../jobs";
import { campaignClockOf } from "./clock";
import { initialPacerState } from "./pacer";
import { tickJobInput } from "./scheduler";

export type CampaignControlResult = { id: string; status: string };

export const CONTROL_ERRORS = {
  notFound: "Campanha não encontrada",
  notStartable: "Só é possível iniciar uma campanha em rascunho, agendada ou pausada",
  noList: "Escolha uma lista com contatos antes de iniciar",
  emptyList: "A lista da campanha não tem contatos",
  noConnection: "Escolha uma conexão de WhatsApp para enviar a campanha",
  badConnection: "A conexão escolhida não é de WhatsApp",
  cloudNeedsTemplate: "No WhatsApp oficial, campanhas só enviam modelos aprovados: escolha um modelo",
  noMessage: "Escreva ao menos uma mensagem",
  nothingToSend: "Nenhum contato da lista pode receber a campanha (todos pediram para sair ou não têm WhatsApp)",
  notPausable: "Só é possível pausar uma campanha agendada ou em envio",
  notResumable: "Só é possível retomar uma campanha pausada",
  notCancellable: "Esta campanha já terminou",
} as const;

async function campaignOf(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const [c] = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, scope.id)))
    .limit(1);
  if (!c) throw new AppError("NOT_FOUND", CONTROL_ERRORS.notFound);
  return c;
}

/**
 * draft/scheduled/paused → running (or scheduled when startAt is later): one send per list member
 * (INSERT … SELECT; opted-out numbers and numbers validated as without WhatsApp get no send at all,
 * so total_count is what will really be attempted) and the first tick, in one transaction.
 */
export async function startCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string): Promise<CampaignControlResult> {
  const c = await campaignOf(ctx, scope, id);
  if (!(["draft", "scheduled", "paused"] as CampaignStatus[]).includes(c.status)) throw new AppError("CONFLICT", CONTROL_ERRORS.notStartable);
  if (!c.listId) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.noList);
  const [list] = await ctx.db
    .select({ count: campaignLists.contactCount })
    .from(campaignLists)
    .where(and(eq(campaignLists.id, c.listId), eq(campaignLists.workspaceId, scope.id)))
    .limit(1);
  if (!list) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.noList);
  if (list.count <= 0) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.emptyList);
  if (!c.connectionId) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.noConnection);
  const [conn] = await ctx.db
    .select({ id: channelConnections.id, channel: channelConnections.channel })
    .from(channelConnections)
    .where(and(eq(channelConnections.id, c.connectionId), eq(channelConnections.workspaceId, scope.id)))
    .limit(1);
  if (!conn) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.noConnection);
  if (conn.channel !== "whatsapp_uaz" && conn.channel !== "whatsapp_cloud") throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.badConnection);
  // Cold numbers are outside the 24 h window: the official channel may only send them templates.
  if (conn.channel === "whatsapp_cloud" && !c.template) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.cloudNeedsTemplate);
  if (!c.template) {
    const [m] = await ctx.db.select({ id: campaignMessages.id }).from(campaignMessages).where(eq(campaignMessages.campaignId, c.id)).limit(1);
    if (!m) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.noMessage);
  }
  const clock = campaignClockOf(ctx);
  const simNow = clock.now();
  const later = c.startAt !== null && c.startAt > simNow;
  const status: CampaignStatus = later ? "scheduled" : "running";
  const realNow = ctx.now();
  const runAfter = later ? realNow + clock.toRealDelay((c.startAt ?? simNow) - simNow) : realNow;
  const engaged = c.settings.prioritizeEngaged ? 1 : 0;
  await withTransaction(ctx.db, async (tx) => {
    // The send id is the campaign's id and the member's (a UUIDv7, so list order): (priority, id)
    // is the queue's order, and it doubles as the provider's tracking id.
    await tx.run(sql`INSERT INTO campaign_sends (id, workspace_id, campaign_id, campaign_contact_id, connection_id, phone, status, priority, attempts, created_at)
      SELECT ${c.id} || ':' || cc.id, cc.workspace_id, ${c.id}, cc.id, ${conn.id}, cc.phone, 'pending',
        CASE WHEN ${engaged} = 1 AND cc.contact_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM conversation_contacts k WHERE k.contact_id = cc.contact_id) THEN 0 ELSE 1 END,
        0, ${realNow}
      FROM campaign_contacts cc
      WHERE cc.list_id = ${c.listId} AND cc.workspace_id = ${scope.id} AND cc.validation_status <> 'invalid'
        AND NOT EXISTS (SELECT 1 FROM campaign_opt_outs o WHERE o.workspace_id = cc.workspace_id AND o.phone = cc.phone)
      ON CONFLICT DO NOTHING`);
    const [{ total } = { total: 0 }] = await tx.all<{ total: number }>(sql`SELECT count(*) AS total FROM campaign_sends WHERE campaign_id = ${c.id}`);
    if (total === 0) throw new AppError("PRECONDITION_FAILED", CONTROL_ERRORS.nothingToSend);
    await tx
      .update(campaigns)
      .set({
        status,
        statusReason: null,
        totalCount: total,
        startedAt: later ? c.startedAt : (c.startedAt ?? simNow),
        pacerState: c.pacerState ?? initialPacerState(),
        updatedAt: realNow,
      })
      .where(and(eq(campaigns.id, c.id), inArray(campaigns.status, ["draft", "scheduled", "paused"])));
    // The first tick commits with the sends: a crash right after the start still sends.
    await tx
      .insert(jobs)
      .values({ ...tickJobInput(c.id, c.workspaceId, conn.id), runAfter })
      .onConflictDoNothing();
  });
  notifyJobEnqueued(ctx.db);
  await auditCampaign(ctx, scope, { id: c.id, name: c.name }, "start", c.status, status);
  return { id: c.id, status };
}

const CAMPAIGN_VERB = { start: "Campanha iniciada", pause: "Campanha pausada", resume: "Campanha retomada", cancel: "Campanha cancelada" } as const;
/** The /logs line of a campaign control: who moved it, and the status before and after. */
function auditCampaign(ctx: ServiceContext, scope: WorkspaceScope, c: { id: string; name: string }, verb: keyof typeof CAMPAIGN_VERB, from: string, to: string) {
  return auditWorkspace(ctx, scope, {
    action: `campaign.${verb}`,
    category: "campaign",
    resourceType: "campaign",
    resourceId: c.id,
    description: `${CAMPAIGN_VERB[verb]}: ${c.name}`,
    oldValues: { status: from },
    newValues: { status: to },
  });
}

/** One guarded UPDATE: the status moves only from `from`; anything else is refused with `refusal`. */
async function transition(ctx: ServiceContext, scope: WorkspaceScope, id: string, from: CampaignStatus[], to: CampaignStatus, refusal: string, extra: Partial<typeof campaigns.$inferInsert> = {}) {
  const c = await campaignOf(ctx, scope, id);
  const [row] = await ctx.db
    .update(campaigns)
    .set({ status: to, updatedAt: ctx.now(), ...extra })
    .where(and(eq(campaigns.id, c.id), eq(campaigns.workspaceId, scope.id), inArray(campaigns.status, from)))
    .returning({ id: campaigns.id, status: campaigns.status });
  if (!row) throw new AppError("CONFLICT", refusal);
  return { ...row, name: c.name, from: c.status };
}

/** running/scheduled → paused: the next tick reads it and stops before sending. */
export async function pauseCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string): Promise<CampaignControlResult> {
  const row = await transition(ctx, scope, id, ["running", "scheduled"], "paused", CONTROL_ERRORS.notPausable, { statusReason: null });
  await auditCampaign(ctx, scope, row, "pause", row.from, row.status);
  return { id: row.id, status: row.status };
}

/** paused/paused_failures → running; after a failure stop the streak starts again from zero. */
export async function resumeCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string): Promise<CampaignControlResult> {
  const c = await campaignOf(ctx, scope, id);
  const state = { ...(c.pacerState ?? initialPacerState()), consecutiveFailures: 0 };
  const now = ctx.now();
  // The status and the next tick commit together: a crash in between cannot strand a running campaign.
  const row = await withTransaction(ctx.db, async (tx) => {
    const [r] = await tx
      .update(campaigns)
      .set({
        status: "running",
        statusReason: null,
        pacerState: c.status === "paused_failures" ? state : (c.pacerState ?? initialPacerState()),
        startedAt: c.startedAt ?? campaignClockOf(ctx).now(),
        updatedAt: now,
      })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.workspaceId, scope.id), inArray(campaigns.status, ["paused", "paused_failures"])))
      .returning({ id: campaigns.id, status: campaigns.status, connectionId: campaigns.connectionId });
    if (r?.connectionId)
      await tx
        .insert(jobs)
        .values({ ...tickJobInput(r.id, scope.id, r.connectionId), runAfter: now })
        .onConflictDoNothing();
    return r;
  });
  if (!row) throw new AppError("CONFLICT", CONTROL_ERRORS.notResumable);
  notifyJobEnqueued(ctx.db);
  await auditCampaign(ctx, scope, { id: row.id, name: c.name }, "resume", c.status, row.status);
  return { id: row.id, status: row.status };
}

/** Anything not finished → cancelled; its pending sends become skipped (one transaction). */
export async function cancelCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string): Promise<CampaignControlResult> {
  const c = await campaignOf(ctx, scope, id);
  const now = ctx.now();
  const done = await withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: "cancelled", completedAt: campaignClockOf(ctx).now(), updatedAt: now })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.workspaceId, scope.id), inArray(campaigns.status, ["draft", "scheduled", "running", "paused", "paused_failures"])))
      .returning({ id: campaigns.id });
    if (!row) return false;
    await tx.run(sql`UPDATE campaign_sends SET status = 'skipped', error_message = 'Campanha cancelada' WHERE campaign_id = ${c.id} AND status = 'pending'`);
    return true;
  });
  if (!done) throw new AppError("CONFLICT", CONTROL_ERRORS.notCancellable);
  await auditCampaign(ctx, scope, { id: c.id, name: c.name }, "cancel", c.status, "cancelled");
  return { id: c.id, status: "cancelled" };
}
