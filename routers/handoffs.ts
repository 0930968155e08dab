import { conversationHandoffsInput, handoffIdInput, handoffSettingsInput, listHandoffsInput } from "../src/schemas/handoffs";
import { conversationHandoffs, listHandoffs, pendingHandoffCount } from "../src/services/handoffs/queries";
import { getHandoffSettings, updateHandoffSettings } from "../src/services/handoffs/settings";
import { acceptHandoff, cancelHandoff, completeHandoff } from "../src/services/handoffs/transitions";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Accepting or ending a handoff is answering the customer: refused to read-only members, like a reply. */
const inboxWriter = requirePermission("canAnswerConversations");
const settingsManager = requirePermission("canManageSettings");

/** Handoffs to people: pending list, accept, complete, settings (issue 18). */
export const handoffsRouter = router({
  list: workspaceProcedure.input(listHandoffsInput).query(({ ctx, input }) => listHandoffs(ctx.svc, ctx.workspace, input)),
  pendingCount: workspaceProcedure.query(({ ctx }) => pendingHandoffCount(ctx.svc, ctx.workspace)),
  forConversation: workspaceProcedure.input(conversationHandoffsInput).query(({ ctx, input }) => conversationHandoffs(ctx.svc, ctx.workspace, input.conversationId)),
  accept: inboxWriter.input(handoffIdInput).mutation(({ ctx, input }) => acceptHandoff(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  complete: inboxWriter.input(handoffIdInput).mutation(({ ctx, input }) => completeHandoff(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  cancel: inboxWriter.input(handoffIdInput).mutation(({ ctx, input }) => cancelHandoff(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  settings: router({
    get: workspaceProcedure.query(({ ctx }) => getHandoffSettings(ctx.svc, ctx.workspace)),
    update: settingsManager.input(handoffSettingsInput).mutation(({ ctx, input }) => updateHandoffSettings(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  }),
});
