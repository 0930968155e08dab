/**
 * The handoff state machine (SPEC §4): pending → accepted → completed, or pending → expired
 * (timeout.ts), or canceled. Each move is one conditional update (the status it leaves is in the
 * WHERE), so two people accepting at once cannot both win. The conversation follows the handoff:
 * accepted = with that person, open-ended; completed or canceled = the AI answers again.
 */
import { and, eq, inArray } from "drizzle-orm";
import { conversations, handoffs } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { publishLive } from "../../lib/live-events";
import type { HandoffRef } from "../../schemas/handoffs";
import type { HandoffStatus } from "../../schemas/orchestration";
import type { InboxWriterScope } from "../access";
import { logActivity } from "../activity";
import type { DbOrTx, ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";

export const HANDOFF_NOT_FOUND = "Transferência não encontrada";
const NOT_PENDING = "Esta transferência já foi aceita, encerrada ou expirou";
const NOT_OPEN = "Esta transferência não está em atendimento";

type HandoffRow = typeof handoffs.$inferSelect;
/** What accept, complete and cancel answer (one shape, so the screens handle them alike). */
export type HandoffMove = { id: string; conversationId: string; status: HandoffStatus };
type ConvPatch = Partial<typeof conversations.$inferInsert>;

export async function scopedHandoff(db: DbOrTx, scope: WorkspaceScope, id: string): Promise<HandoffRow> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.id, id), eq(handoffs.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", HANDOFF_NOT_FOUND);
  return row;
}

/** Moves one handoff from one of `from` to the new state and patches its conversation, together; false if it moved already. */
async function move(db: DbOrTx, h: HandoffRow, from: HandoffStatus[], set: Partial<typeof handoffs.$inferInsert>, conv: ConvPatch, now: number) {
  return withTransaction(db, async (tx) => {
    const moved = await tx
      .update(handoffs)
      .set({ ...set, updatedAt: now })
      .where(and(eq(handoffs.id, h.id), inArray(handoffs.status, from)))
      .returning({ id: handoffs.id });
    if (!moved.length) return false;
    await tx
      .update(conversations)
      .set({ ...conv, updatedAt: now })
      .where(and(eq(conversations.id, h.conversationId), eq(conversations.workspaceId, h.workspaceId)));
    return true;
  });
}

const withPerson = (userId: string): ConvPatch => ({ handledBy: "human", aiPausedUntil: null, assignedToUserId: userId });
const backToAi: ConvPatch = { handledBy: "ai", aiPausedUntil: null, needsHumanSupport: false };

async function audit(ctx: ServiceContext, h: HandoffRow, userId: string, action: string) {
  await logActivity(ctx.db, ctx.meta, {
    userId,
    workspaceId: h.workspaceId,
    action,
    category: "conversation",
    resourceType: "handoff",
    resourceId: h.id,
    details: { conversationId: h.conversationId, reason: h.reason },
  });
  publishLive({ workspaceId: h.workspaceId, conversationId: h.conversationId, kind: "handoff" });
}

/** A member takes the customer: the conversation becomes theirs, with no time limit, until they end it. */
export async function acceptHandoff(ctx: ServiceContext, scope: InboxWriterScope, userId: string, { id }: HandoffRef): Promise<HandoffMove> {
  const h = await scopedHandoff(ctx.db, scope, id);
  const now = ctx.now();
  if (!(await move(ctx.db, h, ["pending"], { status: "accepted", humanUserId: userId, acceptedAt: now }, withPerson(userId), now))) {
    throw new AppError("CONFLICT", NOT_PENDING);
  }
  await audit(ctx, h, userId, "handoff.accept");
  return { id, conversationId: h.conversationId, status: "accepted" };
}

