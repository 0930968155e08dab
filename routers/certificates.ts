import { certificateCodeInput } from "../src/schemas/academy/quiz";
import { myCertificates, verifyCertificate } from "../src/services/academy/certificates";
import { authedProcedure, publicProcedure, router } from "./trpc";

/** Issue 19, certificates: the learner's own, and the public verification (name, course, date — nothing else). */
export const certificatesRouter = router({
  mine: authedProcedure.query(({ ctx }) => myCertificates(ctx.svc, ctx.session.user.id)),
  verify: publicProcedure.input(certificateCodeInput).query(({ ctx, input }) => verifyCertificate(ctx.deps, input.code)),
});
