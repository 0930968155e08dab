import { adminSupportListInput, adminSupportPriorityInput, adminSupportReplyInput, adminSupportStatusInput, supportRef } from "../src/schemas/support-api";
import { getAdminSupport, listAdminSupport, replyAdminSupport, setAdminSupportPriority, setAdminSupportStatus } from "../src/services/support/admin";
import { adminProcedure, router } from "./trpc";

/** Issue 19, every support request for the admin (/admin/suporte); mutations are audited by adminProcedure. */
export const adminSupportRouter = router({
  list: adminProcedure.input(adminSupportListInput).query(({ ctx, input }) => listAdminSupport(ctx.svc, input)),
  get: adminProcedure.input(supportRef).query(({ ctx, input }) => getAdminSupport(ctx.svc, input)),
  reply: adminProcedure.input(adminSupportReplyInput).mutation(({ ctx, input }) => replyAdminSupport(ctx.svc, ctx.session.user.id, input)),
  setStatus: adminProcedure.input(adminSupportStatusInput).mutation(({ ctx, input }) => setAdminSupportStatus(ctx.svc, input)),
  setPriority: adminProcedure.input(adminSupportPriorityInput).mutation(({ ctx, input }) => setAdminSupportPriority(ctx.svc, input)),
});
