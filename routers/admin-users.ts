import { adminSetRoleInput, adminSuspendInput, adminUserRef, adminUsersListInput } from "../src/schemas/admin-users";
import { reactivateUser, resendUserVerification, sendUserPasswordReset, setUserRole, suspendUser } from "../src/services/admin/users/actions";
import { adminUserDetail } from "../src/services/admin/users/detail";
import { listAdminUsers, planFilterOptions } from "../src/services/admin/users/list";
import { adminProcedure, router } from "./trpc";

/** The admin acting: their id goes on every audit line the verbs write. */
const actorOf = (ctx: { session: { sid: string; user: { id: string } } }) => ({ adminId: ctx.session.user.id, sessionId: ctx.session.sid });

/** Admin: users, their detail, role, suspension, verification and reset links (/admin/usuarios) (issue 17). */
export const adminUsersRouter = router({
  list: adminProcedure.input(adminUsersListInput).query(({ ctx, input }) => listAdminUsers(ctx.deps, input)),
  planOptions: adminProcedure.query(({ ctx }) => planFilterOptions(ctx.deps)),
  get: adminProcedure.input(adminUserRef).query(({ ctx, input }) => adminUserDetail(ctx.deps, input.userId)),
  setRole: adminProcedure.input(adminSetRoleInput).mutation(({ ctx, input }) => setUserRole(ctx.deps, ctx.meta, actorOf(ctx), input)),
  suspend: adminProcedure.input(adminSuspendInput).mutation(({ ctx, input }) => suspendUser(ctx.deps, ctx.meta, actorOf(ctx), input)),
  reactivate: adminProcedure.input(adminUserRef).mutation(({ ctx, input }) => reactivateUser(ctx.deps, ctx.meta, actorOf(ctx), input.userId)),
  resendVerification: adminProcedure
    .input(adminUserRef)
    .mutation(({ ctx, input }) => resendUserVerification(ctx.deps, ctx.meta, actorOf(ctx), input.userId)),
  sendPasswordReset: adminProcedure.input(adminUserRef).mutation(({ ctx, input }) => sendUserPasswordReset(ctx.deps, ctx.meta, actorOf(ctx), input.userId)),
});
