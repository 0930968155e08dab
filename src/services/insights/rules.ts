import { and, desc, eq, lt, or } from "drizzle-orm";
import { agents, alertRules, conversations, sentimentAlerts } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { ALERT_RULE_KIND_LABEL, type AlertRuleInput } from "../../schemas/insights-api";
import type { EditorScope, InboxWriterScope } from "../access";
import { logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { ensureDefaultAlertRules } from "./alerts";

/** Alert rules CRUD and the alerts list (issue 18). Every read and write is filtered by the workspace. */
const RULE_NOT_FOUND = "Regra de alerta não encontrada";
const userOf = (ctx: ServiceContext) => (ctx.actor.type === "user" ? ctx.actor.userId : null);

/** An agent filter or target must be of the caller's workspace (NOT_FOUND otherwise). */
export async function assertAgent(ctx: ServiceContext, scope: WorkspaceScope, agentId: string | null | undefined) {
  if (!agentId) return;
  const [row] = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Agente não encontrado", { field: "agentId" });
}

export async function listAlertRules(ctx: ServiceContext, scope: WorkspaceScope) {
  await ensureDefaultAlertRules(ctx.db, scope.id, ctx.now());
  return ctx.db.select().from(alertRules).where(eq(alertRules.workspaceId, scope.id)).orderBy(alertRules.createdAt).limit(100);
}

const values = (r: AlertRuleInput) => ({
  name: r.name,
  agentId: r.agentId ?? null,
  kind: r.kind,
  threshold: r.kind === "consecutive_negative" || r.kind === "low_satisfaction" ? r.threshold : 0,
  keywords: r.kind === "keyword" ? r.keywords : [],
  cooldownMinutes: r.cooldownMinutes,
  triggerHandoff: r.triggerHandoff,
  notifyEmail: r.notifyEmail,
  isActive: r.isActive,
});

export async function createAlertRule(ctx: ServiceContext, scope: EditorScope, input: AlertRuleInput) {
  await assertAgent(ctx, scope, input.agentId);
  await ensureDefaultAlertRules(ctx.db, scope.id, ctx.now());
  const [row] = await ctx.db
    .insert(alertRules)
    .values({ ...values(input), workspaceId: scope.id })
    .returning();
  if (!row) throw new AppError("INTERNAL", "Não foi possível criar a regra");
  await logActivity(ctx.db, ctx.meta, {
    userId: userOf(ctx),
    workspaceId: scope.id,
    agentId: row.agentId,
    action: "alert_rule.created",
    category: "agent",
    resourceType: "alert_rule",
    resourceId: row.id,
    description: `Regra de alerta "${row.name}" criada (${ALERT_RULE_KIND_LABEL[row.kind]})`,
  });
  return row;
}

export async function updateAlertRule(ctx: ServiceContext, scope: EditorScope, id: string, input: AlertRuleInput) {
  await assertAgent(ctx, scope, input.agentId);
  const [row] = await ctx.db
    .update(alertRules)
    .set(values(input))
    .where(and(eq(alertRules.id, id), eq(alertRules.workspaceId, scope.id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  await logActivity(ctx.db, ctx.meta, {
    userId: userOf(ctx),
    workspaceId: scope.id,
    agentId: row.agentId,
    action: "alert_rule.updated",
    category: "agent",
    resourceType: "alert_rule",
    resourceId: row.id,
    description: `Regra de alerta "${row.name}" alterada`,
  });
  return row;
}

export async function deleteAlertRule(ctx: ServiceContext, scope: EditorScope, id: string) {
  const [row] = await ctx.db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.workspaceId, scope.id)))
    .returning({ id: alertRules.id, name: alertRules.name, agentId: alertRules.agentId });
  if (!row) throw new AppError("NOT_FOUND", RULE_NOT_FOUND);
  await logActivity(ctx.db, ctx.meta, {
    userId: userOf(ctx),
    workspaceId: scope.id,
    agentId: row.agentId,
    action: "alert_rule.deleted",
    category: "agent",
    resourceType: "alert_rule",
    resourceId: row.id,
    description: `Regra de alerta "${row.name}" excluída`,
  });
  return { deleted: true };
}

/** Newest first, keyset on (created_at, id) through sentiment_alerts_workspace_idx. */
export async function listAlerts(ctx: ServiceContext, scope: WorkspaceScope, input: { status?: "open" | "acknowledged" | null; agentId?: string | null; cursor?: string | null; limit: number }) {
  await assertAgent(ctx, scope, input.agentId);
  const [atRaw, afterId] = (input.cursor ?? "").split("_");
  const at = Number(atRaw);
  const rows = await ctx.db
    .select({
      id: sentimentAlerts.id,
      createdAt: sentimentAlerts.createdAt,
      status: sentimentAlerts.status,
      conversationId: sentimentAlerts.conversationId,
      agentId: sentimentAlerts.agentId,
      agentName: agents.name,
      clientName: conversations.clientName,
      contactKey: conversations.contactKey,
      ruleId: sentimentAlerts.ruleId,
      ruleName: alertRules.name,
      kind: alertRules.kind,
      details: sentimentAlerts.details,
      handoffId: sentimentAlerts.handoffId,
      acknowledgedAt: sentimentAlerts.acknowledgedAt,
    })
    .from(sentimentAlerts)
    .innerJoin(alertRules, eq(alertRules.id, sentimentAlerts.ruleId))
    .innerJoin(conversations, eq(conversations.id, sentimentAlerts.conversationId))
    .leftJoin(agents, eq(agents.id, sentimentAlerts.agentId))
    .where(
      and(
        eq(sentimentAlerts.workspaceId, scope.id),
        input.status ? eq(sentimentAlerts.status, input.status) : undefined,
        input.agentId ? eq(sentimentAlerts.agentId, input.agentId) : undefined,
        input.cursor && Number.isFinite(at) && afterId
          ? or(lt(sentimentAlerts.createdAt, at), and(eq(sentimentAlerts.createdAt, at), lt(sentimentAlerts.id, afterId)))
          : undefined,
      ),
    )
    .orderBy(desc(sentimentAlerts.createdAt), desc(sentimentAlerts.id))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > input.limit && last ? `${last.createdAt}_${last.id}` : null };
}

export async function acknowledgeAlert(ctx: ServiceContext, scope: InboxWriterScope, id: string) {
  const [row] = await ctx.db
    .update(sentimentAlerts)
    .set({ status: "acknowledged", acknowledgedAt: ctx.now(), acknowledgedByUserId: userOf(ctx) })
    .where(and(eq(sentimentAlerts.id, id), eq(sentimentAlerts.workspaceId, scope.id)))
    .returning({ id: sentimentAlerts.id, agentId: sentimentAlerts.agentId, conversationId: sentimentAlerts.conversationId });
  if (!row) throw new AppError("NOT_FOUND", "Alerta não encontrado");
  await logActivity(ctx.db, ctx.meta, {
    userId: userOf(ctx),
    workspaceId: scope.id,
    agentId: row.agentId,
    action: "sentiment_alert.acknowledged",
    category: "conversation",
    resourceType: "sentiment_alert",
    resourceId: row.id,
    description: "Alerta de sentimento reconhecido",
  });
  return { acknowledged: true };
}
