import { z } from "zod";
import { listProviders, saveProvider, currentSystemPrompt, saveSystemPrompt, systemPromptHistory, testProvider } from "../src/services/ai-config";
import { aiProviderInput, systemPromptInput } from "../src/schemas/admin";
import { adminProcedure, router } from "./trpc";


export const adminRouter = router({
  ai: router({
    list: adminProcedure.query(({ ctx }) => listProviders(ctx.deps.db)),
    save: adminProcedure.input(aiProviderInput).mutation(({ ctx, input }) => saveProvider(ctx.deps, input)),
    test: adminProcedure.input(z.object({ provider: z.string() })).mutation(({ ctx, input }) => testProvider(ctx.deps, input.provider)),
  }),
  systemPrompt: router({
    current: adminProcedure.query(({ ctx }) => currentSystemPrompt(ctx.deps.db)),
    history: adminProcedure.query(({ ctx }) => systemPromptHistory(ctx.deps.db)),
    save: adminProcedure
      .input(systemPromptInput)
      .mutation(({ ctx, input }) => saveSystemPrompt(ctx.deps.db, ctx.session.user.id, input.content, input.changeDescription)),
  }),
});
