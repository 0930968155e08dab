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
import { conversationContactInput, createConversationDealInput } from "../src/schemas/crm/inbox";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { conversationContactCard, createConversationContact, createConversationDeal } from "../src/services/crm/conversation-contact";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Reading the inbox is for every member; answering or changing a conversation is not for viewers. */
const inboxWriter = requirePermission("canAnswerConversations");
/** The contact card's writes are CRM writes: refused to viewers with the CRM's words. */
const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);

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
  // The contact card (issue 14): src/services/crm/conversation-contact.ts.
  contact: workspaceProcedure.input(conversationContactInput).query(({ ctx, input }) => conversationContactCard(ctx.svc, ctx.workspace, input)),
  createContact: crmWriter.input(conversationContactInput).mutation(({ ctx, input }) => createConversationContact(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  createDeal: crmWriter.input(createConversationDealInput).mutation(({ ctx, input }) => createConversationDeal(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});
