import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { userSubscriptions, workspaceMembers } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { type ScopeWith, forgetMemberships } from "../access";
import { logActivity } from "../activity";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { forgetUserSessions } from "../sessions";
import { eraseWorkspace } from "../workspace-erase";
import { relocateSessions, requireOwner, requireStillOwner } from "./members";

export const WORKSPACE_HAS_SUBSCRIPTION = "Este workspace tem uma assinatura paga ativa: cancele a renovação em Faturamento antes de excluí-lo.";

/**
 * Owner only, confirmed by typing the exact name. Every member's sessions move to another of
 * their workspaces first (so none points at a deleted one), then every row is erased. The audit
 * line carries no workspace id: it must outlive the workspace it describes.
 */
export async function deleteWorkspace(ctx: ServiceContext, scope: ScopeWith<"canManageSettings">, confirmName: string) {
  requireOwner(scope);
  if (confirmName.trim() !== scope.name.trim()) {
    throw new AppError("VALIDATION", "O nome digitado não confere com o nome do workspace", { field: "confirmName" });
  }
  // Stripe would keep charging a subscription whose workspace is gone: it is canceled in Faturamento first.
  const [billed] = await ctx.db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.workspaceId, scope.id),
        isNotNull(userSubscriptions.stripeSubscriptionId),
        inArray(userSubscriptions.status, ["active", "past_due"]),
        eq(userSubscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  if (billed) throw new AppError("PRECONDITION_FAILED", WORKSPACE_HAS_SUBSCRIPTION);
  const members = await ctx.db.select({ userId: workspaceMembers.userId }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, scope.id));
  let nextWorkspaceId: string | null = null;
  await withTransaction(ctx.db, async (tx) => {
    await requireStillOwner(tx, scope);
    for (const m of members) {
      const next = await relocateSessions(tx, m.userId, scope.id);
      if (m.userId === scope.ownerId) nextWorkspaceId = next;
    }
  });
  await eraseWorkspace(ctx, scope.id);
  await logActivity(ctx.db, ctx.meta, {
    userId: ctx.actor.type === "user" ? ctx.actor.userId : null,
    workspaceId: null,
    action: "workspace.delete",
    category: "workspace",
    resourceType: "workspace",
    resourceId: scope.id,
    description: `Workspace "${scope.name}" excluído com todos os seus dados`,
    oldValues: { name: scope.name, members: members.length },
  });
  forgetMemberships({ workspaceId: scope.id });
  for (const m of members) {
    forgetMemberships({ userId: m.userId });
    forgetUserSessions(m.userId);
  }
  return { nextWorkspaceId: nextWorkspaceId as string | null };
}
