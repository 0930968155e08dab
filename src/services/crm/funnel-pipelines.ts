import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { dealStageHistory, deals, pipelineStages, pipelines } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { DEFAULT_PIPELINE, FUNNEL_ERRORS, MAX_PIPELINES, type createPipelineInput, type deletePipelineInput, type renamePipelineInput } from "../../schemas/crm/funnel";
import { logActivity } from "../activity";
import type { ScopeWith } from "../access";
import { type DbOrTx, type ServiceContext, type WorkspaceScope, withTransaction } from "../context";
import { type StageRow, ensureDefaultPipeline } from "./pipeline-core";

/** Pipelines and stages are the funnel's set-up: changed by who manages the workspace's settings. */
export type FunnelManagerScope = ScopeWith<"canManageSettings">;
type PipelineRow = typeof pipelines.$inferSelect;
export type PipelineWithStages = Pick<PipelineRow, "id" | "name" | "isDefault" | "position"> & { stages: StageRow[] };

/** Rows moved or deleted per statement when a pipeline goes: each write stays short. */
const BATCH = 500;

/** The workspace's pipeline, or NOT_FOUND (another workspace's id included). */
export async function ownedPipeline(tx: DbOrTx, workspaceId: string, pipelineId: string): Promise<PipelineRow> {
  const [row] = await tx
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.id, pipelineId), eq(pipelines.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.pipelineNotFound);
  return row;
}

/** The workspace's stage, or NOT_FOUND. */
export async function ownedStage(tx: DbOrTx, workspaceId: string, stageId: string): Promise<StageRow> {
  const [row] = await tx
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.id, stageId), eq(pipelineStages.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.stageNotFound);
  return row;
}

/** Every pipeline of the workspace with its stages in order; the first read creates the default one. */
export async function listPipelines(ctx: ServiceContext, scope: WorkspaceScope): Promise<PipelineWithStages[]> {
  const read = (db: DbOrTx) =>
    db
      .select({ id: pipelines.id, name: pipelines.name, isDefault: pipelines.isDefault, position: pipelines.position })
      .from(pipelines)
      .where(eq(pipelines.workspaceId, scope.id))
      .orderBy(asc(pipelines.position))
      .limit(MAX_PIPELINES + 5);
  let rows = await read(ctx.db);
  if (!rows.some((p) => p.isDefault)) {
    await withTransaction(ctx.db, (tx) => ensureDefaultPipeline(tx, scope.id, ctx.now()));
    rows = await read(ctx.db);
  }
  if (rows.length === 0) return [];
  const stages = await ctx.db
    .select()
    .from(pipelineStages)
    .where(
      inArray(
        pipelineStages.pipelineId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(pipelineStages.pipelineId), asc(pipelineStages.position))
    .limit((MAX_PIPELINES + 5) * 25);
  return rows.map((p) => ({ ...p, stages: stages.filter((s) => s.pipelineId === p.id) }));
}

export async function createPipeline(ctx: ServiceContext, scope: FunnelManagerScope, userId: string, input: z.output<typeof createPipelineInput>) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    await ensureDefaultPipeline(tx, scope.id, now);
    const [stat] = await tx
      .select({ n: sql<number>`count(*)`, top: sql<number | null>`max(${pipelines.position})` })
      .from(pipelines)
      .where(eq(pipelines.workspaceId, scope.id));
    if ((stat?.n ?? 0) >= MAX_PIPELINES) throw new AppError("LIMIT_EXCEEDED", `${FUNNEL_ERRORS.tooManyPipelines} (${MAX_PIPELINES})`);
    const [created] = await tx
      .insert(pipelines)
      .values({ workspaceId: scope.id, name: input.name, isDefault: false, position: (stat?.top ?? 0) + 1, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new AppError("INTERNAL", "Falha ao criar o funil");
    const stages = input.stages ?? DEFAULT_PIPELINE.stages;
    await tx.insert(pipelineStages).values(stages.map((s, position) => ({ ...s, workspaceId: scope.id, pipelineId: created.id, position, createdAt: now, updatedAt: now })));
    await logActivity(tx, ctx.meta, { userId, workspaceId: scope.id, action: "pipeline.create", category: "crm", resourceType: "pipeline", resourceId: created.id });
    return created;
  });
}

export async function renamePipeline(ctx: ServiceContext, scope: FunnelManagerScope, input: z.output<typeof renamePipelineInput>) {
  return withTransaction(ctx.db, async (tx) => {
    await ownedPipeline(tx, scope.id, input.pipelineId);
    const [row] = await tx.update(pipelines).set({ name: input.name, updatedAt: ctx.now() }).where(eq(pipelines.id, input.pipelineId)).returning();
    if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.pipelineNotFound);
    return row;
  });
}

