/**
 * Campaign CRUD (SPEC §5 "Campaigns"): drafts, edits while nothing is being sent, duplicate,
 * delete, the list page and one campaign with its messages. Sending is control.ts's.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { agents, campaignLists, campaignMessages, campaigns, channelConnections } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { CAMPAIGN_PAGE_SIZE, type CreateCampaignInput, type listCampaignsInput } from "../../schemas/campaigns/campaign";
import { CAMPAIGN_EDITABLE, type CampaignStatus } from "../../schemas/campaigns/status";
import { type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { uazapiConfig } from "../channel-view";
import type { z } from "zod";

export const CAMPAIGN_ERRORS = {
  notFound: "Campanha não encontrada",
  listNotFound: "Lista não encontrada",
  connectionNotFound: "Conexão não encontrada",
  connectionKind: "Campanhas enviam só por WhatsApp (servidor próprio ou API oficial)",
  cloudNeedsTemplate: "Na API oficial do WhatsApp, campanhas enviam só modelos aprovados: escolha um modelo",
  uazNoTemplate: "Modelos aprovados são da API oficial: no WhatsApp de servidor próprio, escreva a mensagem",
  runningEdit: "Pause a campanha antes de editá-la",
  notEditable: "Campanhas concluídas ou canceladas não podem ser editadas",
  runningDelete: "Não é possível excluir uma campanha em andamento: pause ou cancele antes",
} as const;

const CAMPAIGN_CHANNELS = ["whatsapp_uaz", "whatsapp_cloud"] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

type Row = typeof campaigns.$inferSelect;
const userOf = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/** The workspace's campaign, or NOT_FOUND (another workspace's id reads as missing). */
export async function campaignRow(db: DbOrTx, scope: WorkspaceScope, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_ERRORS.notFound);
  return row;
}

/** WhatsApp connections of the workspace that can send campaigns, labelled for the form. */
export async function listCampaignConnections(db: DbOrTx, scope: WorkspaceScope) {
  const rows = await db
    .select({ row: channelConnections, agentName: agents.name })
    .from(channelConnections)
    .innerJoin(agents, eq(agents.id, channelConnections.agentId))
    .where(and(eq(channelConnections.workspaceId, scope.id), inArray(channelConnections.channel, [...CAMPAIGN_CHANNELS])))
    .orderBy(asc(channelConnections.createdAt))
    .limit(200);
  return rows.map(({ row, agentName }) => connectionView(row, agentName));
}

function connectionView(row: typeof channelConnections.$inferSelect, agentName: string) {
  const channel = row.channel as CampaignChannel;
  const phone = channel === "whatsapp_uaz" ? uazapiConfig(row).phoneNumber : null;
  // The gateway stores bare digits; shown as E.164 like everywhere else.
  const number = channel === "whatsapp_uaz" ? (phone ? (/^\d+$/.test(phone) ? `+${phone}` : phone) : uazapiConfig(row).instanceName) : row.externalId;
  const kind = channel === "whatsapp_uaz" ? "WhatsApp (servidor próprio)" : "WhatsApp oficial (Cloud API)";
  return { id: row.id, channel, kind, label: `${agentName} · ${kind} · ${number}`, configured: row.configured };
}

/** Checks the list and connection belong to the workspace and the message fits the channel. */
async function checkRefs(db: DbOrTx, scope: WorkspaceScope, input: CreateCampaignInput) {
  const [list] = await db
    .select({ id: campaignLists.id })
    .from(campaignLists)
    .where(and(eq(campaignLists.id, input.listId), eq(campaignLists.workspaceId, scope.id)))
    .limit(1);
  if (!list) throw new AppError("NOT_FOUND", CAMPAIGN_ERRORS.listNotFound, { field: "listId" });
  if (!input.connectionId) return;
  const [conn] = await db
    .select({ channel: channelConnections.channel })
    .from(channelConnections)
    .where(and(eq(channelConnections.id, input.connectionId), eq(channelConnections.workspaceId, scope.id)))
    .limit(1);
  if (!conn) throw new AppError("NOT_FOUND", CAMPAIGN_ERRORS.connectionNotFound, { field: "connectionId" });
  if (conn.channel !== "whatsapp_uaz" && conn.channel !== "whatsapp_cloud") throw new AppError("VALIDATION", CAMPAIGN_ERRORS.connectionKind, { field: "connectionId" });
  if (conn.channel === "whatsapp_cloud" && !input.template) throw new AppError("VALIDATION", CAMPAIGN_ERRORS.cloudNeedsTemplate, { field: "template" });
  if (conn.channel === "whatsapp_uaz" && input.template) throw new AppError("VALIDATION", CAMPAIGN_ERRORS.uazNoTemplate, { field: "template" });
}

function columnsOf(input: CreateCampaignInput) {
  return {
    name: input.name,
    listId: input.listId,
    connectionId: input.connectionId ?? null,
    template: input.template ?? null,
    mediaUrl: input.media?.url ?? null,
    mediaKind: input.media?.kind ?? null,
    mediaName: input.media?.name ?? null,
    startAt: input.startAt ?? null,
    settings: input.settings,
  };
}

async function writeMessages(tx: DbOrTx, campaignId: string, messages: string[]) {
  await tx.delete(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  if (messages.length > 0) await tx.insert(campaignMessages).values(messages.map((content, position) => ({ campaignId, position, content })));
}

/** A new draft; starting it is control.ts's startCampaign. */
export async function createCampaign(ctx: ServiceContext, scope: WorkspaceScope, input: CreateCampaignInput) {
  await checkRefs(ctx.db, scope, input);
  return withTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ workspaceId: scope.id, ...columnsOf(input), status: "draft", createdByUserId: userOf(ctx) })
      .returning({ id: campaigns.id, status: campaigns.status });
    if (!row) throw new Error("campaign not created");
    await writeMessages(tx, row.id, input.messages);
    return row;
  });
}

