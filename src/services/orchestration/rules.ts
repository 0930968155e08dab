import { and, eq } from "drizzle-orm";
import { channelRouters, orchestrationRules } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type RouterForm, type RoutingChannel, type RuleForm, WIDGET_NO_HUMAN } from "../../schemas/orchestration";
import type { EditorScope } from "../access";
import { enabledModels } from "../ai-config";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import { defaultRouter, routersOf } from "./crud";
import { agentsOfWorkspace, assertMembers, audit, memberIdsOf, orchestrationOf, touch } from "./shared";

const RULE_NOT_FOUND = "Regra não encontrada";

/** Both ends must be agents of this workspace (NOT_FOUND otherwise) and members of this orchestration. */
async function checkRule(ctx: ServiceContext, scope: EditorScope, orchestrationId: string, rule: RuleForm) {
  await orchestrationOf(ctx.db, scope.id, orchestrationId);
  await agentsOfWorkspace(ctx.db, scope.id, [rule.fromAgentId], "fromAgentId");
  await agentsOfWorkspace(ctx.db, scope.id, [rule.toAgentId], "toAgentId");
  const { ids } = await memberIdsOf(ctx.db, orchestrationId);
  assertMembers(ids, [rule.fromAgentId], "fromAgentId");
  assertMembers(ids, [rule.toAgentId], "toAgentId");
}

const ruleValues = (rule: RuleForm) => ({ ...rule, description: rule.description || null });

export async function createRule(ctx: ServiceContext, scope: EditorScope, userId: string, orchestrationId: string, rule: RuleForm) {
  await checkRule(ctx, scope, orchestrationId, rule);
  const [row] = await ctx.db.insert(orchestrationRules).values({ orchestrationId, workspaceId: scope.id, ...ruleValues(rule) }).returning();
  if (!row) throw new Error("rule insert returned nothing");
  await touch(ctx.db, orchestrationId, ctx.now());
  await audit(ctx, scope, userId, "orchestration.rule.create", orchestrationId, "Regra de encaminhamento criada", { newValues: { ruleId: row.id, ...rule } });
  return row;
}

async function ruleOf(ctx: ServiceContext, scope: EditorScope, orchestrationId: string, ruleId: string) {
  const [row] = await ctx.db
    .select()
    .from(orchestrationRules)
    .where(and(eq(orchestrationRules.id, ruleId), eq(orchestrationRules.orchestrationId, orchestrationId), eq(orchestrationRules.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  return row;
}

export async function updateRule(ctx: ServiceContext, scope: EditorScope, userId: string, orchestrationId: string, ruleId: string, rule: RuleForm) {
  await checkRule(ctx, scope, orchestrationId, rule);
  const before = await ruleOf(ctx, scope, orchestrationId, ruleId);
  const [row] = await ctx.db.update(orchestrationRules).set({ ...ruleValues(rule), updatedAt: ctx.now() }).where(eq(orchestrationRules.id, before.id)).returning();
  await touch(ctx.db, orchestrationId, ctx.now());
  await audit(ctx, scope, userId, "orchestration.rule.update", orchestrationId, "Regra de encaminhamento alterada", {
    oldValues: { priority: before.priority, conditions: before.conditions, conditionMode: before.conditionMode },
    newValues: { priority: rule.priority, conditions: rule.conditions, conditionMode: rule.conditionMode },
  });
  return row;
}

export async function deleteRule(ctx: ServiceContext, scope: EditorScope, userId: string, orchestrationId: string, ruleId: string) {
  await orchestrationOf(ctx.db, scope.id, orchestrationId);
  const before = await ruleOf(ctx, scope, orchestrationId, ruleId);
  await ctx.db.delete(orchestrationRules).where(eq(orchestrationRules.id, before.id));
  await touch(ctx.db, orchestrationId, ctx.now());
  await audit(ctx, scope, userId, "orchestration.rule.delete", orchestrationId, "Regra de encaminhamento excluída", { oldValues: { ruleId, fromAgentId: before.fromAgentId, toAgentId: before.toAgentId } });
  return { ok: true };
}

export async function getRouter(ctx: ServiceContext, scope: WorkspaceScope, orchestrationId: string, channel: RoutingChannel) {
  await orchestrationOf(ctx.db, scope.id, orchestrationId);
  return (await routersOf(ctx.db, orchestrationId)).find((r) => r.channel === channel) ?? defaultRouter(channel);
}

/** Saves one channel's router (missing fields keep their saved value, or the default). */
export async function updateRouter(ctx: ServiceContext, scope: EditorScope, userId: string, orchestrationId: string, channel: RoutingChannel, config: RouterForm) {
  if (channel === "widget" && config.lowConfidenceAction === "human") throw new AppError("VALIDATION", WIDGET_NO_HUMAN, { field: "lowConfidenceAction" });
  const before = await getRouter(ctx, scope, orchestrationId, channel);
  const targets = [config.defaultAgentId, ...(config.manualRules ?? []).map((m) => m.agentId)].filter((a): a is string => typeof a === "string");
  await agentsOfWorkspace(ctx.db, scope.id, targets, "defaultAgentId");
  const { ids } = await memberIdsOf(ctx.db, orchestrationId);
  assertMembers(ids, [config.defaultAgentId], "defaultAgentId");
  assertMembers(ids, (config.manualRules ?? []).map((m) => m.agentId), "manualRules");
  if (config.aiModel) {
    const offered = (await enabledModels(ctx)).some((p) => p.models.includes(config.aiModel ?? ""));
    if (!offered) throw new AppError("VALIDATION", "Modelo indisponível: escolha um dos modelos habilitados", { field: "aiModel" });
  }
  const { saved: _saved, channel: _c, ...base } = before;
  const next = { ...base, ...config };
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .insert(channelRouters)
      .values({ orchestrationId, workspaceId: scope.id, channel, ...next })
      .onConflictDoUpdate({ target: [channelRouters.orchestrationId, channelRouters.channel], set: { ...next, updatedAt: ctx.now() } });
    await touch(tx, orchestrationId, ctx.now());
  });
  await audit(ctx, scope, userId, "orchestration.router.update", orchestrationId, `Roteador do canal ${channel} alterado`, { oldValues: { ...base }, newValues: { ...next } });
  return getRouter(ctx, scope, orchestrationId, channel);
}
