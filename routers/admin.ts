import { z } from "zod";
import { listProviders, saveProvider, currentSystemPrompt, saveSystemPrompt, systemPromptHistory, testProvider } from "../src/services/ai-config";
import { aiProviderInput, systemPromptInput } from "../src/schemas/admin";
import { deadJobs, discardDeadJob, queueSummary, retryDeadJob } from "../src/services/job-admin";
import { adminProcedure, router } from "./trpc";

const jobId = z.object({ id: z.uuid({ message: "Job inválido" }) });


export const adminRouter = router({
  ai: router({
    list: adminProcedure.query(({ ctx }) => listProviders(ctx.deps.db)),
    save: adminProcedure.input(aiProviderInput).mutation(({ ctx, input }) => saveProvider(ctx.deps, input)),
    test: adminProcedure.input(z.object({ provider: z.string() })).mutation(({ ctx, input }) => testProvider(ctx.deps, input.provider)),
  }),
  jobs: router({
    summary: adminProcedure.query(({ ctx }) => queueSummary(ctx.deps)),
    dead: adminProcedure.query(({ ctx }) => deadJobs(ctx.deps)),
    retry: adminProcedure.input(jobId).mutation(({ ctx, input }) => retryDeadJob(ctx.deps, input.id)),
    discard: adminProcedure.input(jobId).mutation(({ ctx, input }) => discardDeadJob(ctx.deps, input.id)),
  }),
  systemPrompt: router({
    current: adminProcedure.query(({ ctx }) => currentSystemPrompt(ctx.deps.db)),
    history: adminProcedure.query(({ ctx }) => systemPromptHistory(ctx.deps.db)),
    save: adminProcedure
      .input(systemPromptInput)
      .mutation(({ ctx, input }) => saveSystemPrompt(ctx.deps.db, ctx.session.user.id, input.content, input.changeDescription)),
  }),
});
