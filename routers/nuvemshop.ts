import { z } from "zod";
import { getNuvemshop, removeNuvemshop, saveNuvemshop, testNuvemshop } from "../src/services/nuvemshop";
import { router, workspaceProcedure } from "./trpc";

/** The agent's Nuvemshop store. Bodies are validated by the service's zod contract (src/schemas/nuvemshop.ts). */
const byAgent = z.object({ agentId: z.uuid() });

export const nuvemshopRouter = router({
  /** The saved integration (token replaced by hasAccessToken), or null. */
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getNuvemshop(ctx.svc, ctx.workspace, input.agentId)),
  save: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown() }))
    .mutation(({ ctx, input }) => saveNuvemshop(ctx.svc, ctx.workspace, input.agentId, input.config)),
  /** { agentId, config? } → { ok, message, storeName, storeUrl } from a real call to the store. */
  test: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), config: z.unknown().optional() }))
    .mutation(({ ctx, input }) => testNuvemshop(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => removeNuvemshop(ctx.svc, ctx.workspace, input.agentId)),
});
