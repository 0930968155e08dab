import { assignInput, conversationIdInput, listConversationsInput, replyInput, threadInput } from "../src/schemas/conversations";
import {
  assignConversation,
  handBackConversation,
  markConversationRead,
  reopenConversation,
  replyAsHuman,
  resolveConversation,
  takeOverConversation,
} from "../src/services/conversation-actions";
import { conversationCounts, conversationThread, listConversations } from "../src/services/conversations";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Reading the inbox is for every member; answering or changing a conversation is not for viewers. */
const inboxWriter = requirePermission("canAnswerConversations");

/** The inbox (/conversations): every call is scoped to the session's current workspace. */
export const conversationsRouter = router({
  list: workspaceProcedure.input(listConversationsInput).query(({ ctx, input }) => listConversations(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  counts: workspaceProcedure.query(({ ctx }) => conversationCounts(ctx.svc, ctx.workspace)),
  thread: workspaceProcedure.input(threadInput).query(({ ctx, input }) => conversationThread(ctx.svc, ctx.workspace, input)),
  markRead: inboxWriter.input(conversationIdInput).mutation(({ ctx, input }) => markConversationRead(ctx.svc, ctx.workspace, input)),
  reply: inboxWriter.input(replyInput).mutation(({ ctx, input }) => replyAsHuman(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  takeOver: inboxWriter.input(conversationIdInput).mutation(({ ctx, input }) => takeOverConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  handBack: inboxWriter.input(conversationIdInput).mutation(({ ctx, input }) => handBackConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  assign: inboxWriter.input(assignInput).mutation(({ ctx, input }) => assignConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  resolve: inboxWriter.input(conversationIdInput).mutation(({ ctx, input }) => resolveConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  reopen: inboxWriter.input(conversationIdInput).mutation(({ ctx, input }) => reopenConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});