/** Only while nothing is being sent: a running campaign is paused first, a finished one is history. */
export async function updateCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string, input: CreateCampaignInput) {
  const row = await campaignRow(ctx.db, scope, id);
  if (row.status === "running") throw new AppError("CONFLICT", CAMPAIGN_ERRORS.runningEdit);
  if (!CAMPAIGN_EDITABLE.includes(row.status)) throw new AppError("CONFLICT", CAMPAIGN_ERRORS.notEditable);
  await checkRefs(ctx.db, scope, input);
  return withTransaction(ctx.db, async (tx) => {
    await tx
      .update(campaigns)
      .set(columnsOf(input))
      .where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, scope.id), inArray(campaigns.status, [...CAMPAIGN_EDITABLE])));
    await writeMessages(tx, id, input.messages);
    return { id, status: row.status };
  });
}

/** A new draft with the same list, connection, messages and settings ("Cópia de …"). */
export async function duplicateCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const row = await campaignRow(ctx.db, scope, id);
  const messages = await messagesOf(ctx.db, id);
  return withTransaction(ctx.db, async (tx) => {
    const [copy] = await tx
      .insert(campaigns)
      .values({
        workspaceId: scope.id,
        name: `Cópia de ${row.name}`.slice(0, 200),
        listId: row.listId,
        connectionId: row.connectionId,
        template: row.template,
        mediaUrl: row.mediaUrl,
        mediaKind: row.mediaKind,
        mediaName: row.mediaName,
        settings: row.settings,
        createdByUserId: userOf(ctx),
      })
      .returning({ id: campaigns.id, status: campaigns.status });
    if (!copy) throw new Error("campaign not duplicated");
    await writeMessages(tx, copy.id, messages);
    return copy;
  });
}

/** Not while running (pause or cancel first); its sends and messages go with it (cascade). */
export async function deleteCampaign(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const row = await campaignRow(ctx.db, scope, id);
  if (row.status === "running") throw new AppError("CONFLICT", CAMPAIGN_ERRORS.runningDelete);
  await ctx.db.delete(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.workspaceId, scope.id), sql`${campaigns.status} <> 'running'`));
  return { id };
}

const messagesOf = async (db: DbOrTx, campaignId: string) =>
  (
    await db
      .select({ content: campaignMessages.content })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, campaignId))
      .orderBy(asc(campaignMessages.position))
      .limit(50)
  ).map((m) => m.content);

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

const listColumns = {
  id: campaigns.id,
  name: campaigns.name,
  status: campaigns.status,
  statusReason: campaigns.statusReason,
  listId: campaigns.listId,
  listName: campaignLists.name,
  totalCount: campaigns.totalCount,
  sentCount: campaigns.sentCount,
  failedCount: campaigns.failedCount,
  startAt: campaigns.startAt,
  startedAt: campaigns.startedAt,
  completedAt: campaigns.completedAt,
  createdAt: campaigns.createdAt,
};

/** The list page: newest first off campaigns_workspace_idx, search by name, filter by status, 20 a page. */
export async function listCampaigns(db: DbOrTx, scope: WorkspaceScope, input: z.output<typeof listCampaignsInput>) {
  const where = and(
    eq(campaigns.workspaceId, scope.id),
    input.status ? eq(campaigns.status, input.status) : undefined,
    input.search ? sql`${campaigns.name} LIKE ${likePattern(input.search)} ESCAPE '\\'` : undefined,
  );
  const offset = (input.page - 1) * CAMPAIGN_PAGE_SIZE;
  const [items, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(campaigns)
      .leftJoin(campaignLists, eq(campaignLists.id, campaigns.listId))
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(CAMPAIGN_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  const n = total?.n ?? 0;
  return { items, total: n, page: input.page, pageCount: Math.max(1, Math.ceil(n / CAMPAIGN_PAGE_SIZE)) };
}

/** One campaign for the detail page and the edit form. */
export async function getCampaign(db: DbOrTx, scope: WorkspaceScope, id: string) {
  const row = await campaignRow(db, scope, id);
  const [messages, list, conn] = await Promise.all([
    messagesOf(db, id),
    row.listId
      ? db.select({ name: campaignLists.name, contactCount: campaignLists.contactCount }).from(campaignLists).where(eq(campaignLists.id, row.listId)).limit(1)
      : [],
    row.connectionId
      ? db
          .select({ row: channelConnections, agentName: agents.name })
          .from(channelConnections)
          .innerJoin(agents, eq(agents.id, channelConnections.agentId))
          .where(and(eq(channelConnections.id, row.connectionId), eq(channelConnections.workspaceId, scope.id)))
          .limit(1)
      : [],
  ]);
  const c = conn[0];
  const { pacerState: _pacer, workspaceId: _ws, ...rest } = row;
  return {
    ...rest,
    status: row.status as CampaignStatus,
    messages,
    media: row.mediaUrl && row.mediaKind ? { url: row.mediaUrl, kind: row.mediaKind, name: row.mediaName } : null,
    listName: list[0]?.name ?? null,
    listContactCount: list[0]?.contactCount ?? 0,
    connection: c && (c.row.channel === "whatsapp_uaz" || c.row.channel === "whatsapp_cloud") ? connectionView(c.row, c.agentName) : null,
  };
}
