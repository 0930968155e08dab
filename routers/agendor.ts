import { agentRef } from "../src/schemas/agents";
import { agendorProbeInput, agendorSaveInput } from "../src/schemas/agendor";
import { agendorOptions, deleteAgendor, getAgendor, saveAgendor, testAgendor } from "../src/services/agendor";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** Agendor CRM of an agent: members read the card (no token); changes and calls to Agendor are for editors. */

export const agendorRouter = router({
  /** The saved settings (hasApiToken instead of the token), or null. */
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getAgendor(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(agendorSaveInput).mutation(({ ctx, input }) => saveAgendor(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  /** → { ok, message, user, accountName, testedAt } from GET /users/me. */
  test: editorProcedure.input(agendorProbeInput).mutation(({ ctx, input }) => testAgendor(ctx.svc, ctx.workspace, input)),
  /** → funnels (with stages), lead origins and users for the pickers. */
  options: editorProcedure.input(agendorProbeInput).mutation(({ ctx, input }) => agendorOptions(ctx.svc, ctx.workspace, input)),
  remove: editorProcedure.input(agentRef).mutation(({ ctx, input }) => deleteAgendor(ctx.svc, ctx.workspace, input.agentId)),
});
