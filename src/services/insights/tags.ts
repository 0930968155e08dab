import { and, asc, desc, eq } from "drizzle-orm";
import { conversationTags, conversations, messageSentiments, popularTags } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { InboxWriterScope } from "../access";
import { logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withRawWrite } from "../credit-debit";
import { addTagsInTx, removeTagInTx } from "./store";

/** Conversation tags (automatic and manual), the workspace's popular tags and the inbox's sentiment dots (issue 18). */
async function ownConversation(ctx: ServiceContext, scope: WorkspaceScope, conversationId: string) {
  const [row] = await ctx.db
    .select({ id: conversations.id, agentId: conversations.agentId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Conversa não encontrada");
  return row;
}

export async function listConversationTags(ctx: ServiceContext, scope: WorkspaceScope, conversationId: string) {
  await ownConversation(ctx, scope, conversationId);
  return ctx.db
    .select({ tag: conversationTags.tag, source: conversationTags.source, createdAt: conversationTags.createdAt })
    .from(conversationTags)
    .where(eq(conversationTags.conversationId, conversationId))
    // The primary key's order (conversation, tag): alphabetical, read off the index.
    .orderBy(asc(conversationTags.tag))
    .limit(50);
}

const userOf = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

export async function addConversationTag(ctx: ServiceContext, scope: InboxWriterScope, input: { conversationId: string; tag: string }) {
  const conv = await ownConversation(ctx, scope, input.conversationId);
  const added = await withRawWrite(ctx.db, (tx) => addTagsInTx(tx, { workspaceId: scope.id, conversationId: conv.id, tags: [input.tag], source: "manual", now: ctx.now() }));
  if (added.length) {
    await logActivity(ctx.db, ctx.meta, {
      userId: userOf(ctx),
      workspaceId: scope.id,
      agentId: conv.agentId,
      action: "conversation.tag_added",
      category: "conversation",
      resourceType: "conversation",
      resourceId: conv.id,
      description: `Etiqueta "${added[0]}" adicionada à conversa`,
    });
  }
  return { added: added.length > 0 };
}

export async function removeConversationTag(ctx: ServiceContext, scope: InboxWriterScope, input: { conversationId: string; tag: string }) {
  const conv = await ownConversation(ctx, scope, input.conversationId);
  const removed = await withRawWrite(ctx.db, (tx) => removeTagInTx(tx, { workspaceId: scope.id, conversationId: conv.id, tag: input.tag }));
  if (!removed) throw new AppError("NOT_FOUND", "Etiqueta não encontrada nesta conversa");
  await logActivity(ctx.db, ctx.meta, {
    userId: userOf(ctx),
    workspaceId: scope.id,
    agentId: conv.agentId,
    action: "conversation.tag_removed",
    category: "conversation",
    resourceType: "conversation",
    resourceId: conv.id,
    description: `Etiqueta "${input.tag}" removida da conversa`,
  });
  return { removed: true };
}

export async function listPopularTags(ctx: ServiceContext, scope: WorkspaceScope, limit: number) {
  return ctx.db
    .select({ tag: popularTags.tag, count: popularTags.count, lastUsedAt: popularTags.lastUsedAt })
    .from(popularTags)
    .where(eq(popularTags.workspaceId, scope.id))
    .orderBy(desc(popularTags.count))
    .limit(limit);
}

/** The inbox's sentiment dots: the conversation's analysed customer messages (newest 500). */
export async function listMessageSentiments(ctx: ServiceContext, scope: WorkspaceScope, conversationId: string) {
  await ownConversation(ctx, scope, conversationId);
  return ctx.db
    .select({
      messageId: messageSentiments.messageId,
      sentiment: messageSentiments.sentiment,
      score: messageSentiments.score,
      emotions: messageSentiments.emotions,
      urgency: messageSentiments.urgency,
      source: messageSentiments.source,
    })
    .from(messageSentiments)
    .where(eq(messageSentiments.conversationId, conversationId))
    .orderBy(desc(messageSentiments.createdAt))
    .limit(500);
}
