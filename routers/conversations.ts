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
import { router, workspaceProcedure } from "./trpc";

/** The inbox (/conversations): every call is scoped to the session's current workspace. */
export const conversationsRouter = router({
  list: workspaceProcedure.input(listConversationsInput).query(({ ctx, input }) => listConversations(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  counts: workspaceProcedure.query(({ ctx }) => conversationCounts(ctx.svc, ctx.workspace)),
  thread: workspaceProcedure.input(threadInput).query(({ ctx, input }) => conversationThread(ctx.svc, ctx.workspace, input)),
  markRead: workspaceProcedure.input(conversationIdInput).mutation(({ ctx, input }) => markConversationRead(ctx.svc, ctx.workspace, input)),
  reply: workspaceProcedure.input(replyInput).mutation(({ ctx, input }) => replyAsHuman(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  takeOver: workspaceProcedure.input(conversationIdInput).mutation(({ ctx, input }) => takeOverConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  handBack: workspaceProcedure.input(conversationIdInput).mutation(({ ctx, input }) => handBackConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  assign: workspaceProcedure.input(assignInput).mutation(({ ctx, input }) => assignConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  resolve: workspaceProcedure.input(conversationIdInput).mutation(({ ctx, input }) => resolveConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  reopen: workspaceProcedure.input(conversationIdInput).mutation(({ ctx, input }) => reopenConversation(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});
