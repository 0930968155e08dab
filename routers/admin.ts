import { z } from "zod";
import { listProviders, saveProvider, currentSystemPrompt, saveSystemPrompt, systemPromptHistory, testProvider } from "../src/services/ai-config";
import { adminProcedure, router } from "./trpc";

const providerInput = z.object({
  provider: z.string().trim().toLowerCase().regex(/^[a-z0-9_-]{2,40}$/, "Identificador do provedor inválido"),
  displayName: z.string().trim().min(2, "Nome deve ter pelo menos 2 caracteres").max(60),
  apiKey: z.string().trim().max(500).nullable().optional(),
  baseUrl: z.url({ message: "URL inválida" }).nullable().optional(),
  isActive: z.boolean(),
  availableModels: z.array(z.string().trim().min(1).max(100)).max(100),
  selectedModels: z.array(z.string().trim().min(1).max(100)).max(100),
});

export const adminRouter = router({
  ai: router({
    list: adminProcedure.query(({ ctx }) => listProviders(ctx.deps.db)),
    save: adminProcedure.input(providerInput).mutation(({ ctx, input }) => saveProvider(ctx.deps, input)),
    test: adminProcedure.input(z.object({ provider: z.string() })).mutation(({ ctx, input }) => testProvider(ctx.deps, input.provider)),
  }),
  systemPrompt: router({
    current: adminProcedure.query(({ ctx }) => currentSystemPrompt(ctx.deps.db)),
    history: adminProcedure.query(({ ctx }) => systemPromptHistory(ctx.deps.db)),
    save: adminProcedure
      .input(z.object({ content: z.string().trim().min(20, "O prompt deve ter pelo menos 20 caracteres").max(20000), changeDescription: z.string().trim().max(500).nullable() }))
      .mutation(({ ctx, input }) => saveSystemPrompt(ctx.deps.db, ctx.session.user.id, input.content, input.changeDescription)),
  }),
});
