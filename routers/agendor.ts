import { z } from "zod";
import { agendorOptions, deleteAgendor, getAgendor, saveAgendor, testAgendor } from "../src/services/agendor";
import { router, workspaceProcedure } from "./trpc";

/** Agendor CRM of an agent. Bodies are validated by the services' zod contracts (src/schemas/agendor.ts). */
const anyBody = z.unknown();
const byAgent = z.object({ agentId: z.uuid() });

export const agendorRouter = router({
  /** The saved settings (hasApiToken instead of the token), or null. */
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getAgendor(ctx.svc, ctx.workspace, input.agentId)),
  /** { agentId, settings } */
  save: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => saveAgendor(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  /** { agentId, apiToken?, baseUrl? } → { ok, message, user, accountName, testedAt } from GET /users/me. */
  test: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => testAgendor(ctx.svc, ctx.workspace, input)),
  /** { agentId, apiToken?, baseUrl? } → funnels (with stages), lead origins and users for the pickers. */
  options: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => agendorOptions(ctx.svc, ctx.workspace, input)),
  remove: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => deleteAgendor(ctx.svc, ctx.workspace, input.agentId)),
});
