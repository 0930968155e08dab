/**
 * A deal's activities (SPEC §3/§5: e-mail, call, meeting, task, note) and the "Para hoje"
 * reminder. Each verb re-reads the activity or deal inside the caller's workspace, so another
 * workspace's id is NOT_FOUND; lists are bounded and read off their indexes.
 */
import { and, desc, eq, lt, or } from "drizzle-orm";
import { dealActivities, deals } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import {
  type CompleteActivityInput,
  type CreateActivityInput,
  DEAL_DETAIL_ERRORS,
  type DueTodayInput,
  type UpdateActivityInput,
  saoPauloDay,
} from "../../schemas/crm/deal-details";
import type { InboxWriterScope } from "../access";
import type { ServiceContext, WorkspaceScope } from "../context";
import { scopedDeal } from "./deal-history";

/** CRM writes need the same standing as answering conversations (every role but viewer). */
export type CrmWriterScope = InboxWriterScope;
type ActivityRow = typeof dealActivities.$inferSelect;

/** A deal's newest activities; the page sorts them (pending by due date, then the rest). */
const LIST_LIMIT = 200;
/** What the reminder lists; its count stops at DUE_COUNT_CAP ("99+"). */
const DUE_LIST_LIMIT = 50;
const DUE_COUNT_CAP = 100;

const publicActivity = (a: ActivityRow) => ({
  id: a.id,
  dealId: a.dealId,
  contactId: a.contactId,
  type: a.type,
  subject: a.subject,
  description: a.description,
  status: a.status,
  scheduledAt: a.scheduledAt,
  duration: a.duration,
  outcome: a.outcome,
  completedAt: a.completedAt,
  createdByUserId: a.createdByUserId,
  agentId: a.agentId,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});
export type DealActivity = ReturnType<typeof publicActivity>;

async function scopedActivity(ctx: ServiceContext, workspaceId: string, id: string): Promise<ActivityRow> {
  const [row] = await ctx.db
    .select()
    .from(dealActivities)
    .where(and(eq(dealActivities.id, id), eq(dealActivities.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", DEAL_DETAIL_ERRORS.activityNotFound);
  return row;
}

export async function listDealActivities(ctx: ServiceContext, scope: WorkspaceScope, { dealId }: { dealId: string }): Promise<DealActivity[]> {
  await scopedDeal(ctx.db, scope.id, dealId);
  const rows = await ctx.db
    .select()
    .from(dealActivities)
    .where(and(eq(dealActivities.dealId, dealId), eq(dealActivities.workspaceId, scope.id)))
    .orderBy(desc(dealActivities.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(publicActivity);
}

/** A new activity on the deal and its contact, pending unless it is a note (a note is a record, not a to-do). */
export async function createDealActivity(ctx: ServiceContext, scope: CrmWriterScope, userId: string, input: CreateActivityInput): Promise<DealActivity> {
  const deal = await scopedDeal(ctx.db, scope.id, input.dealId);
  const now = ctx.now();
  const isNote = input.type === "note";
  const [row] = await ctx.db
    .insert(dealActivities)
    .values({
      workspaceId: scope.id,
      dealId: deal.id,
      contactId: deal.contactId,
      type: input.type,
      subject: input.subject,
      description: input.description ?? null,
      scheduledAt: input.scheduledAt ?? null,
      duration: input.duration ?? null,
      status: isNote ? "completed" : "pending",
      completedAt: isNote ? now : null,
      createdByUserId: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Falha ao criar a atividade");
  return publicActivity(row);
}

/** Changes the fields sent; a status change keeps completedAt in step (set when done, cleared when reopened). */
export async function updateDealActivity(ctx: ServiceContext, scope: CrmWriterScope, input: UpdateActivityInput): Promise<DealActivity> {
  const current = await scopedActivity(ctx, scope.id, input.id);
  const p = input.patch;
  const now = ctx.now();
  const status = p.status ?? current.status;
  const completedAt = status === "completed" ? (current.status === "completed" ? current.completedAt : now) : null;
  const [row] = await ctx.db
    .update(dealActivities)
    .set({
      ...(p.type !== undefined && { type: p.type }),
      ...(p.subject !== undefined && { subject: p.subject }),
      ...(p.description !== undefined && { description: p.description }),
      ...(p.scheduledAt !== undefined && { scheduledAt: p.scheduledAt }),
      ...(p.duration !== undefined && { duration: p.duration }),
      ...(p.outcome !== undefined && { outcome: p.outcome }),
      status,
      completedAt,
      updatedAt: now,
    })
    .where(and(eq(dealActivities.id, current.id), eq(dealActivities.workspaceId, scope.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", DEAL_DETAIL_ERRORS.activityNotFound);
  return publicActivity(row);
}

/** "Concluir": done now, with its outcome (kept when none is given). */
export function completeDealActivity(ctx: ServiceContext, scope: CrmWriterScope, input: CompleteActivityInput): Promise<DealActivity> {
  return updateDealActivity(ctx, scope, { id: input.id, patch: { status: "completed", ...(input.outcome !== undefined && { outcome: input.outcome }) } });
}

export async function deleteDealActivity(ctx: ServiceContext, scope: CrmWriterScope, { id }: { id: string }) {
  const current = await scopedActivity(ctx, scope.id, id);
  await ctx.db.delete(dealActivities).where(and(eq(dealActivities.id, current.id), eq(dealActivities.workspaceId, scope.id)));
  return { id };
}

/**
 * "Para hoje": pending activities due before the end of today in São Paulo (so the overdue ones
 * too), oldest first. One range read of deal_activities_due_idx, cut by LIMIT; "mine" keeps the
 * ones I created or on deals I own.
 */
export async function dueTodayActivities(ctx: ServiceContext, scope: WorkspaceScope, userId: string, input: DueTodayInput) {
  const now = ctx.now();
  const { start, end } = saoPauloDay(now);
  const where = and(
    eq(dealActivities.workspaceId, scope.id),
    eq(dealActivities.status, "pending"),
    lt(dealActivities.scheduledAt, end),
    input.mine ? or(eq(dealActivities.createdByUserId, userId), eq(deals.ownerUserId, userId)) : undefined,
  );
  const rows = await ctx.db
    .select({
      id: dealActivities.id,
      type: dealActivities.type,
      subject: dealActivities.subject,
      scheduledAt: dealActivities.scheduledAt,
      dealId: dealActivities.dealId,
      dealTitle: deals.title,
    })
    .from(dealActivities)
    .leftJoin(deals, eq(deals.id, dealActivities.dealId))
    .where(where)
    .orderBy(dealActivities.scheduledAt)
    .limit(DUE_COUNT_CAP);
  const items = rows.map((r) => {
    const at = r.scheduledAt ?? 0;
    return { ...r, scheduledAt: at, overdue: at < now, today: at >= start };
  });
  return {
    items: items.slice(0, DUE_LIST_LIMIT),
    count: items.length,
    /** The count stopped at the cap: the screen says "99+". */
    more: rows.length >= DUE_COUNT_CAP,
    overdueCount: items.filter((i) => i.overdue).length,
    day: { start, end },
  };
}