/** The person is done: the handoff is completed and the AI answers the customer again. */
export async function completeHandoff(ctx: ServiceContext, scope: InboxWriterScope, userId: string, { id }: HandoffRef): Promise<HandoffMove> {
  const h = await scopedHandoff(ctx.db, scope, id);
  const now = ctx.now();
  if (!(await move(ctx.db, h, ["accepted"], { status: "completed", completedAt: now }, backToAi, now))) throw new AppError("CONFLICT", NOT_OPEN);
  await audit(ctx, h, userId, "handoff.complete");
  return { id, conversationId: h.conversationId, status: "completed" };
}

/** Nobody is needed after all: the handoff is canceled and the AI answers again. */
export async function cancelHandoff(ctx: ServiceContext, scope: InboxWriterScope, userId: string, { id }: HandoffRef): Promise<HandoffMove> {
  const h = await scopedHandoff(ctx.db, scope, id);
  const now = ctx.now();
  if (!(await move(ctx.db, h, ["pending", "accepted"], { status: "canceled", completedAt: now }, backToAi, now))) {
    throw new AppError("CONFLICT", "Esta transferência já foi encerrada");
  }
  await audit(ctx, h, userId, "handoff.cancel");
  return { id, conversationId: h.conversationId, status: "canceled" };
}

/** The open (pending or accepted) handoff to a person of a conversation, if any. */
async function openHandoffOf(db: DbOrTx, workspaceId: string, conversationId: string) {
  const rows = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.conversationId, conversationId), eq(handoffs.workspaceId, workspaceId), inArray(handoffs.status, ["pending", "accepted"])))
    .limit(5);
  return rows.find((r) => r.status === "pending") ?? rows.find((r) => r.status === "accepted") ?? null;
}

/**
 * The inbox's verbs keep the timeline true (conversation-actions.ts calls these after its own
 * write): a takeover accepts the pending handoff or records a "manual" one already accepted; a
 * reply accepts a pending one; handing back completes the open one (a pending one is canceled).
 */
export async function recordTakeover(db: DbOrTx, at: { workspaceId: string; conversationId: string; userId: string; now: number }) {
  const open = await openHandoffOf(db, at.workspaceId, at.conversationId);
  if (open?.status === "accepted") return open.id;
  if (open) {
    await db.update(handoffs).set({ status: "accepted", humanUserId: at.userId, acceptedAt: at.now, updatedAt: at.now }).where(and(eq(handoffs.id, open.id), eq(handoffs.status, "pending")));
    return open.id;
  }
  const [conv] = await db
    .select({ agentId: conversations.agentId, activeAgentId: conversations.activeAgentId })
    .from(conversations)
    .where(eq(conversations.id, at.conversationId))
    .limit(1);
  const [row] = await db
    .insert(handoffs)
    .values({
      workspaceId: at.workspaceId,
      conversationId: at.conversationId,
      fromType: "agent",
      fromAgentId: conv?.activeAgentId ?? conv?.agentId ?? null,
      toType: "human",
      humanUserId: at.userId,
      reason: "manual",
      status: "accepted",
      acceptedAt: at.now,
      createdAt: at.now,
      updatedAt: at.now,
    })
    .returning({ id: handoffs.id });
  return row?.id ?? null;
}

export async function acceptPendingOnReply(db: DbOrTx, at: { workspaceId: string; conversationId: string; userId: string; now: number }) {
  const open = await openHandoffOf(db, at.workspaceId, at.conversationId);
  if (open?.status !== "pending") return null;
  await db.update(handoffs).set({ status: "accepted", humanUserId: at.userId, acceptedAt: at.now, updatedAt: at.now }).where(and(eq(handoffs.id, open.id), eq(handoffs.status, "pending")));
  return open.id;
}

export async function settleOnHandBack(db: DbOrTx, at: { workspaceId: string; conversationId: string; now: number }) {
  const open = await openHandoffOf(db, at.workspaceId, at.conversationId);
  if (!open) return null;
  const status = open.status === "accepted" ? "completed" : "canceled";
  await db.update(handoffs).set({ status, completedAt: at.now, updatedAt: at.now }).where(and(eq(handoffs.id, open.id), eq(handoffs.status, open.status)));
  return open.id;
}
