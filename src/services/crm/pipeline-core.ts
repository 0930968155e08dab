import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { dealStageHistory, deals, pipelineStages, pipelines } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { DEFAULT_PIPELINE, FUNNEL_ERRORS, type MoveDealInput } from "../../schemas/crm/funnel";
import { markCampaignConversion } from "../campaigns/hooks";
import { recordAbOutcomeIn } from "../ab-tests/outcomes";

/** Who changed a deal, as its stage history tells it. */
export type DealActor = { type: "user"; userId: string } | { type: "agent"; agentId: string } | { type: "system" };

export type DealRow = typeof deals.$inferSelect;
export type StageRow = typeof pipelineStages.$inferSelect;

/**
 * The workspace's default pipeline, created with the SPEC stages on first use ("each workspace
 * starts with one pipeline"). The partial unique index on is_default makes a race create one.
 */
export async function ensureDefaultPipeline(tx: DbOrTx, workspaceId: string, now = Date.now()): Promise<{ pipelineId: string; stages: StageRow[] }> {
  const [found] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.isDefault, true)))
    .limit(1);
  let pipelineId = found?.id;
  if (!pipelineId) {
    const [created] = await tx
      .insert(pipelines)
      .values({ workspaceId, name: DEFAULT_PIPELINE.name, isDefault: true, position: 0, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: pipelines.id });
    if (created) {
      pipelineId = created.id;
      await tx.insert(pipelineStages).values(DEFAULT_PIPELINE.stages.map((s, position) => ({ ...s, workspaceId, pipelineId: created.id, position, createdAt: now, updatedAt: now })));
    } else {
      const [winner] = await tx
        .select({ id: pipelines.id })
        .from(pipelines)
        .where(and(eq(pipelines.workspaceId, workspaceId), eq(pipelines.isDefault, true)))
        .limit(1);
      if (!winner) throw new AppError("INTERNAL", "Funil padrão não encontrado");
      pipelineId = winner.id;
    }
  }
  return { pipelineId, stages: await stagesOf(tx, pipelineId) };
}

export function stagesOf(tx: DbOrTx, pipelineId: string): Promise<StageRow[]> {
  return tx.select().from(pipelineStages).where(eq(pipelineStages.pipelineId, pipelineId)).orderBy(asc(pipelineStages.position));
}

/** Open deals first; a deal in a won or lost stage takes that status (and a close date). */
function statusOf(stage: StageRow): DealRow["status"] {
  return stage.isWon ? "won" : stage.isLost ? "lost" : "open";
}

/** After the last card of a stage's column. */
async function endOfColumn(tx: DbOrTx, stageId: string): Promise<number> {
  const [row] = await tx
    .select({ top: sql<number | null>`max(${deals.position})` })
    .from(deals)
    .where(eq(deals.stageId, stageId));
  return (row?.top ?? 0) + 1;
}

export type OpenDeal = {
  workspaceId: string;
  title: string;
  pipelineId?: string;
  stageId?: string;
  contactId?: string | null;
  ownerUserId?: string | null;
  valueCents?: number;
  probability?: number | null;
  expectedCloseDate?: string | null;
  tags?: string[];
  notes?: string | null;
  source?: string;
  agentId?: string | null;
  conversationId?: string | null;
  actor: DealActor;
  now?: number;
};

/**
 * Opens a deal (in the default pipeline's first stage unless told otherwise) and writes its first
 * history line. Pipeline and stage are checked against the workspace. Call inside a transaction.
 */
export async function openDeal(tx: DbOrTx, p: OpenDeal): Promise<DealRow> {
  const now = p.now ?? Date.now();
  let pipelineId = p.pipelineId;
  let stage: StageRow | undefined;
  if (!pipelineId) {
    const def = await ensureDefaultPipeline(tx, p.workspaceId, now);
    pipelineId = def.pipelineId;
    stage = p.stageId ? def.stages.find((s) => s.id === p.stageId) : def.stages[0];
  } else {
    const [owned] = await tx
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.id, pipelineId), eq(pipelines.workspaceId, p.workspaceId)))
      .limit(1);
    if (!owned) throw new AppError("NOT_FOUND", "Funil não encontrado");
    const stages = await stagesOf(tx, pipelineId);
    stage = p.stageId ? stages.find((s) => s.id === p.stageId) : stages[0];
  }
  if (!stage) throw new AppError(p.stageId ? "VALIDATION" : "PRECONDITION_FAILED", p.stageId ? FUNNEL_ERRORS.stageOfOtherPipeline : "Este funil não tem etapas");
  const status = statusOf(stage);
  const [deal] = await tx
    .insert(deals)
    .values({
      workspaceId: p.workspaceId,
      pipelineId,
      stageId: stage.id,
      contactId: p.contactId ?? null,
      ownerUserId: p.ownerUserId ?? null,
      title: p.title,
      valueCents: p.valueCents ?? 0,
      probability: p.probability ?? null,
      expectedCloseDate: p.expectedCloseDate ?? null,
      tags: p.tags ?? [],
      notes: p.notes ?? null,
      source: p.source ?? "manual",
      agentId: p.agentId ?? null,
      conversationId: p.conversationId ?? null,
      status,
      closedAt: status === "open" ? null : now,
      position: await endOfColumn(tx, stage.id),
      createdByUserId: p.actor.type === "user" ? p.actor.userId : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!deal) throw new AppError("INTERNAL", "Falha ao criar o negócio");
  await writeHistory(tx, deal, null, stage.id, p.actor, null, now);
  // A deal for someone a campaign reached in the last 30 days is that campaign's conversion.
  await markCampaignConversion(tx, { workspaceId: p.workspaceId, contactId: p.contactId, conversationId: p.conversationId }, now);
  // A/B outcomes of the contact's assignment (in this transaction; logged, never thrown).
  const abSubject = { workspaceId: p.workspaceId, contactId: p.contactId ?? null, conversationId: p.conversationId ?? null, now };
  await recordAbOutcomeIn(tx, { ...abSubject, metric: "deal_created" });
  if (status === "won") await recordAbOutcomeIn(tx, { ...abSubject, metric: "deal_won" });
  return deal;
}

