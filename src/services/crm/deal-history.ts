/**
 * The deal page's reads: the deal with its pipeline's stages, contact and owner, and its stage
 * history told as "from → to, by whom, when". Every read is scoped to the caller's workspace:
 * another workspace's deal id is NOT_FOUND, the same as one that does not exist.
 */
import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../../db/client";
import { agents, contacts, dealStageHistory, deals, pipelineStages, pipelines, users } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { FUNNEL_ERRORS } from "../../schemas/crm/funnel";
import type { ServiceContext, WorkspaceScope } from "../context";
import { stagesOf } from "./pipeline-core";

/** A history page is the newest lines; a deal rarely moves more than a few dozen times. */
const HISTORY_LIMIT = 200;

export type DealRow = typeof deals.$inferSelect;

/** The deal of this workspace, or NOT_FOUND. */
export async function scopedDeal(db: DbOrTx, workspaceId: string, dealId: string): Promise<DealRow> {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.workspaceId, workspaceId)))
    .limit(1);
  if (!deal) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.dealNotFound);
  return deal;
}

const personName = (u: { firstName: string; lastName: string; email: string } | null) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(" ").trim() || u.email : null;

/** Everything the deal page's header shows, in one call (stages for the stage selector). */
export async function dealPage(ctx: ServiceContext, scope: WorkspaceScope, { dealId }: { dealId: string }) {
  const deal = await scopedDeal(ctx.db, scope.id, dealId);
  const [pipeline] = await ctx.db
    .select({ id: pipelines.id, name: pipelines.name })
    .from(pipelines)
    .where(and(eq(pipelines.id, deal.pipelineId), eq(pipelines.workspaceId, scope.id)))
    .limit(1);
  const stages = await stagesOf(ctx.db, deal.pipelineId);
  const [contact] = deal.contactId
    ? await ctx.db
        .select({ id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone, companyName: contacts.companyName })
        .from(contacts)
        .where(and(eq(contacts.id, deal.contactId), eq(contacts.workspaceId, scope.id)))
        .limit(1)
    : [];
  const [owner] = deal.ownerUserId
    ? await ctx.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, deal.ownerUserId)).limit(1)
    : [];
  const stage = stages.find((s) => s.id === deal.stageId);
  return {
    deal: {
      id: deal.id,
      title: deal.title,
      valueCents: deal.valueCents,
      currency: deal.currency,
      status: deal.status,
      lostReason: deal.lostReason,
      // null: the stage's probability applies (pipeline-core).
      probability: deal.probability ?? stage?.probability ?? 0,
      ownProbability: deal.probability,
      expectedCloseDate: deal.expectedCloseDate,
      tags: deal.tags,
      notes: deal.notes,
      source: deal.source,
      pipelineId: deal.pipelineId,
      stageId: deal.stageId,
      contactId: deal.contactId,
      ownerUserId: deal.ownerUserId,
      version: deal.version,
      createdAt: deal.createdAt,
      updatedAt: deal.updatedAt,
      closedAt: deal.closedAt,
    },
    pipeline: pipeline ?? { id: deal.pipelineId, name: "" },
    stages: stages.map((s) => ({ id: s.id, name: s.name, color: s.color, probability: s.probability, isWon: s.isWon, isLost: s.isLost })),
    contact: contact ?? null,
    owner: owner && deal.ownerUserId ? { id: deal.ownerUserId, name: personName(owner) ?? "" } : null,
  };
}
export type DealPage = Awaited<ReturnType<typeof dealPage>>;

/** Who moved the deal, as the timeline says it: a person's name, "pelo agente X", or the system. */
export type HistoryActor = { type: "user"; name: string } | { type: "agent"; name: string } | { type: "system" };

/** The deal's stage history, newest first (bounded, read off deal_stage_history_deal_idx). */
export async function dealHistory(ctx: ServiceContext, scope: WorkspaceScope, { dealId }: { dealId: string }) {
  await scopedDeal(ctx.db, scope.id, dealId);
  const fromStage = alias(pipelineStages, "from_stage");
  const toStage = alias(pipelineStages, "to_stage");
  const rows = await ctx.db
    .select({
      id: dealStageHistory.id,
      fromStageId: dealStageHistory.fromStageId,
      toStageId: dealStageHistory.toStageId,
      fromName: fromStage.name,
      fromColor: fromStage.color,
      toName: toStage.name,
      toColor: toStage.color,
      actorType: dealStageHistory.actorType,
      notes: dealStageHistory.notes,
      createdAt: dealStageHistory.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      agentName: agents.name,
    })
    .from(dealStageHistory)
    .leftJoin(fromStage, eq(fromStage.id, dealStageHistory.fromStageId))
    .leftJoin(toStage, eq(toStage.id, dealStageHistory.toStageId))
    .leftJoin(users, eq(users.id, dealStageHistory.userId))
    .leftJoin(agents, eq(agents.id, dealStageHistory.agentId))
    .where(and(eq(dealStageHistory.dealId, dealId), eq(dealStageHistory.workspaceId, scope.id)))
    .orderBy(desc(dealStageHistory.createdAt))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => {
    const user = r.firstName !== null && r.lastName !== null && r.email !== null ? { firstName: r.firstName, lastName: r.lastName, email: r.email } : null;
    const actor: HistoryActor =
      r.actorType === "user"
        ? { type: "user", name: personName(user) ?? "Usuário removido" }
        : r.actorType === "agent"
          ? { type: "agent", name: r.agentName ?? "Agente removido" }
          : { type: "system" };
    return {
      id: r.id,
      from: r.fromStageId ? { id: r.fromStageId, name: r.fromName ?? "Etapa removida", color: r.fromColor } : null,
      to: { id: r.toStageId, name: r.toName ?? "Etapa removida", color: r.toColor },
      actor,
      notes: r.notes,
      createdAt: r.createdAt,
    };
  });
}
export type DealHistoryEntry = Awaited<ReturnType<typeof dealHistory>>[number];
