/**
 * What a person does in the inbox. Each verb re-reads the conversation inside the caller's
 * workspace (another workspace's id is NOT_FOUND), refuses read-only members before touching
 * anything, and tells live subscribers once its change is committed.
 */
import { and, eq, sql } from "drizzle-orm";
import { conversations, messages, users, workspaceMembers } from "../../db/schema";
import { loadContext } from "../channels/context";
import { scheduleOutbox } from "../channels/pipeline";
import { hardWrap } from "../channels/split";
import { publishLive } from "../lib/live-events";
import { AppError } from "../lib/errors";
import type { Assign, ConversationRef, Reply } from "../schemas/conversations";
import type { InboxWriterScope } from "./access";
import { logActivity } from "./activity";
import type { ServiceContext, WorkspaceScope } from "./context";
import { withTransaction } from "./context";
import { CHANNEL_GONE, WEB_CHAT_NO_REPLY, conversationDetail, scopedConversation } from "./conversations";
import { publicMessage } from "./conversation-view";
import { acceptPendingOnReply, recordTakeover, settleOnHandBack } from "./handoffs/transitions";
import { recordResolvedOutcome } from "./ab-tests/outcomes";
import { scheduleConversationSummary } from "./memory/summary-job";

type Patch = Partial<typeof conversations.$inferInsert>;

const live = (scope: WorkspaceScope, conversationId: string, kind: "message" | "conversation") =>
  publishLive({ workspaceId: scope.id, conversationId, kind });

async function audit(ctx: ServiceContext, scope: WorkspaceScope, userId: string, action: string, conversationId: string, details?: Record<string, unknown>) {
  await logActivity(ctx.db, ctx.meta, { userId, workspaceId: scope.id, action, category: "conversation", resourceType: "conversation", resourceId: conversationId, details });
}

/** One scoped, permission-checked state change; answers the conversation as the thread shows it. */
async function change(ctx: ServiceContext, scope: InboxWriterScope, userId: string, { id }: ConversationRef, action: string, patch: Patch) {
  await scopedConversation(ctx.db, scope, id);
  await ctx.db
    .update(conversations)
    .set({ ...patch, updatedAt: ctx.now() })
    .where(and(eq(conversations.id, id), eq(conversations.workspaceId, scope.id)));
  await audit(ctx, scope, userId, action, id);
  live(scope, id, "conversation");
  return conversationDetail(ctx, scope, id);
}

/** A person takes over until they hand it back (no time limit, unlike a reply); the timeline records it as a handoff. */
export async function takeOverConversation(ctx: ServiceContext, scope: InboxWriterScope, userId: string, ref: ConversationRef) {
  const out = await change(ctx, scope, userId, ref, "conversation.take_over", { handledBy: "human", aiPausedUntil: null });
  await recordTakeover(ctx.db, { workspaceId: scope.id, conversationId: ref.id, userId, now: ctx.now() });
  publishLive({ workspaceId: scope.id, conversationId: ref.id, kind: "handoff" });
  return out;
}

/** The AI answers the customer's next message again; the open handoff is settled (completed). */
export async function handBackConversation(ctx: ServiceContext, scope: InboxWriterScope, userId: string, ref: ConversationRef) {
  const out = await change(ctx, scope, userId, ref, "conversation.hand_back", { handledBy: "ai", aiPausedUntil: null, needsHumanSupport: false });
  if (await settleOnHandBack(ctx.db, { workspaceId: scope.id, conversationId: ref.id, now: ctx.now() })) {
    publishLive({ workspaceId: scope.id, conversationId: ref.id, kind: "handoff" });
  }
  return out;
}

export async function resolveConversation(ctx: ServiceContext, scope: InboxWriterScope, userId: string, ref: ConversationRef) {
  const detail = await change(ctx, scope, userId, ref, "conversation.resolve", { status: "resolved", finishedAt: ctx.now(), waitingForUser: false });
  // An A/B test's "resolved without a person" when no person ever handled it (never throws).
  await recordResolvedOutcome(ctx, { workspaceId: scope.id, conversationId: ref.id });
  // The summary is written by a job right away (never throws; the agent's switch applies there).
  await scheduleConversationSummary(ctx.db, { workspaceId: scope.id, conversationId: ref.id, reason: "resolved", lastCustomerMessageId: null }, ctx.now());
  return detail;
}

export const reopenConversation = (ctx: ServiceContext, scope: InboxWriterScope, userId: string, ref: ConversationRef) =>
  change(ctx, scope, userId, ref, "conversation.reopen", { status: "active", finishedAt: null });

