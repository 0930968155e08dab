import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contacts, deals, workspaceMembers } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type CreateDealInput, type DealPatch, FUNNEL_ERRORS, type MoveDealRequest } from "../../schemas/crm/funnel";
import { logActivity } from "../activity";
import type { InboxWriterScope } from "../access";
import { type ServiceContext, withTransaction } from "../context";
import { ownedStage } from "./funnel-pipelines";
import { type DealRow, moveDealToStage, openDeal } from "./pipeline-core";

/** A contact of this workspace, or a pt-BR refusal on the contact field. */
async function checkContact(tx: DbOrTx, workspaceId: string, contactId: string | null | undefined) {
  if (!contactId) return;
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.contactNotFound, { field: "contactId" });
}

/** The owner must be a member of this workspace (the owner of the workspace is one too). */
async function checkOwner(tx: DbOrTx, workspaceId: string, userId: string | null | undefined) {
  if (!userId) return;
  const [row] = await tx
    .select({ id: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("VALIDATION", FUNNEL_ERRORS.ownerNotMember, { field: "ownerUserId" });
}

export async function ownedDeal(tx: DbOrTx, workspaceId: string, dealId: string): Promise<DealRow> {
  const [row] = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", FUNNEL_ERRORS.dealNotFound);
  return row;
}

/** A person's new deal: in the stage picked (of the workspace), or the default pipeline's first. */
export async function createDeal(ctx: ServiceContext, scope: InboxWriterScope, userId: string, input: CreateDealInput) {
  return withTransaction(ctx.db, async (tx) => {
    await checkContact(tx, scope.id, input.contactId);
    await checkOwner(tx, scope.id, input.ownerUserId);
    let pipelineId = input.pipelineId;
    if (input.stageId) {
      const stage = await ownedStage(tx, scope.id, input.stageId);
      if (pipelineId && stage.pipelineId !== pipelineId) throw new AppError("VALIDATION", FUNNEL_ERRORS.stageOfOtherPipeline, { field: "stageId" });
      pipelineId = stage.pipelineId;
    }
    const deal = await openDeal(tx, {
      workspaceId: scope.id,
      pipelineId,
      stageId: input.stageId,
      title: input.title,
      valueCents: input.valueCents,
      contactId: input.contactId ?? null,
      ownerUserId: input.ownerUserId ?? null,
      expectedCloseDate: input.expectedCloseDate ?? null,
      probability: input.probability ?? null,
      tags: input.tags,
      notes: input.notes ?? null,
      source: "manual",
      actor: { type: "user", userId },
      now: ctx.now(),
    });
    await logActivity(tx, ctx.meta, { userId, workspaceId: scope.id, action: "deal.create", category: "crm", resourceType: "deal", resourceId: deal.id });
    return deal;
  });
}

/** Edits the fields named; a stale expectedVersion is the same CONFLICT as a concurrent move. */
export async function updateDeal(ctx: ServiceContext, scope: InboxWriterScope, input: { dealId: string; expectedVersion?: number; patch: DealPatch }) {
  return withTransaction(ctx.db, async (tx) => {
    const deal = await ownedDeal(tx, scope.id, input.dealId);
    if (input.expectedVersion !== undefined && input.expectedVersion !== deal.version) throw new AppError("CONFLICT", FUNNEL_ERRORS.concurrentMove);
    if (input.patch.contactId !== undefined) await checkContact(tx, scope.id, input.patch.contactId);
    if (input.patch.ownerUserId !== undefined) await checkOwner(tx, scope.id, input.patch.ownerUserId);
    const [row] = await tx
      .update(deals)
      .set({ ...input.patch, version: deal.version + 1, updatedAt: ctx.now() })
      .where(and(eq(deals.id, deal.id), eq(deals.version, deal.version)))
      .returning();
    if (!row) throw new AppError("CONFLICT", FUNNEL_ERRORS.concurrentMove);
    return row;
  });
}

/** Deletes the deal with its history, activities and products (cascade), with an audit line. */
export async function deleteDeal(ctx: ServiceContext, scope: InboxWriterScope, userId: string, dealId: string) {
  return withTransaction(ctx.db, async (tx) => {
    const deal = await ownedDeal(tx, scope.id, dealId);
    await tx.delete(deals).where(eq(deals.id, deal.id));
    await logActivity(tx, ctx.meta, { userId, workspaceId: scope.id, action: "deal.delete", category: "crm", resourceType: "deal", resourceId: deal.id, description: deal.title });
    return { deleted: true as const };
  });
}

/**
 * A drag on the board: moveDealToStage (same pipeline, version check, history) plus the reason
 * a lost deal needs; leaving the lost stage clears the reason. All in one transaction.
 */
export async function moveDeal(ctx: ServiceContext, scope: InboxWriterScope, userId: string, input: MoveDealRequest) {
  return withTransaction(ctx.db, async (tx) => {
    const target = await ownedStage(tx, scope.id, input.targetStageId);
    const before = await ownedDeal(tx, scope.id, input.dealId);
    const entersLost = target.isLost && before.stageId !== target.id;
    if (entersLost && !input.lostReason && target.pipelineId === before.pipelineId) throw new AppError("VALIDATION", FUNNEL_ERRORS.lostReasonRequired, { field: "lostReason" });
    const moved = await moveDealToStage(tx, scope.id, input, { type: "user", userId }, ctx.now());
    const lostReason = target.isLost ? (input.lostReason ?? before.lostReason) : null;
    if (lostReason === moved.lostReason) return moved;
    const [row] = await tx.update(deals).set({ lostReason }).where(eq(deals.id, moved.id)).returning();
    return row ?? moved;
  });
}
