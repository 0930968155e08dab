import { publicUser } from "../src/services/auth";
import { publicProcedure, router } from "./trpc";

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.session ? publicUser(ctx.session.user, ctx.session.data.workspaceId) : null)),
});
