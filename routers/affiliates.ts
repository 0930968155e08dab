import {
  adminAffiliatesInput,
  adminCommissionsInput,
  adminPayoutsInput,
  idInput,
  markPaidInput,
  myCommissionsInput,
  rejectPayoutInput,
  setPixKeyInput,
  setRateInput,
} from "../src/schemas/billing/affiliates";
import { myAffiliate, myCommissions, myPayouts, requestPayout, setPixKey } from "../src/services/billing/affiliates";
import {
  adminApproveCommission,
  adminCommissions,
  adminListAffiliates,
  adminMarkPayoutPaid,
  adminPayouts,
  adminRejectPayout,
  adminSetRate,
} from "../src/services/billing/affiliates-admin";
import { adminProcedure, authedProcedure, router } from "./trpc";

/** /admin/afiliados: rates, commission approval, payouts. */
const adminAffiliatesRouter = router({
  list: adminProcedure.input(adminAffiliatesInput).query(({ ctx, input }) => adminListAffiliates(ctx.svc, input)),
  setRate: adminProcedure.input(setRateInput).mutation(({ ctx, input }) => adminSetRate(ctx.svc, input)),
  commissions: adminProcedure.input(adminCommissionsInput).query(({ ctx, input }) => adminCommissions(ctx.svc, input)),
  approve: adminProcedure.input(idInput).mutation(({ ctx, input }) => adminApproveCommission(ctx.svc, input.id)),
  payouts: adminProcedure.input(adminPayoutsInput).query(({ ctx, input }) => adminPayouts(ctx.svc, input)),
  markPaid: adminProcedure.input(markPaidInput).mutation(({ ctx, input }) => adminMarkPayoutPaid(ctx.svc, input.id, input.note)),
  reject: adminProcedure.input(rejectPayoutInput).mutation(({ ctx, input }) => adminRejectPayout(ctx.svc, input.id, input.note)),
});

/**
 * Affiliates (issue 15): the user's /afiliados and the admin's /admin/afiliados: affiliates.*
 * An affiliate is a person, not a workspace: the user's procedures need a session, not a workspace.
 */
export const affiliatesRouter = router({
  me: authedProcedure.query(({ ctx }) => myAffiliate(ctx.svc)),
  commissions: authedProcedure.input(myCommissionsInput).query(({ ctx, input }) => myCommissions(ctx.svc, input)),
  payouts: authedProcedure.query(({ ctx }) => myPayouts(ctx.svc)),
  setPixKey: authedProcedure.input(setPixKeyInput).mutation(({ ctx, input }) => setPixKey(ctx.svc, input)),
  requestPayout: authedProcedure.mutation(({ ctx }) => requestPayout(ctx.svc)),
  admin: adminAffiliatesRouter,
});
