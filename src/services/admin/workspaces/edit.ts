/**
 * An admin's changes to one workspace (issue 17): the plan assigned by hand (a subscription row
 * without Stripe) and limits over the plan's (workspaces.limitOverrides). Either may pause or wake
 * agents, as a plan change does (billing/plan-limits.ts).
 */
import { eq } from "drizzle-orm";
import { workspaces } from "../../../../db/schema";
import { AppError } from "../../../lib/errors";
import type { AdminSetLimits, AdminSetPlan } from "../../../schemas/admin-workspaces";
import { changedFields, logActivity } from "../../activity";
import { applyAgentLimit } from "../../billing/plan-limits";
import { planById, switchPlan } from "../../billing/subscriptions";
import { type ServiceContext, withTransaction } from "../../context";
import { getWorkspacePlan } from "../../plans";

export const ADMIN_WS_MESSAGES = {
  notFound: "Workspace não encontrado",
  samePlan: "Este já é o plano atual do workspace",
  stripeManaged:
    "Este workspace tem uma assinatura paga ativa na Stripe. Cancele-a em /admin/pagamentos (ou peça ao dono que mude o plano pelo faturamento) antes de atribuir um plano manualmente.",
} as const;

async function workspaceRow(ctx: ServiceContext, id: string) {
  const [ws] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  if (!ws) throw new AppError("NOT_FOUND", ADMIN_WS_MESSAGES.notFound);
  return ws;
}

export async function adminSetWorkspacePlan(ctx: ServiceContext, adminId: string, input: AdminSetPlan) {
  const ws = await workspaceRow(ctx, input.workspaceId);
  const target = await planById(ctx.db, input.planId);
  return withTransaction(ctx.db, async (tx) => {
    const { plan: current, subscription } = await getWorkspacePlan(tx, ws.id);
    if (current.id === target.id) throw new AppError("CONFLICT", ADMIN_WS_MESSAGES.samePlan);
    // Stripe would keep billing the old plan and its next event would switch the plan back.
    if (subscription?.stripeSubscriptionId) throw new AppError("PRECONDITION_FAILED", ADMIN_WS_MESSAGES.stripeManaged);
    const { plan } = await switchPlan(tx, { workspaceId: ws.id, planId: target.id }, ctx.now());
    await logActivity(tx, ctx.meta, {
      userId: adminId,
      workspaceId: ws.id,
      action: "admin.workspace.plan",
      category: "admin",
      resourceType: "workspace",
      resourceId: ws.id,
      description: `Plano do workspace "${ws.name}" alterado de ${current.name} para ${plan.name} pela administração`,
      oldValues: { plan: current.name },
      newValues: { plan: plan.name },
    });
    return { planId: plan.id, planName: plan.name };
  });
}

export async function adminSetWorkspaceLimits(ctx: ServiceContext, adminId: string, input: AdminSetLimits) {
  const ws = await workspaceRow(ctx, input.workspaceId);
  const before = ws.limitOverrides ?? {};
  // uazapiInstances belongs to /admin/uazapi: kept as it is.
  const next = { ...before, maxAgents: input.maxAgents, maxMembers: input.maxMembers };
  return withTransaction(ctx.db, async (tx) => {
    await tx.update(workspaces).set({ limitOverrides: next, updatedAt: ctx.now() }).where(eq(workspaces.id, ws.id));
    const { plan } = await getWorkspacePlan(tx, ws.id);
    // A lower agent limit pauses the newest agents, a higher one wakes those a limit paused.
    const agents = await applyAgentLimit(tx, ws.id, plan.maxAgents, ctx.now());
    const { oldValues, newValues } = changedFields(
      { maxAgents: before.maxAgents ?? null, maxMembers: before.maxMembers ?? null },
      { maxAgents: next.maxAgents, maxMembers: next.maxMembers },
    );
    await logActivity(tx, ctx.meta, {
      userId: adminId,
      workspaceId: ws.id,
      action: "admin.workspace.limits",
      category: "admin",
      resourceType: "workspace",
      resourceId: ws.id,
      description: `Limites do workspace "${ws.name}" alterados pela administração`,
      oldValues,
      newValues,
      details: { pausedAgents: agents.paused, resumedAgents: agents.resumed },
    });
    return { overrides: { maxAgents: next.maxAgents, maxMembers: next.maxMembers }, ...agents };
  });
}
