import {
  createOrchestrationInput,
  createRuleInput,
  listDecisionsInput,
  listOrchestrationsInput,
  orchestrationAgentInput,
  orchestrationRef,
  removeAgentInput,
  routerChannelRef,
  ruleRef,
  savePositionsInput,
  setAgentsInput,
  setEntryPointInput,
  updateOrchestrationInput,
  updateRouterInput,
  updateRuleInput,
} from "../src/schemas/orchestration";
import { createOrchestration, deleteOrchestration, getOrchestration, listOrchestrations, updateOrchestration } from "../src/services/orchestration/crud";
import { orchestrationDecisions, orchestrationCounters } from "../src/services/orchestration/decisions";
import { addAgent, removeAgent, savePositions, setAgents, setEntryPoint } from "../src/services/orchestration/members";
import { createRule, deleteRule, getRouter, updateRouter, updateRule } from "../src/services/orchestration/rules";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Writes need the same flag as editing an agent: an orchestration decides which agent answers. */
const edit = requirePermission("canEditAgents");

/** Orchestrations, their agents, rules and routers per channel; routing decisions and counters (issue 18). */
export const orchestrationsRouter = router({
  list: workspaceProcedure.input(listOrchestrationsInput).query(({ ctx, input }) => listOrchestrations(ctx.deps.db, ctx.workspace, input)),
  get: workspaceProcedure.input(orchestrationRef).query(({ ctx, input }) => getOrchestration(ctx.deps.db, ctx.workspace, input.id)),
  create: edit.input(createOrchestrationInput).mutation(({ ctx, input }) => createOrchestration(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: edit.input(updateOrchestrationInput).mutation(({ ctx, input }) => updateOrchestration(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.patch)),
  delete: edit.input(orchestrationRef).mutation(({ ctx, input }) => deleteOrchestration(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  setAgents: edit.input(setAgentsInput).mutation(({ ctx, input }) => setAgents(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  addAgent: edit.input(orchestrationAgentInput).mutation(({ ctx, input }) => addAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  removeAgent: edit.input(removeAgentInput).mutation(({ ctx, input }) => removeAgent(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  setEntryPoint: edit.input(setEntryPointInput).mutation(({ ctx, input }) => setEntryPoint(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  savePositions: edit.input(savePositionsInput).mutation(({ ctx, input }) => savePositions(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  rules: router({
    create: edit.input(createRuleInput).mutation(({ ctx, input }) => createRule(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.rule)),
    update: edit.input(updateRuleInput).mutation(({ ctx, input }) => updateRule(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.ruleId, input.rule)),
    delete: edit.input(ruleRef).mutation(({ ctx, input }) => deleteRule(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.ruleId)),
  }),
  routers: router({
    get: workspaceProcedure.input(routerChannelRef).query(({ ctx, input }) => getRouter(ctx.svc, ctx.workspace, input.id, input.channel)),
    update: edit.input(updateRouterInput).mutation(({ ctx, input }) => updateRouter(ctx.svc, ctx.workspace, ctx.session.user.id, input.id, input.channel, input.config)),
  }),
  decisions: workspaceProcedure.input(listDecisionsInput).query(({ ctx, input }) => orchestrationDecisions(ctx.deps.db, ctx.workspace, input)),
  counters: workspaceProcedure.input(orchestrationRef).query(({ ctx, input }) => orchestrationCounters(ctx.deps.db, ctx.workspace, input.id)),
});
