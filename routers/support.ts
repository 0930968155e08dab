import { supportListInput, supportRef, supportReplyInput } from "../src/schemas/support-api";
import { closeMyRequest, getMyRequest, listMyRequests, replyToMyRequest } from "../src/services/support/mine";
import { authedProcedure, router } from "./trpc";

/** Issue 19, a user's own support requests (Meus chamados): anyone signed in, their own requests only. */
export const supportRouter = router({
  list: authedProcedure.input(supportListInput).query(({ ctx, input }) => listMyRequests(ctx.svc, ctx.session.user.id, input)),
  get: authedProcedure.input(supportRef).query(({ ctx, input }) => getMyRequest(ctx.svc, ctx.session.user.id, input)),
  reply: authedProcedure.input(supportReplyInput).mutation(({ ctx, input }) => replyToMyRequest(ctx.svc, ctx.session.user.id, input)),
  close: authedProcedure.input(supportRef).mutation(({ ctx, input }) => closeMyRequest(ctx.svc, ctx.session.user.id, input)),
});
