import { z } from "zod";
import { agentIdParam, personalityPresets } from "../src/schemas/agents";
import { enabledModels, isOfflineMode } from "../src/services/ai-config";
import { createAgent, deleteAgent, getAgent, listAgents, toggleAgent, updateAgent } from "../src/services/agents";
import { createIntent, deleteIntent, listIntents, testIntent, updateIntent } from "../src/services/intents";
import { chatExternal } from "../src/services/web-chat";
import { router, workspaceProcedure } from "./trpc";

const byAgent = agentIdParam.extend({});
const anyBody = z.unknown();

const intentsRouter = router({
  list: workspaceProcedure.input(z.object({ agentId: z.uuid() })).query(({ ctx, input }) => listIntents(ctx.svc, ctx.workspace, input.agentId)),
  create: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), intent: anyBody }))
    .mutation(({ ctx, input }) => createIntent(ctx.svc, ctx.workspace, input.agentId, input.intent)),
  update: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), id: z.uuid(), intent: anyBody }))
    .mutation(({ ctx, input }) => updateIntent(ctx.svc, ctx.workspace, input.agentId, input.id, input.intent)),
  delete: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), id: z.uuid() }))
    .mutation(({ ctx, input }) => deleteIntent(ctx.svc, ctx.workspace, input.agentId, input.id)),
  /** Calls a webhook intent once with sample arguments; answers status, duration and the reply. */
  test: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), id: z.uuid() }))
    .mutation(({ ctx, input }) => testIntent(ctx.svc, ctx.workspace, input.agentId, input.id)),
});

/** Bodies are validated by the services' zod contracts (the same ones the forms use). */
export const agentsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listAgents(ctx.svc, ctx.workspace)),
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getAgent(ctx.deps.db, ctx.workspace, input.id)),
  create: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => createAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: workspaceProcedure
    .input(z.object({ id: z.uuid(), patch: anyBody }))
    .mutation(({ ctx, input }) => updateAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.patch)),
  toggle: workspaceProcedure
    .input(z.object({ id: z.uuid(), isActive: z.boolean() }))
    .mutation(({ ctx, input }) => toggleAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, { isActive: input.isActive })),
  delete: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => deleteAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  /** What the editor's "Modelo" section may offer, and whether the product runs offline. */
  models: workspaceProcedure.query(async ({ ctx }) => ({ offline: await isOfflineMode(ctx.deps), providers: await enabledModels(ctx.deps) })),
  presets: workspaceProcedure.query(() => personalityPresets),
  /** The editor's preview chat: the same runtime, nothing stored, credits charged like any turn. */
  preview: workspaceProcedure.input(z.object({ id: z.uuid(), chat: anyBody })).mutation(async ({ ctx, input }) => {
    await getAgent(ctx.deps.db, ctx.workspace, input.id);
    // An inactive agent can be tried out before it goes live.
    const result = await chatExternal(ctx.deps, ctx.meta, input.id, input.chat, { persist: false, allowInactive: true });
    return { response: result.reply, outcome: result.outcome, model: result.model, creditsMilli: result.creditsMilli };
  }),
  intents: intentsRouter,
});
