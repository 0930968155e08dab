import {
  changePasswordInput,
  confirmEmailChangeInput,
  deleteAccountInput,
  endSessionInput,
  requestEmailChangeInput,
  updateProfileInput,
} from "../src/schemas/account";
import { removeAvatar } from "../src/services/account/avatar";
import { deleteAccount } from "../src/services/account/data";
import { getAccount, updateProfile } from "../src/services/account/profile";
import {
  cancelEmailChange,
  changePassword,
  confirmEmailChange,
  endOthers,
  endSession,
  listSessions,
  requestEmailChange,
} from "../src/services/account/security";
import { authedProcedure, publicProcedure, router } from "./trpc";

/**
 * The user's own account (/account, issue 17): any signed-in user, whatever their workspace. The
 * avatar upload, the avatar image and the LGPD download are REST (src/api/account.ts).
 */
const sessionsRouter = router({
  list: authedProcedure.query(({ ctx }) => listSessions(ctx.svc)),
  end: authedProcedure.input(endSessionInput).mutation(({ ctx, input }) => endSession(ctx.svc, input)),
  endOthers: authedProcedure.mutation(({ ctx }) => endOthers(ctx.svc)),
});

export const accountRouter = router({
  get: authedProcedure.query(({ ctx }) => getAccount(ctx.svc)),
  updateProfile: authedProcedure.input(updateProfileInput).mutation(({ ctx, input }) => updateProfile(ctx.svc, input)),
  removeAvatar: authedProcedure.mutation(({ ctx }) => removeAvatar(ctx.svc)),
  requestEmailChange: authedProcedure.input(requestEmailChangeInput).mutation(({ ctx, input }) => requestEmailChange(ctx.svc, input)),
  cancelEmailChange: authedProcedure.mutation(({ ctx }) => cancelEmailChange(ctx.svc)),
  /** The link mailed to the new address is the proof: no session needed (it may open in another browser). */
  confirmEmailChange: publicProcedure
    .input(confirmEmailChangeInput)
    .mutation(({ ctx, input }) => confirmEmailChange({ ...ctx.deps, meta: ctx.meta, workspace: null, actor: { type: "anonymous" } }, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx.svc, input)),
  sessions: sessionsRouter,
  delete: authedProcedure.input(deleteAccountInput).mutation(({ ctx, input }) => deleteAccount(ctx.svc, input)),
});
