import { abResultsInput, abTestRef, createAbTestInput, listAbTestsInput, promoteAbTestInput, updateAbTestInput } from "../src/schemas/ab-tests";
import { abTestResultsOf, promoteAbWinner, saveAbAnalysis } from "../src/services/ab-tests/results";
import { changeAbTestStatus, createAbTest, deleteAbTest, getAbTest, listAbTests, updateAbTest } from "../src/services/ab-tests/tests";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** A/B tests of an agent: variants, split, metrics, results, promote (issue 18). Writes need canEditAgents. */
export const abTestsRouter = router({
  list: workspaceProcedure.input(listAbTestsInput).query(({ ctx, input }) => listAbTests(ctx.svc, ctx.workspace, input)),
  get: workspaceProcedure.input(abTestRef).query(({ ctx, input }) => getAbTest(ctx.svc, ctx.workspace, input.id)),
  results: workspaceProcedure.input(abResultsInput).query(({ ctx, input }) => abTestResultsOf(ctx.svc, ctx.workspace, input.id, input.metric)),
  create: editorProcedure.input(createAbTestInput).mutation(({ ctx, input }) => createAbTest(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: editorProcedure.input(updateAbTestInput).mutation(({ ctx, input }) => updateAbTest(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.test)),
  start: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => changeAbTestStatus(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, "start")),
  pause: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => changeAbTestStatus(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, "pause")),
  resume: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => changeAbTestStatus(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, "resume")),
  complete: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => changeAbTestStatus(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, "complete")),
  delete: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => deleteAbTest(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  /** Stores the primary metric's analysis (ab_test_analyses) now. */
  saveAnalysis: editorProcedure.input(abTestRef).mutation(({ ctx, input }) => saveAbAnalysis(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  promote: editorProcedure.input(promoteAbTestInput).mutation(({ ctx, input }) => promoteAbWinner(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});
