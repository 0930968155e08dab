import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { agents, conversations, handoffs, users } from "../../../db/schema";
import { HANDOFF_PAGE_SIZE, type ListHandoffs } from "../../schemas/handoffs";
import type { ServiceContext, WorkspaceScope } from "../context";
import { scopedConversation } from "../conversations";

type Row = typeof handoffs.$inferSelect;

/** Names of the agents and people a page of handoffs mentions, read once per page. */
async function namesOf(ctx: ServiceContext, workspaceId: string, rows: Row[]) {
  const agentIds = [...new Set(rows.flatMap((r) => [r.fromAgentId, r.toAgentId]).filter((v): v is string => Boolean(v)))];
  const userIds = [...new Set(rows.flatMap((r) => [r.humanUserId, r.fromUserId]).filter((v): v is string => Boolean(v)))];
  const [agentRows, userRows] = await Promise.all([
    agentIds.length
      ? ctx.db.select({ id: agents.id, name: agents.name }).from(agents).where(and(inArray(agents.id, agentIds), eq(agents.workspaceId, workspaceId)))
      : [],
    userIds.length ? ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const agentName = new Map(agentRows.map((a) => [a.id, a.name]));
  const userName = new Map(userRows.map((u) => [u.id, [u.firstName, u.lastName].filter(Boolean).join(" ")]));
  return { agent: (id: string | null) => (id ? (agentName.get(id) ?? null) : null), user: (id: string | null) => (id ? (userName.get(id) ?? null) : null) };
}

function shape(r: Row, names: Awaited<ReturnType<typeof namesOf>>) {
  return {
    id: r.id,
    conversationId: r.conversationId,
    fromType: r.fromType,
    fromName: r.fromType === "agent" ? names.agent(r.fromAgentId) : names.user(r.fromUserId),
    toType: r.toType,
    toName: r.toType === "agent" ? names.agent(r.toAgentId) : names.user(r.humanUserId),
    humanUserId: r.humanUserId,
    reason: r.reason,
    confidence: r.confidenceScore,
    notes: r.notes,
    summary: r.context.summary ?? null,
    lastCustomerMessage: r.context.lastCustomerMessage ?? null,
    status: r.status,
    expiresAt: r.expiresAt,
    acceptedAt: r.acceptedAt,
    completedAt: r.completedAt,
    createdAt: r.createdAt,
  };
}
export type HandoffView = ReturnType<typeof shape> & { clientName: string | null; channel: string | null };

/** The "Transferências" list: newest first, a page at a time (one more row read tells if another page exists). */
export async function listHandoffs(ctx: ServiceContext, scope: WorkspaceScope, input: ListHandoffs) {
  const where: SQL[] = [eq(handoffs.workspaceId, scope.id)];
  if (input.status) where.push(eq(handoffs.status, input.status));
  if (input.reason) where.push(eq(handoffs.reason, input.reason));
  const rows = await ctx.db
    .select({ h: handoffs, clientName: conversations.clientName, channel: conversations.channel })
    .from(handoffs)
    .innerJoin(conversations, eq(conversations.id, handoffs.conversationId))
    .where(and(...where))
    .orderBy(desc(handoffs.createdAt))
    .limit(HANDOFF_PAGE_SIZE + 1)
    .offset((input.page - 1) * HANDOFF_PAGE_SIZE);
  const page = rows.slice(0, HANDOFF_PAGE_SIZE);
  const names = await namesOf(ctx, scope.id, page.map((r) => r.h));
  return {
    items: page.map((r): HandoffView => ({ ...shape(r.h, names), clientName: r.clientName, channel: r.channel })),
    page: input.page,
    hasMore: rows.length > HANDOFF_PAGE_SIZE,
  };
}

/** The inbox badge: customers waiting for a person (read off the partial index of pending rows). */
export async function pendingHandoffCount(ctx: ServiceContext, scope: WorkspaceScope) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(handoffs)
    .where(and(eq(handoffs.workspaceId, scope.id), eq(handoffs.status, "pending")));
  return { count: row?.n ?? 0 };
}

/** A conversation's timeline: every handoff, agent to agent and to people, oldest first. */
export async function conversationHandoffs(ctx: ServiceContext, scope: WorkspaceScope, conversationId: string) {
  const conv = await scopedConversation(ctx.db, scope, conversationId);
  const rows = await ctx.db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.conversationId, conversationId), eq(handoffs.workspaceId, scope.id)))
    // handoffs_conversation_idx (conversation_id, created_at): the timeline is read in order, never sorted.
    .orderBy(asc(handoffs.createdAt))
    .limit(200);
  const names = await namesOf(ctx, scope.id, rows);
  const items = rows.map((r): HandoffView => ({ ...shape(r, names), clientName: conv.clientName, channel: conv.channel }));
  return { items, pending: items.find((i) => i.status === "pending") ?? null };
}