/** The default pipeline is where agents open deals: exactly one per workspace (partial unique index). */
export async function setDefaultPipeline(ctx: ServiceContext, scope: FunnelManagerScope, pipelineId: string) {
  return withTransaction(ctx.db, async (tx) => {
    const target = await ownedPipeline(tx, scope.id, pipelineId);
    if (target.isDefault) return target;
    const now = ctx.now();
    await tx
      .update(pipelines)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(pipelines.workspaceId, scope.id), eq(pipelines.isDefault, true)));
    const [row] = await tx.update(pipelines).set({ isDefault: true, updatedAt: now }).where(eq(pipelines.id, pipelineId)).returning();
    if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.pipelineNotFound);
    return row;
  });
}

/**
 * Deletes a pipeline. Never the default one; one with deals only when the user chose what happens
 * to them: moved to a stage of another pipeline (with a history line each) or deleted with it.
 */
export async function deletePipeline(ctx: ServiceContext, scope: FunnelManagerScope, userId: string, input: z.output<typeof deletePipelineInput>) {
  const now = ctx.now();
  return withTransaction(ctx.db, async (tx) => {
    const pipeline = await ownedPipeline(tx, scope.id, input.pipelineId);
    if (pipeline.isDefault) throw new AppError("PRECONDITION_FAILED", FUNNEL_ERRORS.deleteDefaultPipeline);
    const [any] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.pipelineId, pipeline.id)).limit(1);
    let affected = 0;
    if (any && input.deals === "refuse") throw new AppError("PRECONDITION_FAILED", FUNNEL_ERRORS.pipelineHasDeals);
    if (any && input.deals === "move") {
      const target = await ownedStage(tx, scope.id, input.targetStageId ?? "");
      if (target.pipelineId === pipeline.id) throw new AppError("VALIDATION", FUNNEL_ERRORS.moveTargetSamePipeline, { field: "targetStageId" });
      affected = await moveAllDeals(tx, pipeline, target, userId, now);
    }
    if (any && input.deals === "delete") affected = await deleteAllDeals(tx, pipeline.id);
    await tx.delete(pipelines).where(eq(pipelines.id, pipeline.id));
    await logActivity(tx, ctx.meta, {
      userId,
      workspaceId: scope.id,
      action: "pipeline.delete",
      category: "crm",
      resourceType: "pipeline",
      resourceId: pipeline.id,
      description: pipeline.name,
      details: { deals: input.deals, affected, targetStageId: input.targetStageId ?? null },
    });
    return { deleted: true as const, affected };
  });
}

async function moveAllDeals(tx: DbOrTx, from: PipelineRow, target: StageRow, userId: string, now: number): Promise<number> {
  const status = target.isWon ? "won" : target.isLost ? "lost" : "open";
  const [last] = await tx.select({ position: deals.position }).from(deals).where(eq(deals.stageId, target.id)).orderBy(desc(deals.position)).limit(1);
  let position = (last?.position ?? 0) + 1;
  let moved = 0;
  for (;;) {
    const batch = await tx.select({ id: deals.id, stageId: deals.stageId, status: deals.status }).from(deals).where(eq(deals.pipelineId, from.id)).limit(BATCH);
    if (batch.length === 0) return moved;
    for (const d of batch) {
      await tx
        .update(deals)
        .set({
          pipelineId: target.pipelineId,
          stageId: target.id,
          position: position++,
          status,
          closedAt: status === "open" ? null : d.status === status ? sql`${deals.closedAt}` : now,
          version: sql`${deals.version} + 1`,
          updatedAt: now,
        })
        .where(eq(deals.id, d.id));
    }
    await tx.insert(dealStageHistory).values(
      batch.map((d) => ({
        workspaceId: from.workspaceId,
        dealId: d.id,
        fromStageId: d.stageId,
        toStageId: target.id,
        actorType: "user" as const,
        userId,
        notes: `Funil "${from.name}" excluído`,
        createdAt: now,
      })),
    );
    moved += batch.length;
  }
}

async function deleteAllDeals(tx: DbOrTx, pipelineId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await tx.select({ id: deals.id }).from(deals).where(eq(deals.pipelineId, pipelineId)).limit(BATCH);
    if (batch.length === 0) return deleted;
    await tx.delete(deals).where(
      and(
        eq(deals.pipelineId, pipelineId),
        inArray(
          deals.id,
          batch.map((d) => d.id),
        ),
      ),
    );
    deleted += batch.length;
  }
}
