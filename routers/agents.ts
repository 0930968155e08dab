import {
  agentIdParam,
  agentRef,
  createAgentInput,
  createIntentInput,
  intentRef,
  personalityPresets,
  toggleAgentInput,
  updateAgentInput,
  updateIntentInput,
} from "../src/schemas/agents";
import { chatExternalInput } from "../src/schemas/public-chat";
import { enabledModels, isOfflineMode } from "../src/services/ai-config";
import { createAgent, deleteAgent, getAgent, listAgents, toggleAgent, updateAgent } from "../src/services/agents";
import { createIntent, deleteIntent, listIntents, testIntent, updateIntent } from "../src/services/intents";
import { previewAgent } from "../src/services/web-chat";
import { copyAgentInput } from "../src/schemas/workspace-admin";
import { copyAgentToWorkspace } from "../src/services/workspace-admin/agent-copy";
import { editorProcedure, requirePermission, router, workspaceProcedure } from "./trpc";


const intentsRouter = router({
  /** Any member: header values are never listed, only their names (hasValue). */
  list: workspaceProcedure.input(agentRef).query(({ ctx, input }) => listIntents(ctx.svc, ctx.workspace, input.agentId)),
  create: editorProcedure.input(createIntentInput).mutation(({ ctx, input }) => createIntent(ctx.svc, ctx.workspace, input.agentId, input.intent)),
  update: editorProcedure.input(updateIntentInput).mutation(({ ctx, input }) => updateIntent(ctx.svc, ctx.workspace, input.agentId, input.id, input.intent)),
  delete: editorProcedure.input(intentRef).mutation(({ ctx, input }) => deleteIntent(ctx.svc, ctx.workspace, input.agentId, input.id)),
  /** Calls a webhook intent once with sample arguments (its stored headers): answers status, duration and the reply. */
  test: editorProcedure.input(intentRef).mutation(({ ctx, input }) => testIntent(ctx.svc, ctx.workspace, input.agentId, input.id)),
});

export const agentsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listAgents(ctx.svc, ctx.workspace)),
  get: workspaceProcedure.input(agentIdParam).query(({ ctx, input }) => getAgent(ctx.deps.db, ctx.workspace, input.id)),
  create: requirePermission("canCreateAgents")
    .input(createAgentInput)
    .mutation(({ ctx, input }) => createAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: editorProcedure
    .input(agentIdParam.extend({ patch: updateAgentInput }))
    .mutation(({ ctx, input }) => updateAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.patch)),
  toggle: editorProcedure
    .input(agentIdParam.extend(toggleAgentInput.shape))
    .mutation(({ ctx, input }) => toggleAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input)),
  delete: requirePermission("canDeleteAgents")
    .input(agentIdParam)
    .mutation(({ ctx, input }) => deleteAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  /** What the editor's "Modelo" section may offer, and whether the product runs offline. */
  models: workspaceProcedure.query(async ({ ctx }) => ({ offline: await isOfflineMode(ctx.deps), providers: await enabledModels(ctx.deps) })),
  presets: workspaceProcedure.query(() => personalityPresets),
  /** The editor's preview chat (spends credits, so editors only). */
  preview: editorProcedure
    .input(agentIdParam.extend({ chat: chatExternalInput }))
    .mutation(({ ctx, input }) => previewAgent(ctx.deps, ctx.meta, ctx.workspace, input.id, input.chat)),
  intents: intentsRouter,
  /** Copy into another workspace of the caller (canCreateAgents there, checked by the service); secrets stay behind. */
  copyToWorkspace: editorProcedure
    .input(copyAgentInput)
    .mutation(({ ctx, input }) => copyAgentToWorkspace(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});
