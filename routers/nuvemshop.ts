import { agentRef } from "../src/schemas/agents";
import { saveNuvemshopInput, testNuvemshopInput } from "../src/schemas/nuvemshop";
import { getNuvemshop, removeNuvemshop, saveNuvemshop, testNuvemshop } from "../src/services/nuvemshop";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** The agent's Nuvemshop store: members read the card (token as hasAccessToken); changes and the test are for editors. */

export const nuvemshopRouter = router({
  /** The saved integration (token replaced by hasAccessToken), or null. */
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getNuvemshop(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(saveNuvemshopInput).mutation(({ ctx, input }) => saveNuvemshop(ctx.svc, ctx.workspace, input.agentId, input.config)),
  /** { agentId, config? } → { ok, message, storeName, storeUrl } from a real call to the store. */
  test: editorProcedure.input(testNuvemshopInput).mutation(({ ctx, input }) => testNuvemshop(ctx.svc, ctx.workspace, input.agentId, input.config)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => removeNuvemshop(ctx.svc, ctx.workspace, input.agentId)),
});