/** Opening a conversation clears its unread badge (for everyone: the count is the conversation's). */
export async function markConversationRead(ctx: ServiceContext, scope: InboxWriterScope, { id }: ConversationRef) {
  const conv = await scopedConversation(ctx.db, scope, id);
  if (conv.unreadCount === 0) return { id, unreadCount: 0 };
  await withTransaction(ctx.db, async (tx) => {
    await tx.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, id));
    await tx.update(messages).set({ isRead: true }).where(and(eq(messages.conversationId, id), eq(messages.isRead, false)));
  });
  live(scope, id, "conversation");
  return { id, unreadCount: 0 };
}

/** Assigns to a member who can answer (not a read-only one), or unassigns with null. */
export async function assignConversation(ctx: ServiceContext, scope: InboxWriterScope, userId: string, input: Assign) {
  await scopedConversation(ctx.db, scope, input.id);
  if (input.userId) {
    const [member] = await ctx.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, input.userId)))
      .limit(1);
    if (!member) throw new AppError("VALIDATION", "Este usuário não é membro deste workspace", { field: "userId" });
    if (member.role === "viewer") {
      throw new AppError("VALIDATION", "Este membro tem acesso somente leitura e não pode atender conversas", { field: "userId" });
    }
  }
  await ctx.db
    .update(conversations)
    .set({ assignedToUserId: input.userId, updatedAt: ctx.now() })
    .where(and(eq(conversations.id, input.id), eq(conversations.workspaceId, scope.id)));
  await audit(ctx, scope, userId, "conversation.assign", input.id, { assignedToUserId: input.userId });
  live(scope, input.id, "conversation");
  return conversationDetail(ctx, scope, input.id);
}

/**
 * A person answers on the customer's channel: the text goes into the conversation's outbox (split
 * only if the channel's limit demands it) and the outbox job sends it. The AI pauses for
 * HUMAN_TAKEOVER_MINUTES (an open-ended takeover stays open-ended), and an unassigned conversation
 * becomes the sender's.
 */
export async function replyAsHuman(ctx: ServiceContext, scope: InboxWriterScope, userId: string, input: Reply) {
  const conv = await scopedConversation(ctx.db, scope, input.id);
  if (!conv.connectionId) throw new AppError("PRECONDITION_FAILED", WEB_CHAT_NO_REPLY);
  const channel = await loadContext(ctx, conv.id);
  if (!channel) throw new AppError("PRECONDITION_FAILED", CHANNEL_GONE);
  if (input.clientId) {
    // The same send retried after a lost answer: report the message already queued.
    const [dup] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conv.id), sql`json_extract(${messages.metadata}, '$.clientId') = ${input.clientId}`))
      .limit(1);
    if (dup) return { messages: [publicMessage(dup)] };
  }
  const [user] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  const senderName = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || "Atendente";
  const parts = hardWrap(input.text, channel.driver.limit, channel.driver.measure);
  const now = ctx.now();
  const pausedUntil = conv.handledBy === "human" && conv.aiPausedUntil === null ? null : Math.max(conv.aiPausedUntil ?? 0, now + ctx.env.HUMAN_TAKEOVER_MINUTES * 60_000);
  const inserted = await withTransaction(ctx.db, async (tx) => {
    const rows = await tx
      .insert(messages)
      .values(
        parts.map((text, i) => ({
          conversationId: conv.id,
          workspaceId: scope.id,
          senderId: userId,
          senderType: "human" as const,
          senderName,
          content: text,
          isRead: true,
          sentAt: now + i,
          deliveryStatus: "pending" as const,
          metadata: { ...(input.clientId ? { clientId: input.clientId } : {}), ...(parts.length > 1 ? { part: i + 1, parts: parts.length } : {}) },
        })),
      )
      .returning();
    await tx
      .update(conversations)
      .set({
        handledBy: "human",
        aiPausedUntil: pausedUntil,
        assignedToUserId: conv.assignedToUserId ?? userId,
        lastMessageAt: now,
        unreadCount: 0,
        updatedAt: now,
      })
      .where(eq(conversations.id, conv.id));
    await tx.update(messages).set({ isRead: true }).where(and(eq(messages.conversationId, conv.id), eq(messages.isRead, false)));
    return rows;
  });
  await scheduleOutbox(ctx, conv);
  // Answering a customer who waits for a person is accepting that handoff.
  if (await acceptPendingOnReply(ctx.db, { workspaceId: scope.id, conversationId: conv.id, userId, now })) {
    publishLive({ workspaceId: scope.id, conversationId: conv.id, kind: "handoff" });
  }
  await audit(ctx, scope, userId, "conversation.reply", conv.id, { parts: parts.length });
  live(scope, conv.id, "message");
  return { messages: inserted.map(publicMessage) };
}
