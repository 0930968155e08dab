import { CAMPAIGNS_READ_ONLY } from "../src/schemas/permissions";
import { startValidationInput, validationResultsInput, validationRunIdInput } from "../src/schemas/campaigns/validation";
import {
  cancelValidationRun,
  getValidationRun,
  listValidationConnections,
  listValidationResults,
  listValidationRuns,
  listValidationTargets,
  startValidationRun,
  validationResultsCsv,
} from "../src/services/campaigns/validation";
import { requirePermission, router, workspaceProcedure } from "./trpc";

const writer = requirePermission("canAnswerConversations", CAMPAIGNS_READ_ONLY);

/** WhatsApp number checks (/validation and inside lists). */
export const validationRouter = router({
  connections: workspaceProcedure.query(({ ctx }) => listValidationConnections(ctx.svc, ctx.workspace)),
  targets: workspaceProcedure.query(({ ctx }) => listValidationTargets(ctx.svc, ctx.workspace)),
  list: workspaceProcedure.query(({ ctx }) => listValidationRuns(ctx.svc, ctx.workspace)),
  get: workspaceProcedure.input(validationRunIdInput).query(({ ctx, input }) => getValidationRun(ctx.svc, ctx.workspace, input.id)),
  results: workspaceProcedure.input(validationResultsInput).query(({ ctx, input }) => listValidationResults(ctx.svc, ctx.workspace, input)),
  csv: workspaceProcedure.input(validationRunIdInput).query(({ ctx, input }) => validationResultsCsv(ctx.svc, ctx.workspace, input.id)),
  start: writer.input(startValidationInput).mutation(({ ctx, input }) => startValidationRun(ctx.svc, ctx.workspace, input)),
  cancel: writer.input(validationRunIdInput).mutation(({ ctx, input }) => cancelValidationRun(ctx.svc, ctx.workspace, input.id)),
});
