import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { deals, pipelineStages } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { FUNNEL_ERRORS, MAX_STAGES, type createStageInput, type reorderStagesInput, type updateStageInput } from "../../schemas/crm/funnel";
import { type ServiceContext, withTransaction } from "../context";
import { type FunnelManagerScope, ownedPipeline, ownedStage } from "./funnel-pipelines";
import type { DbOrTx } from "../../../db/client";
import { stagesOf } from "./pipeline-core";

async function hasDeals(tx: DbOrTx, stageId: string): Promise<boolean> {
  const [row] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.stageId, stageId)).limit(1);
  return Boolean(row);
}

/**
 * A new stage goes before the pipeline's won/lost stages (where a working stage belongs), or at
 * the end when it is itself won/lost or the pipeline has none.
 */
export async function createStage(ctx: ServiceContext, scope: FunnelManagerScope, input: z.output<typeof createStageInput>) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    await ownedPipeline(tx, scope.id, input.pipelineId);
    const stages = await stagesOf(tx, input.pipelineId);
    if (stages.length >= MAX_STAGES) throw new AppError("LIMIT_EXCEEDED", `${FUNNEL_ERRORS.tooManyStages} (${MAX_STAGES})`);
    const firstClosing = stages.findIndex((s) => s.isWon || s.isLost);
    const at = input.isWon || input.isLost || firstClosing < 0 ? stages.length : firstClosing;
    // Shift the closing stages one place right, then insert in the gap.
    for (const s of stages.slice(at)) await tx.update(pipelineStages).set({ position: s.position + 1 }).where(eq(pipelineStages.id, s.id));
    const position = at < stages.length ? (stages[at]?.position ?? at) : (stages.at(-1)?.position ?? -1) + 1;
    const { pipelineId, name, color, probability, isWon, isLost } = input;
    const [row] = await tx
      .insert(pipelineStages)
      .values({ workspaceId: scope.id, pipelineId, name, color, probability, isWon, isLost, position, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.stageNotFound);
    return row;
  });
}

/** Won/lost decide the status of the stage's deals, so they only change on an empty stage. */
export async function updateStage(ctx: ServiceContext, scope: FunnelManagerScope, input: z.output<typeof updateStageInput>) {
  return withTransaction(ctx.db, async (tx) => {
    const stage = await ownedStage(tx, scope.id, input.stageId);
    const next = { isWon: input.patch.isWon ?? stage.isWon, isLost: input.patch.isLost ?? stage.isLost };
    if (next.isWon && next.isLost) throw new AppError("VALIDATION", "Uma etapa não pode ser de ganho e de perda ao mesmo tempo", { field: "isLost" });
    const flagsChange = next.isWon !== stage.isWon || next.isLost !== stage.isLost;
    if (flagsChange && (await hasDeals(tx, stage.id))) throw new AppError("PRECONDITION_FAILED", FUNNEL_ERRORS.stageFlagsWithDeals);
    const [row] = await tx
      .update(pipelineStages)
      .set({ ...input.patch, ...next, updatedAt: ctx.now() })
      .where(eq(pipelineStages.id, stage.id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.stageNotFound);
    return row;
  });
}

/** The new order must name exactly the pipeline's stages (a stale screen is told to reload). */
export async function reorderStages(ctx: ServiceContext, scope: FunnelManagerScope, input: z.output<typeof reorderStagesInput>) {
  return withTransaction(ctx.db, async (tx) => {
    await ownedPipeline(tx, scope.id, input.pipelineId);
    const stages = await stagesOf(tx, input.pipelineId);
    const known = new Set(stages.map((s) => s.id));
    const sameSet = input.stageIds.length === stages.length && new Set(input.stageIds).size === stages.length && input.stageIds.every((id) => known.has(id));
    if (!sameSet) throw new AppError("CONFLICT", FUNNEL_ERRORS.stageOrderMismatch);
    const now = ctx.now();
    for (const [position, id] of input.stageIds.entries()) {
      await tx
        .update(pipelineStages)
        .set({ position, updatedAt: now })
        .where(and(eq(pipelineStages.id, id), eq(pipelineStages.pipelineId, input.pipelineId)));
    }
    return stagesOf(tx, input.pipelineId);
  });
}

/** Refused while the stage holds deals (they would have nowhere to be) and for a pipeline's last stage. */
export async function deleteStage(ctx: ServiceContext, scope: FunnelManagerScope, stageId: string) {
  return withTransaction(ctx.db, async (tx) => {
    const stage = await ownedStage(tx, scope.id, stageId);
    if (await hasDeals(tx, stage.id)) throw new AppError("PRECONDITION_FAILED", FUNNEL_ERRORS.stageHasDeals);
    const [count] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(pipelineStages)
      .where(eq(pipelineStages.pipelineId, stage.pipelineId));
    if ((count?.n ?? 0) <= 1) throw new AppError("PRECONDITION_FAILED", FUNNEL_ERRORS.lastStage);
    await tx.delete(pipelineStages).where(eq(pipelineStages.id, stage.id));
    const rest = await tx.select({ id: pipelineStages.id }).from(pipelineStages).where(eq(pipelineStages.pipelineId, stage.pipelineId)).orderBy(asc(pipelineStages.position));
    for (const [position, s] of rest.entries()) await tx.update(pipelineStages).set({ position }).where(eq(pipelineStages.id, s.id));
    return { deleted: true as const };
  });
}