function writeHistory(tx: DbOrTx, deal: DealRow, fromStageId: string | null, toStageId: string, actor: DealActor, notes: string | null, now: number) {
  return tx.insert(dealStageHistory).values({
    workspaceId: deal.workspaceId,
    dealId: deal.id,
    fromStageId,
    toStageId,
    actorType: actor.type,
    userId: actor.type === "user" ? actor.userId : null,
    agentId: actor.type === "agent" ? actor.agentId : (deal.agentId ?? null),
    notes,
    createdAt: now,
  });
}

/**
 * Moves a deal to a stage of its own pipeline (or reorders it inside its column). A stale
 * `expectedVersion` or a concurrent move is a CONFLICT that changes nothing; every change of
 * stage writes one history line with who, when and the notes. Call inside a transaction.
 */
export async function moveDealToStage(tx: DbOrTx, workspaceId: string, input: MoveDealInput, actor: DealActor, now = Date.now()): Promise<DealRow> {
  const [deal] = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.id, input.dealId), eq(deals.workspaceId, workspaceId)))
    .limit(1);
  if (!deal) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.dealNotFound);
  const [stage] = await tx
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.id, input.targetStageId), eq(pipelineStages.workspaceId, workspaceId)))
    .limit(1);
  if (!stage) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.stageNotFound);
  if (stage.pipelineId !== deal.pipelineId) throw new AppError("VALIDATION", FUNNEL_ERRORS.stageOfOtherPipeline, { field: "targetStageId" });
  if (input.expectedVersion !== undefined && input.expectedVersion !== deal.version) throw new AppError("CONFLICT", FUNNEL_ERRORS.concurrentMove);
  const position = input.beforeDealId ? await positionBefore(tx, deal, stage.id, input.beforeDealId) : await endOfColumn(tx, stage.id);
  const status = statusOf(stage);
  const changedStage = stage.id !== deal.stageId;
  const [moved] = await tx
    .update(deals)
    .set({
      stageId: stage.id,
      position,
      status,
      closedAt: status === "open" ? null : changedStage || deal.status !== status ? now : deal.closedAt,
      version: deal.version + 1,
      updatedAt: now,
    })
    .where(and(eq(deals.id, deal.id), eq(deals.version, deal.version)))
    .returning();
  if (!moved) throw new AppError("CONFLICT", FUNNEL_ERRORS.concurrentMove);
  if (changedStage) await writeHistory(tx, moved, deal.stageId, stage.id, actor, input.notes?.trim() || null, now);
  if (status === "won" && deal.status !== "won")
    await recordAbOutcomeIn(tx, { workspaceId, metric: "deal_won", contactId: moved.contactId, conversationId: moved.conversationId, now });
  return moved;
}

/** Halfway between the card it is dropped before and the one above that (fractional ordering). */
async function positionBefore(tx: DbOrTx, deal: DealRow, stageId: string, beforeDealId: string): Promise<number> {
  const [before] = await tx
    .select({ position: deals.position })
    .from(deals)
    .where(and(eq(deals.id, beforeDealId), eq(deals.stageId, stageId), eq(deals.workspaceId, deal.workspaceId)))
    .limit(1);
  if (!before) return endOfColumn(tx, stageId);
  const [above] = await tx
    .select({ top: sql<number | null>`max(${deals.position})` })
    .from(deals)
        .where(and(eq(deals.stageId, stageId), sql`${deals.position} < ${before.position}`, sql`${deals.id} <> ${deal.id}`));
  const low = above?.top ?? before.position - 2;
  return (low + before.position) / 2;
}
